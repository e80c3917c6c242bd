import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { calls, mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { stubWebSocket } from '../../test/match-fixtures';
import { renderRoutes } from '../../test/render';
import {
  EMPTY_STATISTICS,
  headToHeadFixture,
  ratingFixture,
  statisticsFixture,
} from '../../test/statistics-fixtures';
import { PerformanceSection } from './components/performance-section';

type Routes = Record<string, MockHandler | MockReply | MockReply[]>;

afterEach(() => vi.unstubAllGlobals());

function renderSection(routes: Routes = {}, own = false) {
  const Socket = stubWebSocket();
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/users/7/rating': { body: ratingFixture() },
    'GET /api/users/7/statistics': { body: statisticsFixture() },
    ...routes,
  });
  renderRoutes(<PerformanceSection userId={7} own={own} />, { path: '/profile' });
  return { fetchMock, Socket, user: userEvent.setup() };
}

const statisticsCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  calls(fetchMock).filter((c) => c.startsWith('GET /api/users/7/statistics'));
const section = () => screen.findByRole('region', { name: 'Rendimiento' });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('Rendimiento', () => {
  it('shows the all-time Mitos Rating beside the season one, Provisional while young', async () => {
    renderSection();
    const ratings = await within(await section()).findByRole('region', { name: 'Mitos Rating' });
    expect((await within(ratings).findByText('Histórico')).parentElement).toHaveTextContent(
      'Histórico108412 partidas',
    );
    expect(within(ratings).getByText('Temporada 2026').parentElement).toHaveTextContent(
      'Temporada 20261040Provisional4 partidas',
    );
    expect(screen.getByText(/Provisional hasta sumar 10 partidas aprobadas/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¿Cómo se calcula?' })).toHaveAttribute('href', '/help');
  });

  it('says Sin partidas for a rating not started yet, and Sin temporada abierta without a season', async () => {
    renderSection({
      'GET /api/users/7/rating': { body: ratingFixture({ allTime: null, season: null, seasonRating: null }) },
    });
    const ratings = await within(await section()).findByRole('region', { name: 'Mitos Rating' });
    expect((await within(ratings).findByText('Histórico')).parentElement).toHaveTextContent('Sin partidas');
    expect(within(ratings).getByText('Temporada').parentElement).toHaveTextContent('Sin temporada abierta');
  });

  it('shows the current, best and worst streaks', async () => {
    renderSection();
    const streaks = await within(await section()).findByRole('region', { name: 'Rachas' });
    expect(within(streaks).getByText('Racha actual').nextSibling).toHaveTextContent('3 victorias');
    expect(within(streaks).getByText('Mejor racha de victorias').nextSibling).toHaveTextContent(
      '4 victorias',
    );
    expect(within(streaks).getByText('Peor racha de derrotas').nextSibling).toHaveTextContent('1 derrota');
  });

  it('shows the form by month with its table, and by week with Semana', async () => {
    const { fetchMock, user } = renderSection({
      'GET /api/users/7/statistics': ({ url }) => ({
        body:
          url.searchParams.get('period') === 'week'
            ? statisticsFixture({
                period: 'week',
                form: [{ period: '2026-03-02', matches: 3, wins: 2, winRate: 67, rating: null }],
              })
            : statisticsFixture(),
      }),
    });
    const form = await within(await section()).findByRole('figure', { name: 'Forma' });
    expect(rowsOf(within(form).getByRole('table', { name: 'Forma' }))).toEqual([
      'febrero de 20265240%1012',
      'marzo de 20267571%1084',
    ]);
    const grouping = within(form).getByRole('group', { name: 'Agrupar por' });
    expect(within(grouping).getByRole('button', { name: 'Mes' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(grouping).getByRole('button', { name: 'Semana' }));
    expect(within(grouping).getByRole('button', { name: 'Semana' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(rowsOf(within(form).getByRole('table', { name: 'Forma' }))).toEqual([
        'semana del 02/03/20263267%Sin rating',
      ]),
    );
    expect(statisticsCalls(fetchMock)).toEqual([
      'GET /api/users/7/statistics?period=month',
      'GET /api/users/7/statistics?period=week',
    ]);
  });

  it('offers each chart as a table with Ver tabla, and the chart again with Ver gráfico', async () => {
    const { user } = renderSection();
    const form = await within(await section()).findByRole('figure', { name: 'Forma' });
    expect(within(form).getByTestId('chart')).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(within(form).getByTestId('chart').querySelector('svg')).not.toBeNull());
    await user.click(within(form).getByRole('button', { name: 'Ver tabla de Forma' }));
    expect(within(form).queryByTestId('chart')).not.toBeInTheDocument();
    expect(within(form).getByRole('region', { name: 'Tabla: Forma' })).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Ver gráfico de Forma' }));
    expect(within(form).getByTestId('chart')).toBeInTheDocument();
    // Each figure has its own switch, named after it.
    expect(screen.getByRole('button', { name: 'Ver tabla de Resultados por mazo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver tabla de Resultados por raza' })).toBeInTheDocument();
  });

  it('shows the results by deck and by race, a deleted deck by its name', async () => {
    renderSection();
    const decks = await within(await section()).findByRole('figure', { name: 'Resultados por mazo' });
    expect(rowsOf(within(decks).getByRole('table', { name: 'Resultados por mazo' }))).toEqual([
      'MurallaDefensor8563%',
      'Viejo Fuego (eliminado)Dragon4250%',
    ]);
    const races = screen.getByRole('figure', { name: 'Resultados por raza' });
    expect(rowsOf(within(races).getByRole('table', { name: 'Resultados por raza' }))).toEqual([
      'Defensor8563%',
      'Dragon4250%',
    ]);
  });

  it('shows the race matchups with played, won and the rate', async () => {
    renderSection();
    const matchups = await within(await section()).findByRole('region', { name: 'Enfrentamientos por raza' });
    const table = within(matchups).getByRole('table', { name: 'Enfrentamientos por raza' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Tu raza', 'Rival', 'Ganadas', '%']);
    expect(rowsOf(table)).toEqual(['DefensorFaerie4 de 580%', 'DragonTitan1 de 425%']);
  });

  it('lists the most played opponents, each linking to their profile', async () => {
    renderSection();
    const opponents = await within(await section()).findByRole('region', { name: 'Rivales más frecuentes' });
    const table = within(opponents).getByRole('table', { name: 'Rivales más frecuentes' });
    expect(rowsOf(table)).toEqual(['mateo7457%', 'carla5360%']);
    expect(within(table).getByRole('link', { name: 'mateo' })).toHaveAttribute('href', '/user/8');
  });

  it('shows the head-to-head against the opponent chosen: the record and the latest matches', async () => {
    const h2h = vi.fn(() => ({ body: headToHeadFixture({ opponent: { id: 9, username: 'carla' } }) }));
    const { user } = renderSection({ 'GET /api/users/7/head-to-head/9': h2h });
    const box = await within(await section()).findByRole('region', { name: 'Cara a cara' });
    expect(within(box).getByText(/Elige uno de los rivales más frecuentes/)).toBeInTheDocument();
    expect(h2h).not.toHaveBeenCalled();
    await user.click(within(box).getByRole('combobox', { name: 'Rival' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Elige un rival',
      'mateo (7 partidas)',
      'carla (5 partidas)',
    ]);
    await user.click(screen.getByRole('option', { name: 'carla (5 partidas)' }));
    const recent = await within(box).findByRole('list', { name: 'Últimas partidas contra carla' });
    expect(within(box).getByText('Partidas').closest('dl')).toHaveTextContent(
      'Partidas7Victorias4Derrotas2Empates1% de victorias57%',
    );
    const items = within(recent).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, 'FECHA'))).toEqual([
      'Victoria2-0FECHAVer partida',
      'Derrota1-2FECHAVer partida',
      'Empate1-1FECHAVer partida',
    ]);
    expect(within(items[0]!).getByRole('link', { name: /^Ver partida del/ })).toHaveAttribute(
      'href',
      '/match/61',
    );
  });

  it('says so when the two never played an approved match', async () => {
    const { user } = renderSection({
      'GET /api/users/7/head-to-head/8': {
        body: headToHeadFixture({ matches: 0, wins: 0, losses: 0, winRate: 0, recent: [] }),
      },
    });
    const box = await within(await section()).findByRole('region', { name: 'Cara a cara' });
    await user.click(within(box).getByRole('combobox', { name: 'Rival' }));
    await user.click(screen.getByRole('option', { name: 'mateo (7 partidas)' }));
    expect(await within(box).findByText('No hay partidas aprobadas contra mateo.')).toBeInTheDocument();
  });

  it('says what comes when there are no approved matches yet (own and another profile)', async () => {
    renderSection({ 'GET /api/users/7/statistics': { body: EMPTY_STATISTICS } }, true);
    expect(await screen.findByText(/Todavía no tienes partidas aprobadas/)).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cara a cara' })).not.toBeInTheDocument();
  });

  it('says another player has no approved matches yet', async () => {
    renderSection({ 'GET /api/users/7/statistics': { body: EMPTY_STATISTICS } });
    expect(await screen.findByText('Todavía no tiene partidas aprobadas.')).toBeInTheDocument();
  });

  it('shows Error al cargar los datos with Reintentar when the statistics fail', async () => {
    const { user } = renderSection({
      'GET /api/users/7/statistics': [{ status: 500, body: {} }, { body: statisticsFixture() }],
    });
    const box = await section();
    expect(await within(box).findByText(MSG.loadError)).toBeInTheDocument();
    await user.click(within(box).getByRole('button', { name: 'Reintentar' }));
    expect(await within(box).findByRole('figure', { name: 'Forma' })).toBeInTheDocument();
  });

  it('reads the statistics and the rating again when a match or the community changes', async () => {
    const { fetchMock, Socket } = renderSection();
    await within(await section()).findByRole('figure', { name: 'Forma' });
    await waitFor(() => expect(Socket.instances.length).toBeGreaterThan(0));
    const socket = Socket.instances.at(-1)!;
    const ratingCalls = () => calls(fetchMock).filter((c) => c.startsWith('GET /api/users/7/rating'));
    expect(statisticsCalls(fetchMock)).toHaveLength(1);
    expect(ratingCalls()).toHaveLength(1);
    // A pushed count: some match of the player changed.
    act(() => {
      socket.open();
      socket.receive({ type: 'new_notification', count: 1 });
    });
    await waitFor(() => expect(statisticsCalls(fetchMock)).toHaveLength(2));
    await waitFor(() => expect(ratingCalls()).toHaveLength(2));
    act(() => socket.receive({ type: 'community_changed' }));
    await waitFor(() => expect(statisticsCalls(fetchMock)).toHaveLength(3));
    await waitFor(() => expect(ratingCalls()).toHaveLength(3));
  });
});
