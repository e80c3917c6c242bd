import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TSeason, TStore } from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import type { TMetagame } from '@mitos/domain/player-statistics';
import { calls, mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { stubWebSocket } from '../../test/match-fixtures';
import { renderRoutes } from '../../test/render';
import MetagamePage from './metagame-page';
import { currentSeason, pastSeason } from '../../test/community-fixtures';

const SEASONS: TSeason[] = [currentSeason, pastSeason];
const store = (id: number, name: string): TStore => ({
  id,
  name,
  location: { neighborhood: 'Palermo', city: 'Buenos Aires' },
  address: null,
  active: true,
  logoUrl: null,
  organisers: [],
});
const STORES = [store(1, 'Dragón Dorado Games'), store(4, 'El Bastión TCG')];

function metagame(over: Partial<TMetagame> = {}): TMetagame {
  return {
    season: SEASONS[0]!,
    storeId: null,
    matches: 40,
    races: [
      { race: 'Dragon', matches: 30, wins: 18, winRate: 60, players: 9, share: 38 },
      { race: 'Faerie', matches: 20, wins: 8, winRate: 40, players: 5, share: 25 },
      { race: 'Titan', matches: 12, wins: 6, winRate: 50, players: 4, share: 15 },
    ],
    ...over,
  };
}

afterEach(() => vi.unstubAllGlobals());

function setup(metagameRoute: MockHandler | MockReply | MockReply[] = { body: metagame() }) {
  const Socket = stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/seasons': { body: SEASONS },
    'GET /api/stores': { body: STORES },
    'GET /api/metagame': metagameRoute,
  });
  renderRoutes(<MetagamePage />, { path: '/metagame' });
  return Object.assign(fetchMock, { Socket });
}

const metagameCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  calls(fetchMock).filter((c) => c.startsWith('GET /api/metagame'));

describe('Metagame', () => {
  it('shows the races of the current season with their share and win rate, as a chart and a table', async () => {
    const fetchMock = setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Metagame' })).toBeInTheDocument();
    const figure = await screen.findByRole('figure', { name: 'Razas jugadas' });
    expect(screen.getByText('40 partidas aprobadas en Temporada 2026.')).toBeInTheDocument();
    // The chart is for the eye; screen readers get the table, there all along.
    expect(within(figure).getByTestId('chart')).toHaveAttribute('aria-hidden', 'true');
    const table = within(figure).getByRole('table', { name: 'Razas jugadas' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Raza', 'Uso', 'Partidas', 'Jugadores', 'Victorias', '% victorias']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Dragon38%3091860%',
      'Faerie25%205840%',
      'Titan15%124650%',
    ]);
    expect(within(rows[0]!).getByRole('rowheader', { name: 'Dragon' })).toBeInTheDocument();
    expect(metagameCalls(fetchMock)).toEqual(['GET /api/metagame']);
    expect(screen.getByRole('link', { name: 'Volver' })).toHaveAttribute('href', '/torneos');
  });

  it('draws the chart once its code arrives', async () => {
    setup();
    const figure = await screen.findByRole('figure', { name: 'Razas jugadas' });
    await waitFor(() => expect(within(figure).getByTestId('chart').querySelector('svg')).not.toBeNull());
  });

  it('switches to the table with Ver tabla and back with Ver gráfico', async () => {
    setup();
    const user = userEvent.setup();
    const figure = await screen.findByRole('figure', { name: 'Razas jugadas' });
    await user.click(within(figure).getByRole('button', { name: 'Ver tabla de Razas jugadas' }));
    expect(within(figure).queryByTestId('chart')).not.toBeInTheDocument();
    const region = within(figure).getByRole('region', { name: 'Tabla: Razas jugadas' });
    expect(within(region).getByRole('table', { name: 'Razas jugadas' })).toBeVisible();
    await user.click(within(figure).getByRole('button', { name: 'Ver gráfico de Razas jugadas' }));
    expect(within(figure).getByTestId('chart')).toBeInTheDocument();
    expect(within(figure).queryByRole('region', { name: 'Tabla: Razas jugadas' })).not.toBeInTheDocument();
  });

  it('asks for the season and store chosen', async () => {
    const fetchMock = setup(({ url }) => ({
      body: metagame({
        season: url.searchParams.get('seasonId') === '2' ? SEASONS[1]! : SEASONS[0]!,
        storeId: url.searchParams.has('storeId') ? Number(url.searchParams.get('storeId')) : null,
      }),
    }));
    const user = userEvent.setup();
    await screen.findByRole('figure', { name: 'Razas jugadas' });
    await user.click(await screen.findByRole('combobox', { name: 'Temporada' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Temporada Actual',
      'Temporada 2025',
    ]);
    await user.click(screen.getByRole('option', { name: 'Temporada 2025' }));
    expect(await screen.findByText('40 partidas aprobadas en Temporada 2025.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Tienda' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todas las tiendas',
      'Dragón Dorado Games',
      'El Bastión TCG',
    ]);
    await user.click(screen.getByRole('option', { name: 'El Bastión TCG' }));
    await waitFor(() =>
      expect(metagameCalls(fetchMock)).toEqual([
        'GET /api/metagame',
        'GET /api/metagame?seasonId=2',
        'GET /api/metagame?seasonId=2&storeId=4',
      ]),
    );
  });

  it('says so when nothing was played yet', async () => {
    setup([{ body: metagame({ matches: 0, races: [] }) }]);
    expect(await screen.findByText(/Todavía no hay partidas aprobadas esta temporada/)).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('reads the metagame again when the server says the community changed', async () => {
    const fetchMock = setup([{ body: metagame() }, { body: metagame({ matches: 41 }) }]);
    await screen.findByRole('figure', { name: 'Razas jugadas' });
    await waitFor(() => expect(fetchMock.Socket.instances.length).toBeGreaterThan(0));
    const socket = fetchMock.Socket.instances.at(-1)!;
    act(() => {
      socket.open();
      socket.receive({ type: 'community_changed' });
    });
    expect(await screen.findByText('41 partidas aprobadas en Temporada 2026.')).toBeInTheDocument();
    expect(metagameCalls(fetchMock)).toHaveLength(2);
  });

  it('says there is no open season yet', async () => {
    setup({ body: metagame({ season: null, matches: 0, races: [] }) });
    expect(await screen.findByText(/Todavía no hay una temporada abierta/)).toBeInTheDocument();
  });

  it('shows Error al cargar los datos with Reintentar', async () => {
    setup([{ status: 500, body: {} }, { body: metagame() }]);
    expect(await screen.findByText(MSG.loadError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('figure', { name: 'Razas jugadas' })).toBeInTheDocument();
  });
});
