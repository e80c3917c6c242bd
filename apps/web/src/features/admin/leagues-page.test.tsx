import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLeague } from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import { calls, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { enterDay } from '../../test/day-field';
import { league, mockAdminFetch, organiserMe, refusal } from './admin-fixtures';
import LeaguesPage from './leagues-page';
import { PALETTE } from '../../lib/brand-colors';
import { rgb } from '../../test/colours';

const LEAGUES: TLeague[] = [
  league({ id: 1, name: 'Liga Apertura', status: 'active', participants: 16 }),
  league({ id: 2, name: 'Liga Verano', status: 'upcoming', participants: 0, startDate: '2027-01-09' }),
  league({ id: 3, name: 'Liga Vieja', status: 'finished', participants: 8 }),
  league({ id: 4, name: 'Liga Ajena', storeId: 2, store: 'Torre de Cartas', canManage: false }),
];

type Routes = Record<string, MockHandler | MockReply | MockReply[]>;

function renderPage(routes: Routes = {}) {
  const fetchMock = mockAdminFetch(organiserMe, { 'GET /api/leagues': { body: LEAGUES }, ...routes });
  renderRoutes(<LeaguesPage />, { path: '/admin/leagues' });
  return { fetchMock, user: userEvent.setup() };
}

/** The page behind stays hidden from assistive tech until the dialog has finished closing. */
async function dialogClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

async function fillLeague(user: ReturnType<typeof userEvent.setup>, name: string) {
  const dialog = screen.getByRole('dialog');
  const nameField = within(dialog).getByLabelText(/Nombre de la Liga/);
  await user.clear(nameField);
  await user.type(nameField, name);
  await user.click(within(dialog).getByRole('combobox', { name: /Tienda/ }));
  await user.click(await screen.findByRole('option', { name: 'Dragón Dorado' }));
  await enterDay(/Fecha de Inicio/, '06/03/2027', dialog);
}

const total = (n: number) => screen.findByText(`Total: ${n} ligas`);

describe('Gestión de Ligas', () => {
  it('lists the leagues with their total, status chips and store logos', async () => {
    renderPage();
    await total(4);
    const table = screen.getByRole('table', { name: 'Ligas' });
    for (const header of ['Liga', 'Tienda', 'Fecha de Inicio', 'Estado', 'Participantes', 'Acciones'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Liga Apertura/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['Liga Apertura', 'Dragón Dorado', '07/03/2026', 'Activa', '16']);
    // Activa in the success colour (set on the chip itself: PaletteChip).
    const active = within(row).getByText('Activa').closest('.MuiChip-root') as HTMLElement;
    expect(active.style.backgroundColor).toBe(rgb(PALETTE.success));
    expect(row.querySelector('img')).toHaveAttribute('src', '/api/stores/1/logo?v=1');
    expect(
      within(screen.getByRole('row', { name: /Liga Verano/ })).getByText('Próximamente'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /Liga Vieja/ })).getByText('Finalizada'),
    ).toBeInTheDocument();
  });

  it('offers edit, delete and finish only where the caller may manage, finish only while running', async () => {
    renderPage();
    await total(4);
    expect(screen.getByRole('button', { name: 'Participantes de Liga Ajena' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Liga Ajena' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar Liga Ajena' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalizar Liga Ajena' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar Liga Apertura' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar Liga Apertura' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalizar Liga Verano' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finalizar Liga Vieja' })).not.toBeInTheDocument();
  });

  it('says when the leagues could not load', async () => {
    renderPage({ 'GET /api/leagues': refusal(500, 'x') });
    expect(await screen.findByText(MSG.loadError)).toBeInTheDocument();
  });

  it('refuses an incomplete league inside the dialog, clears the message once fixed, and resets on close', async () => {
    const { user, fetchMock } = renderPage();
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva Liga' });
    await user.type(within(dialog).getByLabelText(/Nombre de la Liga/), 'Liga sin tienda');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Liga' }));
    expect(within(dialog).getByText(MSG.fillAllFields)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/leagues');
    await fillLeague(user, 'Liga completa');
    expect(within(dialog).queryByText(MSG.fillAllFields)).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('dialog', { name: 'Nueva Liga' })).toBe(dialog);
    await dialogClosed();
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    const reopened = screen.getByRole('dialog', { name: 'Nueva Liga' });
    expect(within(reopened).getByLabelText(/Nombre de la Liga/)).toHaveValue('');
  });

  it('offers only the stores the organiser runs', async () => {
    const { user } = renderPage();
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('combobox', { name: /Tienda/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Dragón Dorado']);
  });

  it('creates a league, shows the success for 3 s, and the list refetches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const created = league({ id: 5, name: 'Liga de Otoño', status: 'upcoming', participants: 0 });
    const sent: unknown[] = [];
    mockAdminFetch(organiserMe, {
      'GET /api/leagues': [{ body: LEAGUES }, { body: [created, ...LEAGUES] }],
      'POST /api/leagues': ({ body }) => {
        sent.push(body);
        return { status: 201, body: created };
      },
    });
    renderRoutes(<LeaguesPage />, { path: '/admin/leagues' });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    await fillLeague(user, ' Liga de Otoño ');
    await user.click(screen.getByRole('button', { name: 'Crear Liga' }));
    await dialogClosed();
    expect(sent).toEqual([{ name: 'Liga de Otoño', storeId: 1, startDate: '2027-03-06' }]);
    expect(screen.getByText(MSG.leagueCreated)).toBeInTheDocument();
    await total(5);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText(MSG.leagueCreated)).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { user } = renderPage({ 'POST /api/leagues': refusal(409, MSG.storeInactive) });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Nueva Liga' }));
    await fillLeague(user, 'Liga nueva');
    await user.click(screen.getByRole('button', { name: 'Crear Liga' }));
    const dialog = screen.getByRole('dialog', { name: 'Nueva Liga' });
    expect(await within(dialog).findByText(MSG.storeInactive)).toBeInTheDocument();
  });

  it('edits a league in the Editar Liga dialog', async () => {
    const sent: unknown[] = [];
    const { user } = renderPage({
      'PUT /api/leagues/1': ({ body }) => {
        sent.push(body);
        return { body: LEAGUES[0] };
      },
    });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Editar Liga Apertura' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar Liga' });
    expect(within(dialog).getByLabelText(/Nombre de la Liga/)).toHaveValue('Liga Apertura');
    await fillLeague(user, 'Liga Apertura 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await dialogClosed();
    expect(screen.getByText(MSG.leagueUpdated)).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Liga Apertura 2027', storeId: 1, startDate: '2027-03-06' }]);
  });

  it('deletes without asking, and Deshacer restores it', async () => {
    const { user, fetchMock } = renderPage({
      'DELETE /api/leagues/2': { body: { success: true } },
      'POST /api/leagues/2/restore': { body: LEAGUES[1] },
    });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Eliminar Liga Verano' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const alert = await screen.findByText(MSG.leagueDeleted);
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Deshacer' }),
    );
    expect(await screen.findByText(MSG.leagueRestored)).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(
      expect.arrayContaining(['DELETE /api/leagues/2', 'POST /api/leagues/2/restore']),
    );
  });

  it('keeps Deshacer for the 30 s the server allows, then the message goes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockAdminFetch(organiserMe, {
      'GET /api/leagues': { body: LEAGUES },
      'DELETE /api/leagues/2': { body: { success: true } },
    });
    renderRoutes(<LeaguesPage />, { path: '/admin/leagues' });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Eliminar Liga Verano' }));
    await screen.findByText(MSG.leagueDeleted);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(27_000);
    });
    expect(screen.queryByText(MSG.leagueDeleted)).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("shows the server's refusal of a league with results, and of a late undo", async () => {
    const { user } = renderPage({
      'DELETE /api/leagues/1': refusal(409, MSG.leagueHasResults),
      'DELETE /api/leagues/2': { body: { success: true } },
      'POST /api/leagues/2/restore': refusal(409, MSG.leagueUndoExpired),
    });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Eliminar Liga Apertura' }));
    expect(await screen.findByText(MSG.leagueHasResults)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eliminar Liga Verano' }));
    await user.click(await screen.findByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText(MSG.leagueUndoExpired)).toBeInTheDocument();
  });

  it('closes the success alert on demand', async () => {
    const { user } = renderPage({ 'DELETE /api/leagues/2': { body: { success: true } } });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Eliminar Liga Verano' }));
    await screen.findByText(MSG.leagueDeleted);
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByText(MSG.leagueDeleted)).not.toBeInTheDocument();
  });

  it('finishes a running league after asking', async () => {
    const { user, fetchMock } = renderPage({
      'POST /api/leagues/1/finish': { body: { ...LEAGUES[0], status: 'finished' } },
    });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Finalizar Liga Apertura' }));
    const dialog = screen.getByRole('dialog', { name: '¿Finalizar Liga Apertura?' });
    expect(calls(fetchMock)).not.toContain('POST /api/leagues/1/finish');
    await user.click(within(dialog).getByRole('button', { name: 'Finalizar' }));
    expect(await screen.findByText('Liga finalizada exitosamente')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('POST /api/leagues/1/finish');
  });

  it('shows the participants; the organiser adds one through the search and removes another', async () => {
    const added: unknown[] = [];
    const { user, fetchMock } = renderPage({
      'GET /api/leagues/1/participants': [
        { body: [{ id: 7, username: 'lucia', torCode: 'TOR007' }] },
        {
          body: [
            { id: 7, username: 'lucia', torCode: 'TOR007' },
            { id: 8, username: 'beto', torCode: null },
          ],
        },
        { body: [{ id: 8, username: 'beto', torCode: null }] },
      ],
      'POST /api/leagues/1/participants': ({ body }) => {
        added.push(body);
        return { body: [] };
      },
      'DELETE /api/leagues/1/participants/7': { body: [] },
    });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Participantes de Liga Apertura' }));
    const dialog = screen.getByRole('dialog', { name: 'Participantes de Liga Apertura' });
    expect(await within(dialog).findByText('lucia')).toBeInTheDocument();
    expect(within(dialog).getByText('TOR007')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('combobox', { name: 'Agregar jugador' }), 'bet');
    await user.click(await screen.findByRole('option', { name: /beto/ }));
    expect(await within(dialog).findByText('beto')).toBeInTheDocument();
    expect(added).toEqual([{ userId: 8 }]);
    await user.click(within(dialog).getByRole('button', { name: 'Quitar a lucia' }));
    await waitFor(() => expect(within(dialog).queryByText('lucia')).not.toBeInTheDocument());
    expect(calls(fetchMock)).toContain('DELETE /api/leagues/1/participants/7');
  });

  it("shows a league it does not run without add or remove, and the server's refusals in the dialog", async () => {
    const { user } = renderPage({
      'GET /api/leagues/4/participants': { body: [{ id: 7, username: 'lucia', torCode: null }] },
      'GET /api/leagues/1/participants': { body: [] },
      'POST /api/leagues/1/participants': refusal(409, MSG.leagueParticipantTaken),
    });
    await total(4);
    await user.click(screen.getByRole('button', { name: 'Participantes de Liga Ajena' }));
    let dialog = screen.getByRole('dialog', { name: 'Participantes de Liga Ajena' });
    await within(dialog).findByText('lucia');
    expect(within(dialog).queryByRole('combobox', { name: 'Agregar jugador' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Quitar a lucia' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await dialogClosed();

    await user.click(screen.getByRole('button', { name: 'Participantes de Liga Apertura' }));
    dialog = screen.getByRole('dialog', { name: 'Participantes de Liga Apertura' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Agregar jugador' }), 'bet');
    await user.click(await screen.findByRole('option', { name: /beto/ }));
    expect(await within(dialog).findByText(MSG.leagueParticipantTaken)).toBeInTheDocument();
  });

  it('shows each league as a card with the same fields on a phone', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: true,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        onchange: null,
        dispatchEvent: () => false,
      })),
    );
    renderPage();
    await total(4);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Ligas' }))
      .getAllByRole('listitem')
      .find((item) => within(item).queryByText('Liga Verano'))!;
    expect(within(card).getByText('Próximamente')).toBeInTheDocument();
    expect(
      within(card)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Fecha de Inicio', 'Participantes']);
    expect(within(card).getByText('09/01/2027')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Eliminar Liga Verano' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});
