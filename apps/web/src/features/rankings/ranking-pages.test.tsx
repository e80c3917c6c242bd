import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  LOGO_MAX_BYTES,
  type TLeague,
  type TRanking,
  type TRankingRow,
  type TSeason,
  type TStore,
} from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import { calls, mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import { renderRoutes } from '../../test/render';
import { PALETTE } from '../../lib/brand-colors';
import { rankingRoutes } from './routes';
import { currentSeason, pastSeason } from '../../test/community-fixtures';

type Routes = Record<string, MockHandler | MockReply | MockReply[]>;

const store = (id: number, name: string, neighborhood: string, over: Partial<TStore> = {}): TStore => ({
  id,
  name,
  location: { neighborhood, city: 'Buenos Aires' },
  address: null,
  active: true,
  logoUrl: `/api/stores/${id}/logo?v=1`,
  organisers: [],
  ...over,
});
const STORES = [
  store(1, 'Dragón Dorado Games', 'Palermo'),
  store(4, 'El Bastión TCG', 'San Telmo', { logoUrl: null, organisers: [{ id: 7, username: 'lucia' }] }),
];
const SEASONS: TSeason[] = [currentSeason, pastSeason];
const ME = { seesAdmin: false, isAdmin: false, organises: [], usualStores: [] };
const ADMIN_ME = { ...ME, seesAdmin: true, isAdmin: true };
const ORGANISER_ME = { ...ME, seesAdmin: true, organises: [{ id: 4, name: 'El Bastión TCG' }] };

const row = (position: number, name = `jugador${position}`): TRankingRow => ({
  position,
  userId: 100 + position,
  name,
  torCode: `TOR${String(position).padStart(3, '0')}`,
  matches: 10,
  wins: 5,
  points: 5000 - position * 10,
  rank: { level: 4, name: 'Dragón de Fuego' },
  rating: position === 3 ? null : 1200 - position * 10,
  ratingProvisional: position === 2,
});

function ranking(over: Partial<TRanking> = {}): TRanking {
  return {
    season: SEASONS[0]!,
    storeId: null,
    sort: 'points',
    total: 3,
    page: 1,
    pageSize: 50,
    rows: [row(1, 'lucia'), row(2, 'mateo'), row(3, 'carla')],
    ...over,
  };
}

/** GET /api/rankings answering the page asked for, out of `total` rows. */
const pagedRanking =
  (total: number): MockHandler =>
  ({ url }) => {
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('pageSize'));
    const first = (page - 1) * size + 1;
    const count = Math.max(0, Math.min(size, total - first + 1));
    return {
      body: ranking({
        total,
        page,
        pageSize: size,
        rows: Array.from({ length: count }, (_, i) => row(first + i)),
      }),
    };
  };

function setup(routes: Routes = {}) {
  const Socket = stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/community/me': { body: ME },
    'GET /api/seasons': { body: SEASONS },
    'GET /api/stores': { body: STORES },
    'GET /api/stores/1': { body: STORES[0] },
    'GET /api/stores/4': { body: STORES[1] },
    'GET /api/stores/99': {
      status: 404,
      body: { success: false, error: MSG.storeNotFound, message: MSG.storeNotFound },
    },
    'GET /api/rankings': { body: ranking() },
    'GET /api/leagues': { body: [] },
    ...routes,
  });
  return { fetchMock, Socket };
}

function renderAt(path: string) {
  return renderRoutes([{ path: '/torneos', children: rankingRoutes }], { entries: [path] });
}

const rankingCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  calls(fetchMock).filter((c) => c.startsWith('GET /api/rankings'));

let observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Torneos hub', () => {
  it('offers Ranking General, Ranking por Tienda and Metagame', async () => {
    setup();
    renderAt('/torneos');
    expect(await screen.findByRole('link', { name: /Ranking General/ })).toHaveAttribute(
      'href',
      '/torneos/general',
    );
    expect(screen.getByRole('link', { name: /Ranking por Tienda/ })).toHaveAttribute(
      'href',
      '/torneos/tiendas',
    );
    expect(screen.getByRole('link', { name: /Metagame/ })).toHaveAttribute('href', '/metagame');
  });
});

describe('Ranking General', () => {
  it('shows the current season from the server: positions, TOR codes, ranks, no store column', async () => {
    const { fetchMock } = setup();
    renderAt('/torneos/general');
    const table = await screen.findByRole('table', { name: 'Ranking General' });
    // The subtitle, and the season selector's choice.
    expect(screen.getAllByText('Temporada Actual')).toHaveLength(2);
    // In the theme's secondary text colour: MUI 9 ignores a color="text.secondary" prop.
    expect(
      screen.getByText('Ranking actualizado con los resultados de todos los torneos de la temporada'),
    ).toHaveStyle({ color: PALETTE.text.secondary });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('lucia')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('TOR001')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Dragón de Fuego')).toBeInTheDocument();
    expect(rows.map((r) => r.getAttribute('data-tint'))).toEqual(['gold', 'silver', 'bronze']);
    expect(within(table).queryByRole('columnheader', { name: 'Tienda' })).not.toBeInTheDocument();
    expect(rankingCalls(fetchMock)).toEqual(['GET /api/rankings?page=1&pageSize=50']);
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/torneos');
  });

  it("shows each player's season Mitos Rating, Provisional while young, and a dash without one", async () => {
    setup();
    renderAt('/torneos/general');
    const table = await screen.findByRole('table', { name: 'Ranking General' });
    expect(within(table).getByRole('columnheader', { name: 'Mitos Rating' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').at(-1)).toHaveTextContent(/^1190$/);
    expect(within(rows[1]!).getAllByRole('cell').at(-1)).toHaveTextContent('1180Provisional');
    expect(within(rows[2]!).getAllByRole('cell').at(-1)).toHaveTextContent('Sin rating');
  });

  it('sorts by Puntos by default and by Mitos Rating when asked (sort=rating)', async () => {
    const byRating = ranking({ sort: 'rating', rows: [row(1, 'carla'), row(2, 'lucia'), row(3, 'mateo')] });
    const { fetchMock } = setup({
      'GET /api/rankings': ({ url }) => ({
        body: url.searchParams.get('sort') === 'rating' ? byRating : ranking(),
      }),
    });
    renderAt('/torneos/general');
    await screen.findByRole('table', { name: 'Ranking General' });
    const order = screen.getByRole('group', { name: 'Ordenar por' });
    expect(within(order).getByRole('button', { name: 'Puntos' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(order).getByRole('button', { name: 'Mitos Rating' }));
    expect(within(order).getByRole('button', { name: 'Mitos Rating' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() =>
      expect(rankingCalls(fetchMock)).toContain('GET /api/rankings?page=1&pageSize=50&sort=rating'),
    );
    const firstRow = async () =>
      within(await screen.findByRole('table', { name: 'Ranking General' })).getAllByRole('row')[1]!;
    await waitFor(async () => expect(within(await firstRow()).getByText('carla')).toBeInTheDocument());
    await userEvent.click(within(order).getByRole('button', { name: 'Puntos' }));
    await waitFor(async () => expect(within(await firstRow()).getByText('lucia')).toBeInTheDocument());
  });

  it('offers Temporada Actual first, then the past seasons, and shows the one chosen', async () => {
    const { fetchMock } = setup();
    renderAt('/torneos/general');
    await screen.findByRole('table', { name: 'Ranking General' });
    const select = await screen.findByRole('combobox', { name: 'Temporada' });
    expect(select).toHaveTextContent('Temporada Actual');
    await userEvent.click(select);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Temporada Actual',
      'Temporada 2025',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Temporada 2025' }));
    await waitFor(() =>
      expect(rankingCalls(fetchMock)).toContain('GET /api/rankings?seasonId=2&page=1&pageSize=50'),
    );
    expect(screen.getAllByText('Temporada 2025').length).toBeGreaterThan(0);
  });

  it('pages through a large community 50 at a time with Anterior and Siguiente', async () => {
    const { fetchMock } = setup({ 'GET /api/rankings': pagedRanking(120) });
    renderAt('/torneos/general');
    const table = await screen.findByRole('table', { name: 'Ranking General' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Página 1 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Ranking General' }))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('51');
    expect(rows[0]).not.toHaveAttribute('data-tint');
    expect(rankingCalls(fetchMock)).toContain('GET /api/rankings?page=2&pageSize=50');
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 3 de 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(await screen.findByText('Página 2 de 3')).toBeInTheDocument();
  });

  it('says what comes next when nobody has points yet, and when no season is open', async () => {
    setup({ 'GET /api/rankings': [{ body: ranking({ total: 0, rows: [] }) }] });
    renderAt('/torneos/general');
    expect(await screen.findByText(/Nadie sumó puntos todavía esta temporada/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when no season exists yet', async () => {
    setup({ 'GET /api/rankings': { body: ranking({ season: null, total: 0, rows: [] }) } });
    renderAt('/torneos/general');
    expect(await screen.findByText(/Todavía no hay una temporada abierta/)).toBeInTheDocument();
  });

  it('shows Error al cargar los datos with Reintentar when the ranking fails', async () => {
    setup({ 'GET /api/rankings': [{ status: 500, body: {} }, { body: ranking() }] });
    renderAt('/torneos/general');
    expect(await screen.findByText(MSG.loadError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Ranking General' })).toBeInTheDocument();
  });

  it('reads the ranking again when the server says the community changed', async () => {
    const { fetchMock, Socket } = setup({
      'GET /api/rankings': [{ body: ranking() }, { body: ranking({ rows: [row(1, 'nuevo')], total: 1 }) }],
    });
    renderAt('/torneos/general');
    await screen.findByRole('table', { name: 'Ranking General' });
    await waitFor(() => expect(Socket.instances.length).toBeGreaterThan(0));
    const socket = Socket.instances.at(-1)!;
    act(() => {
      socket.open();
      socket.receive({ type: 'community_changed' });
    });
    expect(await screen.findByText('nuevo')).toBeInTheDocument();
    expect(rankingCalls(fetchMock)).toHaveLength(2);
  });
});

describe('Ranking General, told that only the season counts changed', () => {
  it('reads the ranking again, and not what an approval cannot change', async () => {
    const { fetchMock, Socket } = setup({
      'GET /api/rankings': [{ body: ranking() }, { body: ranking({ rows: [row(1, 'nuevo')], total: 1 }) }],
    });
    renderAt('/torneos/general');
    await screen.findByRole('table', { name: 'Ranking General' });
    await waitFor(() => expect(Socket.instances.length).toBeGreaterThan(0));
    const others = () => calls(fetchMock).filter((c) => !c.startsWith('GET /api/rankings'));
    const before = others();
    expect(before).toContain('GET /api/seasons');
    const socket = Socket.instances.at(-1)!;
    act(() => {
      socket.open();
      socket.receive({ type: 'community_changed', scope: 'standings' });
    });
    expect(await screen.findByText('nuevo')).toBeInTheDocument();
    expect(rankingCalls(fetchMock)).toHaveLength(2);
    // The seasons of the screen's filter are not read again.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(others()).toEqual(before);
    // Anything else changing in the community reads them again.
    act(() => socket.receive({ type: 'community_changed' }));
    await waitFor(() =>
      expect(others().filter((c) => c === 'GET /api/seasons')).toHaveLength(
        before.filter((c) => c === 'GET /api/seasons').length + 1,
      ),
    );
  });
});

describe('Tiendas Participantes', () => {
  it('lists the stores from the server with their logo or initial, each linking to its page', async () => {
    setup();
    renderAt('/torneos/tiendas');
    const link = await screen.findByRole('link', { name: /Dragón Dorado Games/ });
    expect(link).toHaveAttribute('href', '/torneos/tiendas/1');
    expect(within(link).getByRole('img', { name: 'Dragón Dorado Games' })).toHaveAttribute(
      'src',
      '/api/stores/1/logo?v=1',
    );
    const bastion = screen.getByRole('link', { name: /El Bastión TCG/ });
    expect(within(bastion).getByRole('img', { name: 'El Bastión TCG' })).toHaveTextContent('E');
    expect(within(bastion).getByText(/San Telmo, Buenos Aires/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Nueva Tienda' })).not.toBeInTheDocument();
  });

  it('tells a player there are no stores yet, without the admin action', async () => {
    setup({ 'GET /api/stores': { body: [] } });
    renderAt('/torneos/tiendas');
    expect(await screen.findByText(/Todavía no hay tiendas participantes/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nueva Tienda' })).not.toBeInTheDocument();
    expect(screen.queryByText('Crea la primera tienda')).not.toBeInTheDocument();
  });

  it('asks an admin to create the first store', async () => {
    setup({ 'GET /api/stores': { body: [] }, 'GET /api/community/me': { body: ADMIN_ME } });
    renderAt('/torneos/tiendas');
    expect(await screen.findByText('Crea la primera tienda')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Nueva Tienda' }));
    expect(screen.getByRole('dialog', { name: 'Nueva Tienda' })).toBeInTheDocument();
  });
});

describe('Nueva Tienda', () => {
  async function openDialog(routes: Routes = {}) {
    const view = setup({ 'GET /api/community/me': { body: ADMIN_ME }, ...routes });
    renderAt('/torneos/tiendas');
    await userEvent.click(await screen.findByRole('button', { name: 'Nueva Tienda' }));
    return { ...view, dialog: within(screen.getByRole('dialog', { name: 'Nueva Tienda' })) };
  }

  it('creates the store, then uploads its logo as the raw file with its type', async () => {
    const created = store(5, 'Cartas del Sur', 'Boedo', { logoUrl: null });
    const create = vi.fn(() => ({ status: 201, body: created }));
    const logo = vi.fn(() => ({ body: { ...created, logoUrl: '/api/stores/5/logo?v=1' } }));
    const { fetchMock, dialog } = await openDialog({
      'POST /api/stores': create,
      'PUT /api/stores/5/logo': logo,
    });
    expect(dialog.getByLabelText(/Ciudad/)).toHaveValue('Buenos Aires');
    await userEvent.type(dialog.getByLabelText(/Nombre/), 'Cartas del Sur');
    await userEvent.type(dialog.getByLabelText(/Barrio/), 'Boedo');
    await userEvent.type(dialog.getByLabelText('Dirección (opcional)'), 'Av. Boedo 900');
    const file = new File(['\x89PNG....'], 'logo.png', { type: 'image/png' });
    await userEvent.upload(dialog.getByLabelText('Logo'), file);
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          name: 'Cartas del Sur',
          neighborhood: 'Boedo',
          city: 'Buenos Aires',
          address: 'Av. Boedo 900',
        },
      }),
    );
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/stores/5/logo'))!;
    const init = put[1] as RequestInit;
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'Content-Type': 'image/png' });
    expect(await screen.findByText(MSG.storeCreated)).toBeInTheDocument();
    // The list reads again with the new store.
    expect(calls(fetchMock).filter((c) => c === 'GET /api/stores').length).toBeGreaterThan(1);
  });

  it('asks for every required field', async () => {
    const create = vi.fn(() => ({ status: 201, body: STORES[0] }));
    const { dialog } = await openDialog({ 'POST /api/stores': create });
    await userEvent.type(dialog.getByLabelText(/Nombre/), 'Solo nombre');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(dialog.getByText(MSG.fillAllFields)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses a logo that is too large or not an image before sending anything', async () => {
    const { dialog } = await openDialog();
    const big = new File([new Uint8Array(LOGO_MAX_BYTES + 1)], 'grande.png', { type: 'image/png' });
    await userEvent.upload(dialog.getByLabelText('Logo'), big);
    expect(dialog.getByText(MSG.logoTooLarge(256))).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    const gif = new File(['GIF89a'], 'logo.gif', { type: 'image/gif' });
    await userEvent.setup({ applyAccept: false }).upload(dialog.getByLabelText('Logo'), gif);
    expect(dialog.getByText(MSG.logoWrongType)).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { dialog } = await openDialog({
      'POST /api/stores': {
        status: 409,
        body: { success: false, error: MSG.storeNameTaken, message: MSG.storeNameTaken },
      },
    });
    await userEvent.type(dialog.getByLabelText(/Nombre/), 'Dragón Dorado Games');
    await userEvent.type(dialog.getByLabelText(/Barrio/), 'Palermo');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findByText(MSG.storeNameTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nueva Tienda' })).toBeInTheDocument();
  });

  it('keeps the store it created when the logo is refused, and a second try edits it', async () => {
    const created = store(5, 'Cartas del Sur', 'Boedo', { logoUrl: null });
    const create = vi.fn(() => ({ status: 201, body: created }));
    const update = vi.fn(() => ({ body: created }));
    const unsafe = { success: false, error: MSG.logoUnsafe, message: MSG.logoUnsafe };
    const { dialog } = await openDialog({
      'POST /api/stores': create,
      'PUT /api/stores/5': update,
      'PUT /api/stores/5/logo': [{ status: 400, body: unsafe }, { body: created }],
    });
    await userEvent.type(dialog.getByLabelText(/Nombre/), 'Cartas del Sur');
    await userEvent.type(dialog.getByLabelText(/Barrio/), 'Boedo');
    await userEvent.upload(
      dialog.getByLabelText('Logo'),
      new File(['<svg/>'], 'l.svg', { type: 'image/svg+xml' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    expect(await dialog.findByText(MSG.logoUnsafe)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledTimes(1);
  });
});

describe('store detail', () => {
  it('shows the logo, location, Ver Partidas and the store ranking of the season', async () => {
    const { fetchMock } = setup({
      'GET /api/rankings': { body: ranking({ storeId: 1, total: 1, rows: [row(1, 'lucia')] }) },
    });
    renderAt('/torneos/tiendas/1');
    expect(await screen.findByRole('img', { name: 'Dragón Dorado Games' })).toBeInTheDocument();
    expect(screen.getByText(/Palermo, Buenos Aires/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Partidas' })).toHaveAttribute(
      'href',
      '/torneos/tiendas/1/resultados',
    );
    const table = await screen.findByRole('table', { name: 'Ranking de la Temporada' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(rankingCalls(fetchMock)).toEqual(['GET /api/rankings?storeId=1&page=1&pageSize=50']);
    expect(screen.queryByRole('button', { name: 'Editar tienda' })).not.toBeInTheDocument();
  });

  it('says so when nobody has points at the store yet', async () => {
    setup({ 'GET /api/rankings': { body: ranking({ storeId: 1, total: 0, rows: [] }) } });
    renderAt('/torneos/tiendas/1');
    expect(await screen.findByText(/Nadie sumó puntos en esta tienda/)).toBeInTheDocument();
  });

  it("lets the store's organiser edit it, and nobody else's", async () => {
    const update = vi.fn(() => ({ body: { ...STORES[1], address: 'Defensa 1000' } }));
    setup({ 'GET /api/community/me': { body: ORGANISER_ME }, 'PUT /api/stores/4': update });
    renderAt('/torneos/tiendas/4');
    await userEvent.click(await screen.findByRole('button', { name: 'Editar tienda' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Editar tienda' }));
    expect(dialog.getByLabelText(/Nombre/)).toHaveValue('El Bastión TCG');
    await userEvent.type(dialog.getByLabelText('Dirección (opcional)'), 'Defensa 1000');
    await userEvent.click(dialog.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({
        body: {
          name: 'El Bastión TCG',
          neighborhood: 'San Telmo',
          city: 'Buenos Aires',
          address: 'Defensa 1000',
        },
      }),
    );
    expect(await screen.findByText(MSG.storeUpdated)).toBeInTheDocument();
  });

  it('does not offer Editar tienda to an organiser of another store', async () => {
    setup({ 'GET /api/community/me': { body: ORGANISER_ME } });
    renderAt('/torneos/tiendas/1');
    await screen.findByRole('table', { name: 'Ranking de la Temporada' });
    expect(screen.queryByRole('button', { name: 'Editar tienda' })).not.toBeInTheDocument();
  });

  it('offers Editar tienda to an admin', async () => {
    setup({ 'GET /api/community/me': { body: ADMIN_ME } });
    renderAt('/torneos/tiendas/1');
    expect(await screen.findByRole('button', { name: 'Editar tienda' })).toBeInTheDocument();
  });

  it('says Tienda no encontrada for an unknown store', async () => {
    setup();
    renderAt('/torneos/tiendas/99');
    expect(await screen.findByText('Tienda no encontrada')).toBeInTheDocument();
  });
});

describe('the store’s leagues', () => {
  const league = (id: number, name: string, over: Partial<TLeague> = {}): TLeague => ({
    id,
    name,
    storeId: 1,
    store: 'Dragón Dorado Games',
    startDate: '2026-03-01',
    status: 'active',
    participants: 4,
    joined: false,
    canManage: false,
    ...over,
  });

  it('lists them with their status, and lets a player join one and leave another', async () => {
    const { fetchMock } = setup({
      'GET /api/leagues': {
        body: [
          league(1, 'Liga Palermo'),
          league(2, 'Copa de Verano', { status: 'upcoming', joined: true, participants: 1 }),
          league(3, 'Liga Clausura', { status: 'finished' }),
        ],
      },
      'POST /api/leagues/1/join': { body: league(1, 'Liga Palermo', { joined: true, participants: 5 }) },
      'DELETE /api/leagues/2/participants/7': { body: [] },
    });
    renderAt('/torneos/tiendas/1');
    const section = await screen.findByRole('region', { name: 'Ligas' });
    await within(section).findByText('Liga Palermo');
    expect(within(section).getByText('Activa')).toBeInTheDocument();
    expect(within(section).getByText('Próximamente')).toBeInTheDocument();
    expect(within(section).getByText('Finalizada')).toBeInTheDocument();
    expect(within(section).getByText(/1 participante$/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Unirme a Liga Clausura' })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Unirme a Liga Palermo' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Salir de Copa de Verano' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toEqual(
        expect.arrayContaining(['POST /api/leagues/1/join', 'DELETE /api/leagues/2/participants/7']),
      ),
    );
    expect(calls(fetchMock)).toContain('GET /api/leagues?storeId=1');
  });

  it('says when the store has none, and shows a refusal in Spanish', async () => {
    setup({
      'GET /api/leagues': { body: [league(1, 'Liga Palermo')] },
      'POST /api/leagues/1/join': {
        status: 409,
        body: { success: false, error: MSG.leagueAlreadyJoined, message: MSG.leagueAlreadyJoined },
      },
    });
    renderAt('/torneos/tiendas/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Unirme a Liga Palermo' }));
    expect(await screen.findByText(MSG.leagueAlreadyJoined)).toBeInTheDocument();
  });

  it('says when the store has no league', async () => {
    setup();
    renderAt('/torneos/tiendas/1');
    expect(await screen.findByText('Esta tienda todavía no tiene ligas.')).toBeInTheDocument();
  });
});

describe('store results', () => {
  const page1 = [
    makeMatch({ id: 3, team1: [{ id: 7, username: 'lucia' }], team2: [{ id: 8, username: 'mateo' }] }),
    makeMatch({
      id: 2,
      match_mode: '2v2',
      team1: [
        { id: 7, username: 'lucia' },
        { id: 9, username: 'carla' },
      ],
      team2: [
        { id: 8, username: 'mateo' },
        { id: 10, username: 'dani' },
      ],
      score: [0, 2],
    }),
  ];
  const page2 = [makeMatch({ id: 1, team1: [{ id: 11, username: 'ernesto' }] })];

  it('lists the approved matches with both teams, scores and VS, and loads the next page', async () => {
    const { fetchMock } = setup({
      'GET /api/stores/1/matches': ({ url }) =>
        url.searchParams.get('before') === 'c2'
          ? { body: page2 }
          : { body: page1, headers: { 'X-Next-Cursor': 'c2' } },
    });
    renderAt('/torneos/tiendas/1/resultados');
    expect(
      await screen.findByRole('heading', { name: 'Partidas - Dragón Dorado Games' }),
    ).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Partidas de la tienda' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('lucia')).toBeInTheDocument();
    expect(within(items[0]!).getByText('VS')).toBeInTheDocument();
    expect(within(items[1]!).getByText('lucia, carla')).toBeInTheDocument();
    expect(within(items[1]!).getByText('mateo, dani')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/torneos/tiendas/1');

    act(() => observed.at(-1)!([{ isIntersecting: true }]));
    expect(await screen.findByText('ernesto')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('GET /api/stores/1/matches?limit=30&before=c2');
  });

  it('says so when the store has no approved matches', async () => {
    setup({ 'GET /api/stores/1/matches': { body: [] } });
    renderAt('/torneos/tiendas/1/resultados');
    expect(await screen.findByText(/Todavía no hay partidas aprobadas en esta tienda/)).toBeInTheDocument();
  });

  it('says Tienda no encontrada for an unknown store', async () => {
    setup({
      'GET /api/stores/99/matches': {
        status: 404,
        body: { success: false, error: MSG.storeNotFound, message: MSG.storeNotFound },
      },
    });
    renderAt('/torneos/tiendas/99/resultados');
    expect(await screen.findByText('Tienda no encontrada')).toBeInTheDocument();
  });
});
