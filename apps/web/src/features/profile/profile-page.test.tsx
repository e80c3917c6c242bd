import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { heldReply, mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { deckFixture, matchFixture } from '../../test/fixtures';
import { LocationProbe, renderRoutes } from '../../test/render';
import { ratingFixture, statisticsFixture } from '../../test/statistics-fixtures';
import ProfilePage from './profile-page';
import { currentSeason } from '../../test/community-fixtures';

const STATS = { matches: 12, wins: 9, losses: 3, winRate: 75, approvalRate: 92, approvalHealth: 'Excelente' };
const STANDING = {
  season: currentSeason,
  position: null,
  matches: 0,
  wins: 0,
  points: 0,
  rank: { level: 1, name: 'Huevo de Dragón' },
  torCode: null,
  stores: [],
};
const DECKS = [
  deckFixture(1, 'Uno', 'Titan'),
  deckFixture(2, 'Dos', 'Faerie', true),
  deckFixture(3, 'Tres', 'Eterno'),
  deckFixture(4, 'Cuatro', 'Heroe'),
];

function renderProfile(routes: Record<string, MockHandler | MockReply | MockReply[]> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/users/7/stats': { body: STATS },
    'GET /api/decks': { body: DECKS },
    'GET /api/matches/me': { body: [matchFixture()] },
    'GET /api/users/7/standing': { body: STANDING },
    'GET /api/users/7/rating': { body: ratingFixture() },
    'GET /api/users/7/statistics': { body: statisticsFixture() },
    ...routes,
  });
  const result = renderRoutes(
    [
      { path: '/profile', element: <ProfilePage /> },
      { path: '/login', element: <LocationProbe label="login" /> },
    ],
    { path: '/profile' },
  );
  return { ...result, fetchMock, user: userEvent.setup() };
}

describe('ProfilePage', () => {
  it('shows the initial, username, ID and Miembro desde in Spanish', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'lucia' })).toBeInTheDocument();
    expect(screen.getByText('L')).toBeInTheDocument();
    expect(screen.getByText('ID: 7')).toBeInTheDocument();
    expect(screen.getByText('Miembro desde marzo de 2025')).toBeInTheDocument();
  });

  it('shows the statistics tiles, the all-time Mitos Rating among them', async () => {
    renderProfile();
    const tiles = await screen.findByRole('region', { name: 'Estadísticas' });
    expect(await within(tiles).findByText('75%')).toBeInTheDocument();
    expect(within(tiles).getByText('Excelente')).toBeInTheDocument();
    const rating = within(tiles).getByText('Mitos Rating').parentElement!;
    expect(await within(rating).findByText('1084')).toBeInTheDocument();
    expect(within(rating).queryByText('Provisional')).not.toBeInTheDocument();
    expect(screen.queryByText('Coming Soon')).not.toBeInTheDocument();
  });

  it('reads Sin partidas in the Mitos Rating tile before the first rated match', async () => {
    renderProfile({
      'GET /api/users/7/rating': { body: ratingFixture({ allTime: null, seasonRating: null }) },
    });
    const tiles = await screen.findByRole('region', { name: 'Estadísticas' });
    const rating = within(tiles).getByText('Mitos Rating').parentElement!;
    expect(await within(rating).findByText('Sin partidas')).toBeInTheDocument();
  });

  it('shows Rendimiento with the rating, the streaks and the form', async () => {
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Rendimiento' });
    expect(await within(section).findByRole('figure', { name: 'Forma' })).toBeInTheDocument();
    expect(within(section).getByRole('region', { name: 'Rachas' })).toHaveTextContent('3 victorias');
  });

  it('says Error al cargar los datos when the statistics fail', async () => {
    renderProfile({ 'GET /api/users/7/stats': { status: 500 } });
    expect(await screen.findByText('Error al cargar los datos')).toBeInTheDocument();
  });

  it('shows the first three decks, default first, and links to all of them', async () => {
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Mis Mazos' });
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Dos', 'Cuatro', 'Tres']);
    expect(within(section).getByRole('link', { name: 'Ver todos los mazos' })).toHaveAttribute(
      'href',
      '/decks',
    );
  });

  it('creates a deck from the profile with name and raza', async () => {
    const create = vi.fn(() => ({ status: 201, body: deckFixture(5, 'Cinco', 'Olimpico') }));
    const { user } = renderProfile({ 'POST /api/decks': create });
    const section = await screen.findByRole('region', { name: 'Mis Mazos' });
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Crear Mazo' })).toBeEnabled());
    await user.click(within(section).getByRole('button', { name: 'Crear Mazo' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo Mazo' });
    expect(within(dialog).queryByLabelText('Descripción')).toBeNull();
    await user.type(within(dialog).getByLabelText(/Nombre del mazo/), 'uno');
    expect(within(dialog).getByText('Ya existe un mazo con este nombre')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nombre del mazo/), ' mas');
    await user.click(within(dialog).getByRole('button', { name: 'Crear Mazo' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        expect.objectContaining({ body: { name: 'uno mas', raza: 'Olimpico' } }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the latest match with Ver todas', async () => {
    const { fetchMock } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Última Partida' });
    expect(await within(section).findByText('mateo')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/my-matches');
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/matches/me?limit=1'))).toBe(true);
  });

  it('shows the SPEC empty text and Ver Mis Partidas without matches', async () => {
    renderProfile({ 'GET /api/matches/me': [{ body: [] }] });
    expect(
      await screen.findByText('No has participado en ninguna partida o aún no fue aprobada'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Mis Partidas' })).toHaveAttribute('href', '/my-matches');
  });

  it('treats a missing matches API as no matches yet', async () => {
    renderProfile({ 'GET /api/matches/me': { status: 404 } });
    expect(
      await screen.findByText('No has participado en ninguna partida o aún no fue aprobada'),
    ).toBeInTheDocument();
  });

  it('signs out with Cerrar Sesión, even when the server call fails', async () => {
    const { user, queryClient } = renderProfile({ 'POST /api/auth/logout': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Cerrar Sesión' }));
    expect(await screen.findByText('Página: login')).toBeInTheDocument();
    expect(queryClient.getQueryData(['auth', 'me'])).toBeNull();
  });

  it("shows the season line and saves the player's own Código TOR, upper case", async () => {
    const save = vi.fn(() => ({ body: {} }));
    const { user } = renderProfile({
      'PUT /api/users/me/tor-code': save,
      'GET /api/users/7/standing': [{ body: STANDING }, { body: { ...STANDING, torCode: 'LUC-01' } }],
    });
    const season = await screen.findByRole('region', { name: 'Temporada' });
    expect(await within(season).findByText('Huevo de Dragón')).toBeInTheDocument();
    expect(within(season).getByText('Sin partidas aprobadas esta temporada')).toBeInTheDocument();
    const field = within(season).getByRole('textbox', { name: 'Código TOR' });
    expect(within(season).getByRole('button', { name: 'Guardar código' })).toBeDisabled();
    await user.type(field, 'luc-01');
    await user.click(within(season).getByRole('button', { name: 'Guardar código' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ body: { torCode: 'LUC-01' } })),
    );
    await waitFor(() =>
      expect(within(season).getByRole('textbox', { name: 'Código TOR' })).toHaveValue('LUC-01'),
    );
  });

  it('holds the season card in place while it loads, with no Código TOR to type in until it comes', async () => {
    const standing = heldReply({ body: { ...STANDING, torCode: 'TOR007' } });
    renderProfile({ 'GET /api/users/7/standing': standing.handler });
    const season = await screen.findByRole('region', { name: 'Temporada' });
    // The card, its figures' names and the editor's room are there; the editor is out of reach.
    expect(within(season).getByText('Puntos')).toBeInTheDocument();
    expect(within(season).getByText('Tiendas')).toBeInTheDocument();
    expect(season.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(within(season).queryByRole('textbox', { name: 'Código TOR' })).not.toBeInTheDocument();
    expect(within(season).queryByRole('button', { name: 'Guardar código' })).not.toBeInTheDocument();

    standing.answer();
    const field = await within(season).findByRole('textbox', { name: 'Código TOR' });
    expect(field).toHaveValue('TOR007');
    expect(season.querySelector('[aria-busy="true"]')).toBeNull();
    expect(within(season).getByText('Huevo de Dragón')).toBeInTheDocument();
  });

  it('refuses a malformed code before asking the server', async () => {
    const save = vi.fn(() => ({ body: {} }));
    const { user } = renderProfile({ 'PUT /api/users/me/tor-code': save });
    const season = await screen.findByRole('region', { name: 'Temporada' });
    await user.type(await within(season).findByRole('textbox', { name: 'Código TOR' }), 'a!');
    expect(within(season).getByText(MSG.torCodeInvalid)).toBeInTheDocument();
    expect(within(season).getByRole('button', { name: 'Guardar código' })).toBeDisabled();
    expect(save).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a code taken by another player", async () => {
    const { user } = renderProfile({
      'PUT /api/users/me/tor-code': {
        status: 409,
        body: { success: false, error: MSG.torCodeTaken, message: MSG.torCodeTaken },
      },
    });
    const season = await screen.findByRole('region', { name: 'Temporada' });
    await user.type(await within(season).findByRole('textbox', { name: 'Código TOR' }), 'TOR001');
    await user.click(within(season).getByRole('button', { name: 'Guardar código' }));
    expect(await within(season).findByText(MSG.torCodeTaken)).toBeInTheDocument();
  });

  it('clears the code with an empty field (null)', async () => {
    const save = vi.fn(() => ({ body: {} }));
    const { user } = renderProfile({
      'PUT /api/users/me/tor-code': save,
      'GET /api/users/7/standing': { body: { ...STANDING, torCode: 'TOR007' } },
    });
    const season = await screen.findByRole('region', { name: 'Temporada' });
    const field = await within(season).findByRole('textbox', { name: 'Código TOR' });
    expect(field).toHaveValue('TOR007');
    await user.clear(field);
    await user.click(within(season).getByRole('button', { name: 'Guardar código' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(expect.objectContaining({ body: { torCode: null } })),
    );
  });
});
