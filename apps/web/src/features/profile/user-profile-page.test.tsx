import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, mockFetch, signedIn, type MockReply } from '../../test/fetch-mock';
import { deckFixture } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { headToHeadFixture, ratingFixture, statisticsFixture } from '../../test/statistics-fixtures';
import UserProfilePage from './user-profile-page';
import { currentSeason } from '../../test/community-fixtures';

const MATEO = { id: 8, username: 'mateo', created_at: '2024-11-02T10:00:00Z', role: 'player' };
const STANDING = {
  season: currentSeason,
  position: 3,
  matches: 12,
  wins: 8,
  points: 950,
  rank: { level: 2, name: 'Cría de Dragón' },
  torCode: 'TOR008',
  stores: [
    { id: 1, name: 'Dragón Dorado Games' },
    { id: 4, name: 'El Bastión TCG' },
  ],
};
const STATS = { matches: 4, wins: 1, losses: 3, winRate: 25, approvalRate: 50, approvalHealth: 'Bajo' };

function renderUser(path: string, routes: Record<string, MockReply> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/users/8': { body: MATEO },
    'GET /api/users/8/stats': { body: STATS },
    'GET /api/decks/default/8': { body: deckFixture(9, 'Llamas', 'Dragon', true) },
    'GET /api/users/8/standing': { body: STANDING },
    'GET /api/users/8/rating': { body: ratingFixture() },
    'GET /api/users/8/statistics': { body: statisticsFixture() },
    ...routes,
  });
  renderRoutes([{ path: '/user/:id', element: <UserProfilePage /> }], { path });
  return fetchMock;
}

describe('UserProfilePage', () => {
  it('shows the username, id, statistics and Mazo Default', async () => {
    renderUser('/user/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'mateo' })).toBeInTheDocument();
    expect(screen.getByText('ID: 8')).toBeInTheDocument();
    expect(screen.getByText('Miembro desde noviembre de 2024')).toBeInTheDocument();
    expect(await screen.findByText('25%')).toBeInTheDocument();
    expect(screen.getByText('Bajo')).toBeInTheDocument();
    const deck = screen.getByRole('region', { name: 'Mazo Default' });
    expect(await within(deck).findByText('Llamas')).toBeInTheDocument();
    expect(within(deck).getByText('Dragon')).toBeInTheDocument();
  });

  it('shows the season: rank, points, place, TOR code and the stores played at, without editing', async () => {
    renderUser('/user/8');
    const season = await screen.findByRole('region', { name: 'Temporada' });
    expect(await within(season).findByText('Cría de Dragón')).toBeInTheDocument();
    expect(within(season).getByText('950')).toBeInTheDocument();
    expect(within(season).getByText('#3 de la temporada')).toBeInTheDocument();
    expect(within(season).getByText('TOR008')).toBeInTheDocument();
    expect(
      within(within(season).getByRole('list', { name: 'Tiendas donde jugó' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dragón Dorado Games', 'El Bastión TCG']);
    expect(within(season).queryByRole('textbox', { name: 'Código TOR' })).not.toBeInTheDocument();
  });

  it('says Sin partidas aprobadas esta temporada before the first approved match', async () => {
    renderUser('/user/8', {
      'GET /api/users/8/standing': {
        body: { ...STANDING, position: null, points: 0, matches: 0, wins: 0, torCode: null, stores: [] },
      },
    });
    const season = await screen.findByRole('region', { name: 'Temporada' });
    expect(await within(season).findByText('Sin partidas aprobadas esta temporada')).toBeInTheDocument();
    expect(within(season).getByText('Sin código')).toBeInTheDocument();
  });

  it("shows that player's Rendimiento: their rating, opponents and a head-to-head from their side", async () => {
    const fetchMock = renderUser('/user/8', {
      'GET /api/users/8/head-to-head/9': {
        body: headToHeadFixture({ opponent: { id: 9, username: 'carla' } }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Rendimiento' });
    const tiles = screen.getByRole('region', { name: 'Estadísticas' });
    expect(await within(tiles).findByText('1084')).toBeInTheDocument();
    expect(await within(section).findByRole('table', { name: 'Rivales más frecuentes' })).toBeInTheDocument();
    expect(within(section).queryByText(/Todavía no tiene partidas/)).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('combobox', { name: 'Rival' }));
    await userEvent.click(screen.getByRole('option', { name: 'carla (5 partidas)' }));
    expect(
      await within(section).findByRole('list', { name: 'Últimas partidas contra carla' }),
    ).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('GET /api/users/8/head-to-head/9');
  });

  it('says so when the user has no default deck', async () => {
    renderUser('/user/8', { 'GET /api/decks/default/8': { status: 404 } });
    expect(await screen.findByText('No tiene un mazo por defecto.')).toBeInTheDocument();
  });

  it('says Usuario no encontrado for an unknown user', async () => {
    renderUser('/user/99', { 'GET /api/users/99': { status: 404 } });
    expect(await screen.findByText('Usuario no encontrado')).toBeInTheDocument();
  });

  it('says Usuario no encontrado for a malformed id without asking the server', async () => {
    const fetchMock = renderUser('/user/8abc');
    expect(await screen.findByText('Usuario no encontrado')).toBeInTheDocument();
    expect(calls(fetchMock).some((c) => c.startsWith('GET /api/users'))).toBe(false);
  });

  it('says Error al cargar los datos del usuario when loading fails', async () => {
    renderUser('/user/8', { 'GET /api/users/8': { status: 500 } });
    expect(await screen.findByText('Error al cargar los datos del usuario')).toBeInTheDocument();
  });
});
