import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAdminPlayer } from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import { calls, type MockHandler } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { adminRoutes } from './routes';
import { adminMe, mockAdminFetch, organiserMe, playerMe, refusal } from './admin-fixtures';
import { TIMINGS } from '../../lib/ui-constants';

function renderAdmin(path: string) {
  return renderRoutes(
    [
      { path: '/admin', children: adminRoutes },
      { path: '/', element: <LocationProbe label="inicio" /> },
    ],
    { entries: [path] },
  );
}

const SUMMARY = { tournamentsInProgress: 0, matchesToday: 12, pendingReports: 3 };

describe('the role check of /admin', () => {
  it.each(['/admin', '/admin/players', '/admin/results', '/admin/leagues', '/admin/seasons'])(
    'tells a player without stores at %s that the administration is not theirs, with the way home',
    async (path) => {
      const fetchMock = mockAdminFetch(playerMe);
      renderAdmin(path);
      expect(
        await screen.findByRole('heading', { name: 'No tienes acceso a la administración' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Volver a Inicio' })).toHaveAttribute('href', '/');
      expect(
        calls(fetchMock).some((c) => c.startsWith('GET /api/admin') || c.startsWith('GET /api/leagues')),
      ).toBe(false);
    },
  );

  it('opens the panel to a store organiser', async () => {
    mockAdminFetch(organiserMe, { 'GET /api/admin/summary': { body: SUMMARY } });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Panel de Administración' })).toBeInTheDocument();
    expect(screen.queryByText('No tienes acceso a la administración')).not.toBeInTheDocument();
  });

  it('says so when the check itself fails, with a retry', async () => {
    mockAdminFetch(organiserMe, {
      'GET /api/community/me': [refusal(500, 'x'), { body: organiserMe }],
      'GET /api/admin/summary': { body: SUMMARY },
    });
    renderAdmin('/admin');
    expect(await screen.findByText(MSG.loadError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Panel de Administración' })).toBeInTheDocument();
  });
});

describe('Panel de Administración', () => {
  it("shows the server's three counters and the entries; Temporadas only for admins", async () => {
    mockAdminFetch(organiserMe, { 'GET /api/admin/summary': { body: SUMMARY } });
    renderAdmin('/admin');
    await waitFor(() =>
      expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['0', '12', '3']),
    );
    expect(screen.getAllByRole('term').map((d) => d.textContent)).toEqual([
      'Torneos en curso',
      'Partidas de hoy',
      'Reportes pendientes',
    ]);
    expect(screen.getByRole('link', { name: /Jugadores/ })).toHaveAttribute('href', '/admin/players');
    expect(screen.getByRole('link', { name: /Resultados/ })).toHaveAttribute('href', '/admin/results');
    expect(screen.getByRole('link', { name: /Ligas/ })).toHaveAttribute('href', '/admin/leagues');
    expect(screen.queryByRole('link', { name: /Temporadas/ })).not.toBeInTheDocument();
  });

  it('offers Temporadas to an admin', async () => {
    mockAdminFetch(adminMe, { 'GET /api/admin/summary': { body: SUMMARY } });
    renderAdmin('/admin');
    expect(await screen.findByRole('link', { name: /Temporadas/ })).toHaveAttribute('href', '/admin/seasons');
  });

  it('says when the counters could not load, and retries', async () => {
    mockAdminFetch(organiserMe, { 'GET /api/admin/summary': [refusal(500, 'x'), { body: SUMMARY }] });
    renderAdmin('/admin');
    expect(await screen.findByText(MSG.loadError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() =>
      expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['0', '12', '3']),
    );
  });
});

function player(id: number, name: string, overrides: Partial<TAdminPlayer> = {}): TAdminPlayer {
  return {
    id,
    name,
    torCode: `TOR${String(id).padStart(3, '0')}`,
    role: 'player',
    placeholder: false,
    createdAt: '2026-03-14T15:00:00.000Z',
    ...overrides,
  };
}

const PLAYERS = [
  player(1, 'ana', { role: 'admin' }),
  player(2, 'beto', { role: 'judge' }),
  player(3, 'Carla_Ruiz', { placeholder: true, torCode: 'TOR016' }),
];

/** GET /api/admin/players: by name or TOR code, 20 a page, 45 players in all when asked for everyone. */
const playerPages: MockHandler = ({ url }) => {
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const page = Number(url.searchParams.get('page') ?? 1);
  const rows = q
    ? PLAYERS.filter((p) => p.name.toLowerCase().includes(q) || p.torCode?.toLowerCase().includes(q))
    : page === 1
      ? PLAYERS
      : [player(40, 'en_la_pagina_dos')];
  return { body: { total: q ? rows.length : 45, page, pageSize: 20, rows } };
};

describe('Jugadores', () => {
  /** Jugadores as an organiser, the list drawn and its page 2 chosen and shown. */
  const openPageTwo = async () => {
    const user = userEvent.setup();
    const fetchMock = mockAdminFetch(organiserMe, { 'GET /api/admin/players': playerPages });
    renderAdmin('/admin/players');
    await screen.findByRole('table', { name: 'Jugadores registrados' });
    await user.click(screen.getByRole('button', { name: 'Ir a la página 2' }));
    expect(await screen.findByText('en_la_pagina_dos')).toBeInTheDocument();
    return { user, fetchMock };
  };
  const nameField = () => screen.getByRole('textbox', { name: /Nombre/ });
  const torField = () =>
    within(screen.getByRole('form', { name: 'Agregar jugador' })).getByLabelText(/Código TOR/);
  const addButton = () => screen.getByRole('button', { name: 'Agregar Jugador' });

  it('asks for both fields before sending anything', async () => {
    const user = userEvent.setup();
    const fetchMock = mockAdminFetch(organiserMe, { 'GET /api/admin/players': playerPages });
    renderAdmin('/admin/players');
    await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Ana');
    await user.type(torField(), '   ');
    await user.click(addButton());
    expect(screen.getByText(MSG.fillAllFields)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/admin/players');
  });

  it("shows the server's refusal in Spanish", async () => {
    const user = userEvent.setup();
    mockAdminFetch(organiserMe, {
      'GET /api/admin/players': playerPages,
      'POST /api/admin/players': refusal(409, MSG.torCodeTaken),
    });
    renderAdmin('/admin/players');
    await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), 'Ana');
    await user.type(torField(), 'TOR001');
    await user.click(addButton());
    expect(await screen.findByText(MSG.torCodeTaken)).toBeInTheDocument();
    expect(nameField()).toHaveValue('Ana');
  });

  it('adds the player, shows the invitation code once with a copy button, and the success for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const posted: unknown[] = [];
    mockAdminFetch(organiserMe, {
      'GET /api/admin/players': playerPages,
      'POST /api/admin/players': ({ body }) => {
        posted.push(body);
        return {
          status: 201,
          body: { player: player(50, 'Ana_Paz', { placeholder: true }), invitationCode: 'K7Q2-M9XD-3FPA' },
        };
      },
    });
    renderAdmin('/admin/players');
    await user.type(await screen.findByRole('textbox', { name: /Nombre/ }), ' Ana Paz ');
    await user.type(torField(), 'tor050');
    await user.click(addButton());

    const dialog = await screen.findByRole('dialog', { name: 'Jugador agregado' });
    expect(posted).toEqual([{ name: 'Ana Paz', torCode: 'tor050' }]);
    expect(
      within(dialog).getByText((_, el) =>
        el?.tagName === 'P'
          ? el.textContent ===
            'Código de invitación: K7Q2-M9XD-3FPA — entrégaselo al jugador para que lo use al registrarse'
          : false,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe('K7Q2-M9XD-3FPA');
    expect(within(dialog).getByText('Código copiado')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Jugador agregado exitosamente')).toBeInTheDocument();
    expect(nameField()).toHaveValue('');

    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Jugador agregado exitosamente')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('lists the players with their TOR code, role, date and a Sin cuenta chip for placeholders', async () => {
    mockAdminFetch(organiserMe, { 'GET /api/admin/players': playerPages });
    renderAdmin('/admin/players');
    const table = await screen.findByRole('table', { name: 'Jugadores registrados' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Jugador', 'Código TOR', 'Rol', 'Alta', 'Acciones']);
    const cells = (name: string) =>
      within(screen.getByRole('row', { name: new RegExp(name) }))
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent);
    expect(cells('beto')).toEqual(['beto', 'TOR002', 'Juez', '14/03/2026']);
    expect(cells('ana')).toEqual(['ana', 'TOR001', 'Administrador', '14/03/2026']);
    expect(cells('Carla_Ruiz')).toEqual(['Carla_RuizSin cuenta', 'TOR016', 'Jugador', '14/03/2026']);
    expect(
      within(screen.getByRole('row', { name: /beto/ })).queryByText('Sin cuenta'),
    ).not.toBeInTheDocument();
  });

  it('searches by name or TOR code on the server and pages through the list', async () => {
    const { user, fetchMock } = await openPageTwo();
    expect(calls(fetchMock)).toContain('GET /api/admin/players?page=2&pageSize=20');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar jugador' }), 'tor016');
    // On a slow machine the debounce may also fire for part of the text: wait for the whole one.
    await waitFor(() =>
      expect(calls(fetchMock)).toContain('GET /api/admin/players?q=tor016&page=1&pageSize=20'),
    );
    await waitFor(() => expect(screen.queryByText('beto')).not.toBeInTheDocument());
    expect(screen.getByText('Carla_Ruiz')).toBeInTheDocument();
    expect(screen.queryByText('en_la_pagina_dos')).not.toBeInTheDocument();
  });

  it('keeps the page chosen before the search box’s delay has passed (a slow phone)', async () => {
    // The search's delays are held until the test lets them run: page 2 is chosen before them.
    const held = new Map<number, () => void>();
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    let nextId = 1_000_000;
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
      run: () => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      if (ms !== TIMINGS.searchDebounceMs) return realSetTimeout(run, ms, ...rest);
      held.set(++nextId, run);
      return nextId;
    }) as typeof setTimeout);
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id?: number) => {
      if (id !== undefined && held.delete(id)) return;
      realClearTimeout(id);
    }) as typeof clearTimeout);
    try {
      const { fetchMock } = await openPageTwo();
      act(() => {
        for (const run of held.values()) run();
        held.clear();
      });
      expect(screen.getByText('en_la_pagina_dos')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
      expect(calls(fetchMock).filter((c) => c.startsWith('GET /api/admin/players'))).toEqual([
        'GET /api/admin/players?page=1&pageSize=20',
        'GET /api/admin/players?page=2&pageSize=20',
      ]);
    } finally {
      setTimeoutSpy.mockRestore();
      clearTimeoutSpy.mockRestore();
    }
  });

  it('lets an organiser edit only players without an account, and never the role', async () => {
    const user = userEvent.setup();
    const patched: unknown[] = [];
    mockAdminFetch(organiserMe, {
      'GET /api/admin/players': playerPages,
      'PATCH /api/admin/players/3': ({ body }) => {
        patched.push(body);
        return { body: player(3, 'Carla_Ruiz_Paz', { placeholder: true }) };
      },
    });
    renderAdmin('/admin/players');
    await screen.findByRole('table', { name: 'Jugadores registrados' });
    expect(screen.queryByRole('button', { name: 'Editar beto' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Editar Carla_Ruiz' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Jugador' });
    expect(within(dialog).queryByRole('combobox', { name: 'Rol' })).not.toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Nombre/ });
    await user.clear(name);
    await user.type(name, 'Carla_Ruiz_Paz');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Jugador actualizado exitosamente')).toBeInTheDocument();
    expect(patched).toEqual([{ name: 'Carla_Ruiz_Paz', torCode: 'TOR016' }]);
  });

  it('lets an admin edit anyone and change the role; a taken TOR code is said in the dialog', async () => {
    const user = userEvent.setup();
    mockAdminFetch(adminMe, {
      'GET /api/admin/players': playerPages,
      'PATCH /api/admin/players/2': [
        refusal(409, MSG.torCodeTaken),
        { body: player(2, 'beto', { role: 'tournament_admin' }) },
      ],
    });
    const fetchMock = vi.mocked(fetch);
    renderAdmin('/admin/players');
    await user.click(await screen.findByRole('button', { name: 'Editar beto' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Jugador' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Rol' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Jugador',
      'Juez',
      'Organizador de torneos',
      'Administrador',
    ]);
    await user.click(screen.getByRole('option', { name: 'Organizador de torneos' }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await within(dialog).findByText(MSG.torCodeTaken)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Jugador actualizado exitosamente')).toBeInTheDocument();
    const bodies = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toEqual({ name: 'beto', torCode: 'TOR002', role: 'tournament_admin' });
  });

  it('asks for the name in the edit dialog', async () => {
    const user = userEvent.setup();
    const fetchMock = mockAdminFetch(adminMe, { 'GET /api/admin/players': playerPages });
    renderAdmin('/admin/players');
    await user.click(await screen.findByRole('button', { name: 'Editar beto' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Jugador' });
    await user.clear(within(dialog).getByRole('textbox', { name: /Nombre/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    expect(within(dialog).getByText(MSG.fillAllFields)).toBeInTheDocument();
    expect(calls(fetchMock).some((c) => c.startsWith('PATCH'))).toBe(false);
  });
});
