import { afterEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_PATTERN } from '@mitos/domain/common';
import { clearOutbox, readOutbox } from '../../lib/outbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import {
  calls,
  heldReply,
  mockFetch,
  signedIn,
  testUser,
  type MockHandler,
  type MockReply,
} from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import NewMatchPage from './new-match-page';
import { newMatchStateFrom } from '../../lib/new-match-navigation';
import { clearDraft, draftKey, readDraft, writeDraft } from './draft';
import { initialNewMatchForm } from './form-state';

const users = [
  { id: 7, username: 'lucia' },
  { id: 8, username: 'beto' },
  { id: 9, username: 'carla' },
  { id: 10, username: 'sinmazo' },
];
const deckOf = (userId: number, id = userId * 10, name = `Mazo de ${userId}`) => ({
  id,
  user_id: userId,
  name,
  raza: 'Dragon',
  description: null,
  is_default: id === userId * 10,
  created_at: '2026-01-01T00:00:00.000Z',
});

const search: MockHandler = ({ url }) => {
  const q = (url.searchParams.get('q') ?? '').replace(/^@/, '').toLowerCase();
  return { body: users.filter((u) => u.username.includes(q) || String(u.id) === q) };
};

const PLAYER_ME = { seesAdmin: false, isAdmin: false, organises: [], usualStores: [] };
const store = (id: number, name: string) => ({
  id,
  name,
  location: { neighborhood: 'Palermo', city: 'Buenos Aires' },
  address: null,
  active: true,
  logoUrl: null,
  organisers: [],
});
const STORES = [store(1, 'Dragón Dorado Games'), store(2, 'La Cripta del Mito'), store(4, 'El Bastión TCG')];
const league = (id: number, name: string, status: 'upcoming' | 'active' | 'finished') => ({
  id,
  name,
  storeId: 4,
  store: 'El Bastión TCG',
  startDate: '2026-01-01',
  status,
  participants: 8,
  joined: false,
  canManage: true,
});

function setup(extra: Record<string, MockHandler | MockReply | MockReply[]> = {}) {
  stubWebSocket();
  return mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/community/me': { body: PLAYER_ME },
    'GET /api/stores': { body: STORES },
    'GET /api/leagues': ({ url }) => ({
      body:
        url.searchParams.get('storeId') === '4'
          ? [
              league(9, 'Liga de Verano', 'active'),
              league(10, 'Liga de Otoño', 'upcoming'),
              league(11, 'Liga Vieja', 'finished'),
            ]
          : [],
    }),
    'GET /api/notifications/count': { body: { count: 0 } },
    'GET /api/matches/pending': { body: [] },
    'GET /api/matches/rejected': { body: [] },
    'GET /api/users/search': search,
    'GET /api/decks/default/7': { body: deckOf(7) },
    'GET /api/decks/default/8': { body: deckOf(8) },
    'GET /api/decks/default/9': { body: deckOf(9) },
    'GET /api/decks/default/10': { status: 404, body: { success: false, error: 'x', message: 'x' } },
    'GET /api/decks/user/7': { body: [deckOf(7), deckOf(7, 71, 'Otro mazo')] },
    'GET /api/decks/user/8': { body: [deckOf(8)] },
    'GET /api/decks/user/9': { body: [deckOf(9)] },
    ...extra,
  });
}

function renderPage(state?: unknown) {
  return renderRoutes(
    [
      { path: '/new-match', element: <NewMatchPage /> },
      { path: '/my-matches', element: <LocationProbe label="mis partidas" /> },
      { path: '/match/:id', element: <LocationProbe label="partida" /> },
    ],
    { entries: [{ pathname: '/new-match', state }] },
  );
}

async function pick(team: 1 | 2, query: string, username: string) {
  const input = screen.getByRole('combobox', { name: `Buscar jugador para el Equipo ${team}` });
  await userEvent.type(input, query);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(username) }, { timeout: 2000 }));
}

const teamSection = (n: 1 | 2) => screen.getByRole('region', { name: `Equipo ${n}` });
const saveButton = () => screen.getByRole('button', { name: 'Guardar Partida' });
const pendingReasons = () => screen.queryByRole('list', { name: 'Falta para guardar' });

async function fillValidMatch() {
  await pick(1, 'luc', 'lucia');
  await within(teamSection(1)).findByText('lucia');
  await pick(2, '@bet', 'beto');
  await within(teamSection(2)).findByText('beto');
  await userEvent.click(screen.getByRole('button', { name: 'Sumar victoria al Equipo 1' }));
}

describe('NewMatchPage rules', () => {
  it('starts in 1v1 Amistoso with the reasons it cannot be saved', async () => {
    setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nueva Partida' })).toBeInTheDocument();
    for (const title of ['Configuración', 'Equipos', 'Highlights']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: '1v1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '2v2' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Tipo de partida' })).toHaveTextContent('Amistoso');
    const reasons = within(pendingReasons()!);
    expect(reasons.getByText(MSG.teamSize1v1)).toBeInTheDocument();
    expect(reasons.getByText(MSG.minVictories)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('offers a player Amistoso only, and says Torneo is recorded from the tournament', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Tipo de partida' }));
    expect(screen.getByRole('option', { name: 'Amistoso' })).not.toHaveAttribute('aria-disabled');
    for (const tier of ['Amistoso c/ Arbitro', 'Arena']) {
      expect(screen.getByRole('option', { name: tier })).toHaveAttribute('aria-disabled', 'true');
    }
    const torneo = screen.getByRole('option', { name: /^Torneo/ });
    expect(torneo).toHaveAttribute('aria-disabled', 'true');
    expect(torneo).toHaveTextContent('Se registra desde el torneo');
  });

  it('offers a judge Amistoso c/ Arbitro', async () => {
    setup({
      'GET /api/auth/me': { body: { authenticated: true, user: { ...testUser, role: 'judge' } } },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Tipo de partida' }));
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Amistoso c/ Arbitro' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    expect(screen.getByRole('option', { name: 'Arena' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("lists the player's usual stores first, then the other active stores, and Sin tienda", async () => {
    setup({
      'GET /api/community/me': {
        body: {
          ...PLAYER_ME,
          usualStores: [
            { id: 4, name: 'El Bastión TCG' },
            { id: 3, name: 'Cerrada' },
          ],
        },
      },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    const select = screen.getByRole('combobox', { name: 'Tienda' });
    expect(select).toHaveTextContent('Sin tienda');
    await userEvent.click(select);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Sin tienda',
        'El Bastión TCG',
        'Dragón Dorado Games',
        'La Cripta del Mito',
      ]),
    );
  });

  it('sends the store chosen with the match', async () => {
    const create = vi.fn(({ body }: { body: unknown }) => ({
      status: 201,
      body: makeMatch({ id: 52, ...(body as object) }),
    }));
    setup({ 'POST /api/matches': create });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Tienda' }));
    await userEvent.click(await screen.findByRole('option', { name: 'La Cripta del Mito' }));
    expect(screen.getByRole('combobox', { name: 'Tienda' })).toHaveTextContent('La Cripta del Mito');
    expect(screen.queryByRole('combobox', { name: 'Liga' })).toBeNull();
    await fillValidMatch();
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect(create.mock.calls[0]![0].body).toMatchObject({ tier: 'Amistoso', storeId: 2 });
    expect(create.mock.calls[0]![0].body).not.toHaveProperty('leagueId');
  });

  it("lets an organiser record an Arena match in one of their store's running leagues", async () => {
    const create = vi.fn(({ body }: { body: unknown }) => ({
      status: 201,
      body: makeMatch({ id: 53, ...(body as object) }),
    }));
    setup({
      'GET /api/community/me': {
        body: { ...PLAYER_ME, seesAdmin: true, organises: [{ id: 4, name: 'El Bastión TCG' }] },
      },
      'POST /api/matches': create,
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de partida' }));
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Arena' })).not.toHaveAttribute('aria-disabled'),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Arena' }));
    expect(screen.getByText('Elige primero la tienda de la liga.')).toBeInTheDocument();
    await fillValidMatch();
    expect(pendingReasons()).toHaveTextContent(MSG.arenaNeedsLeague);
    expect(saveButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('combobox', { name: 'Tienda' }));
    await userEvent.click(await screen.findByRole('option', { name: 'El Bastión TCG' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Liga' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Liga de Verano']),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Liga de Verano' }));
    expect(pendingReasons()).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(draftKey(7))!)).toMatchObject({
      form: { tier: 'Arena', storeId: 4, leagueId: 9 },
    });
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect(create.mock.calls[0]![0].body).toMatchObject({ tier: 'Arena', storeId: 4, leagueId: 9 });
  });

  it('refuses an Arena match at a store the organiser does not run', async () => {
    setup({
      'GET /api/community/me': {
        body: { ...PLAYER_ME, seesAdmin: true, organises: [{ id: 4, name: 'El Bastión TCG' }] },
      },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo de partida' }));
    await waitFor(() =>
      expect(screen.getByRole('option', { name: 'Arena' })).not.toHaveAttribute('aria-disabled'),
    );
    await userEvent.click(screen.getByRole('option', { name: 'Arena' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Tienda' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Dragón Dorado Games' }));
    expect(await screen.findByText('Esta tienda no tiene ligas activas.')).toBeInTheDocument();
    expect(pendingReasons()).toHaveTextContent(MSG.arenaNeedsLeague);
  });

  it('adds players with their default deck, moves to team 2 when team 1 is full, and saves', async () => {
    const fetchMock = setup({
      'POST /api/matches': ({ body }) => ({ status: 201, body: makeMatch({ id: 50, ...(body as object) }) }),
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'luc', 'lucia');
    expect(await within(teamSection(1)).findByText('Mazo de 7 · Dragon')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Buscar jugador para el Equipo 2' })).toHaveFocus(),
    );
    await pick(2, '8', 'beto');
    await within(teamSection(2)).findByText('beto');
    expect(pendingReasons()).toHaveTextContent(MSG.minVictories);
    expect(saveButton()).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Sumar victoria al Equipo 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sumar victoria al Equipo 2' }));
    await userEvent.click(screen.getByRole('button', { name: /Combo/ }));
    expect(pendingReasons()).toBeNull();
    await userEvent.click(saveButton());

    expect(await screen.findByText('Página: mis partidas')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'POST')!;
    expect(JSON.parse((post[1] as RequestInit).body as string)).toEqual({
      matchMode: '1v1',
      tier: 'Amistoso',
      team1Players: [7],
      team2Players: [8],
      team1Decks: [{ id: 70, name: 'Mazo de 7', raza: 'Dragon', userId: 7 }],
      team2Decks: [{ id: 80, name: 'Mazo de 8', raza: 'Dragon', userId: 8 }],
      team1Score: 0,
      team2Score: 2,
      winningTeam: 'team2',
      highlights: [{ type: 'Combo', description: 'Una jugada clave o combinación letal decidió la partida' }],
      totalMatches: 2,
    });
    expect(calls(fetchMock)).toContain('GET /api/users/search?q=luc');
  });

  it('lands on /my-matches with navigation state selectedTab 0', async () => {
    setup({ 'POST /api/matches': { status: 201, body: makeMatch({ id: 51 }) } });
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect(router.state.location.state).toEqual({ selectedTab: 0 });
  });

  it('refuses a player already selected, in either team', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'luc', 'lucia');
    await within(teamSection(1)).findByText('lucia');
    await pick(2, 'luc', 'lucia');
    expect(await screen.findByText(MSG.playerAlreadySelected)).toBeInTheDocument();
    expect(within(teamSection(2)).queryByText('lucia')).toBeNull();
  });

  it('refuses a second player in a 1v1 team', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'luc', 'lucia');
    await within(teamSection(1)).findByText('lucia');
    await pick(1, 'car', 'carla');
    expect(await screen.findByText(MSG.teamFull1v1)).toBeInTheDocument();
  });

  it('refuses a player without a default deck', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'sinm', 'sinmazo');
    expect(await screen.findByText(MSG.noDefaultDeck)).toBeInTheDocument();
    expect(within(teamSection(1)).queryByText('sinmazo')).toBeNull();
  });

  it('lets a player switch to another of their decks', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'luc', 'lucia');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Mazo de lucia' }));
    await userEvent.click(await screen.findByRole('option', { name: /Otro mazo/ }));
    expect(screen.getByRole('combobox', { name: 'Mazo de lucia' })).toHaveTextContent('Otro mazo · Dragon');
  });

  it('says No se pudieron cargar los mazos when a player decks fail to load', async () => {
    setup({ 'GET /api/decks/user/7': { status: 500, body: { success: false, error: 'x', message: 'x' } } });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'luc', 'lucia');
    expect(await within(teamSection(1)).findByText(MSG.playerDecksError)).toBeInTheDocument();
  });

  it('re-activates team 1 when its player is removed', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'luc', 'lucia');
    await userEvent.click(await screen.findByRole('button', { name: 'Quitar a lucia' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Buscar jugador para el Equipo 1' })).toHaveFocus(),
    );
    expect(pendingReasons()).toHaveTextContent(MSG.teamSize1v1);
  });

  it('never lets a score go below 0', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    const minus = screen.getByRole('button', { name: 'Restar victoria al Equipo 1' });
    expect(minus).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Sumar victoria al Equipo 1' }));
    expect(screen.getByLabelText('Victorias del Equipo 1: 1')).toBeInTheDocument();
    await userEvent.click(minus);
    expect(screen.getByLabelText('Victorias del Equipo 1: 0')).toBeInTheDocument();
    expect(minus).toBeDisabled();
  });

  it('keeps a victory tapped while a player is being added (their default deck is still on its way)', async () => {
    const deck = heldReply({ body: deckOf(7) });
    setup({ 'GET /api/decks/default/7': deck.handler });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'luc', 'lucia');
    await userEvent.click(screen.getByRole('button', { name: 'Sumar victoria al Equipo 2' }));
    expect(screen.getByLabelText('Victorias del Equipo 2: 1')).toBeInTheDocument();
    deck.answer();
    expect(await within(teamSection(1)).findByText('lucia')).toBeInTheDocument();
    expect(screen.getByLabelText('Victorias del Equipo 2: 1')).toBeInTheDocument();
  });

  it("draws neither team's player search again for a victory tapped", async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    // Once used, MUI's Autocomplete reads its field's width whenever it renders (decision 051):
    // a read after the tap would be a search drawn again.
    for (const team of [1, 2]) {
      await userEvent.click(screen.getByRole('combobox', { name: `Buscar jugador para el Equipo ${team}` }));
      await userEvent.keyboard('{Escape}');
    }
    // Out of the search (its own blur draws it again), then the tap alone.
    await userEvent.click(screen.getByRole('heading', { name: 'Nueva Partida' }));
    const reads = vi.spyOn(Element.prototype, 'clientWidth', 'get');
    await userEvent.click(screen.getByRole('button', { name: 'Sumar victoria al Equipo 1' }));
    expect(screen.getByLabelText('Victorias del Equipo 1: 1')).toBeInTheDocument();
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });

  it('allows at most 3 highlights, each with its description, and toggling one off', async () => {
    setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    expect(
      screen.getByRole('button', { name: /Remontada.*Ganó después de estar claramente en desventaja/ }),
    ).toBeVisible();
    for (const h of ['Remontada', 'Paliza', 'Combo'])
      await userEvent.click(screen.getByRole('button', { name: new RegExp(h) }));
    expect(screen.getByText(MSG.tooManyHighlights)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Rapida/ })).toBeDisabled();
    const paliza = screen.getByRole('button', { name: /Paliza/ });
    expect(paliza).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(paliza);
    expect(paliza).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: /Rapida/ })).toBeEnabled();
  });
});

describe('NewMatchPage creation errors', () => {
  const cases: Array<[string, MockReply, string[]]> = [
    [
      '400 with field errors',
      {
        status: 400,
        body: {
          success: false,
          error: 'Datos inválidos',
          message: 'Datos inválidos',
          errors: { team1Score: ['El puntaje debe ser un número entero entre 0 y 99'] },
        },
      },
      ['Datos inválidos', 'El puntaje debe ser un número entero entre 0 y 99'],
    ],
    ['400 without a message', { status: 400, body: {} }, [MSG.createError400]],
    ['401', { status: 401, body: {} }, [MSG.sessionExpired]],
    ['403', { status: 403, body: { success: false, error: 'x', message: 'x' } }, [MSG.createForbiddenShort]],
    ['500', { status: 500, body: {} }, [MSG.createErrorOther]],
  ];

  it.each(cases)('shows the SPEC message at the top for a %s', async (_, reply, lines) => {
    setup({ 'POST /api/matches': reply, 'POST /api/auth/refresh': { status: 401, body: {} } });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    const alert = await screen.findByRole('alert');
    for (const line of lines) expect(alert).toHaveTextContent(line);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    scrollTo.mockRestore();
  });
});

describe('NewMatchPage prefilled from a rejected match', () => {
  const rejected = makeMatch({
    id: 33,
    approval_status: 'rejected',
    total_matches: 4,
    score: [1, 2],
    highlights: [{ type: 'Paliza', description: 'x' }],
    team1: [{ id: 7, username: 'lucia' }],
    team2: [{ id: 8, username: 'beto', status: 'rejected' }],
  });

  it('copies mode, tier, teams, decks, scores, highlights and total games', async () => {
    const fetchMock = setup({
      'POST /api/matches': { status: 201, body: makeMatch({ id: 34 }) },
      'POST /api/matches/33/cancel': { body: {} },
    });
    renderPage(newMatchStateFrom(rejected));
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    expect(await within(teamSection(1)).findByText('lucia')).toBeInTheDocument();
    expect(within(teamSection(2)).getByText('beto')).toBeInTheDocument();
    expect(screen.getByLabelText('Victorias del Equipo 2: 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Paliza/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'POST')!;
    expect(JSON.parse((post[1] as RequestInit).body as string)).toMatchObject({
      team1Players: [7],
      team2Players: [8],
      team1Score: 1,
      team2Score: 2,
      totalMatches: 4,
      highlights: [{ type: 'Paliza' }],
    });
  });

  it('names the players whose deck no longer exists', async () => {
    setup();
    renderPage(
      newMatchStateFrom(
        makeMatch({
          approval_status: 'rejected',
          team1: [{ id: 7, username: 'lucia', deck: { id: null, name: 'Viejo', raza: 'Dragon' } }],
          team2: [{ id: 8, username: 'beto', deck: null }],
        }),
      ),
    );
    expect(
      await screen.findByText('Los siguientes jugadores no tienen mazo asignado: lucia, beto'),
    ).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('uses the 2v2 messages for a 2v2 match', async () => {
    setup();
    renderPage(
      newMatchStateFrom(
        makeMatch({
          match_mode: '2v2',
          approval_status: 'rejected',
          team1: [
            { id: 7, username: 'lucia' },
            { id: 9, username: 'carla' },
          ],
          team2: [{ id: 8, username: 'beto' }],
        }),
      ),
    );
    expect(await screen.findByText(MSG.teamSize2v2)).toBeInTheDocument();
    await pick(1, '10', 'sinmazo');
    expect(await screen.findByText(MSG.teamFull2v2)).toBeInTheDocument();
  });

  it('says Datos de equipos incompletos when a team is empty', async () => {
    setup();
    renderPage(newMatchStateFrom(makeMatch({ approval_status: 'rejected', team2: [] })));
    expect(await screen.findByText(MSG.incompleteTeams)).toBeInTheDocument();
  });
});

describe('NewMatchPage Crear Nueva: the old match is cancelled only once the new one is saved', () => {
  const rejected = makeMatch({
    id: 33,
    approval_status: 'rejected',
    team1: [{ id: 7, username: 'lucia' }],
    team2: [{ id: 8, username: 'beto', status: 'rejected' }],
  });
  const created = { status: 201, body: makeMatch({ id: 34 }) };

  it('saves the new match first, then cancels the old one', async () => {
    const fetchMock = setup({ 'POST /api/matches': created, 'POST /api/matches/33/cancel': { body: {} } });
    renderPage(newMatchStateFrom(rejected));
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    expect(await screen.findByText(/Se cancelará al guardar la nueva/)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/matches/33/cancel');
    await within(teamSection(1)).findByText('lucia');
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    const posts = calls(fetchMock).filter((c) => c.startsWith('POST'));
    expect(posts).toEqual(['POST /api/matches', 'POST /api/matches/33/cancel']);
  });

  it('tolerates an old match that is already cancelled', async () => {
    setup({
      'POST /api/matches': created,
      'POST /api/matches/33/cancel': {
        status: 400,
        body: { success: false, error: MSG.alreadyCancelled, message: MSG.alreadyCancelled },
      },
    });
    renderPage(newMatchStateFrom(rejected));
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await within(teamSection(1)).findByText('lucia');
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect(screen.queryByText(MSG.alreadyCancelled)).toBeNull();
  });

  it('says why the old match could not be cancelled, keeping the new one', async () => {
    setup({
      'POST /api/matches': created,
      'POST /api/matches/33/cancel': {
        status: 400,
        body: {
          success: false,
          error: MSG.cannotCancel,
          message: MSG.cannotCancel,
          details: 'ya fue aprobada',
        },
      },
    });
    renderPage(newMatchStateFrom(rejected));
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await within(teamSection(1)).findByText('lucia');
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect(
      await screen.findByText('No se puede procesar la partida en su estado actual (ya fue aprobada)'),
    ).toBeInTheDocument();
  });

  it('changes nothing when the player leaves without saving', async () => {
    const fetchMock = setup();
    const { router } = renderPage(newMatchStateFrom(rejected));
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await within(teamSection(1)).findByText('lucia');
    await router.navigate('/my-matches');
    await screen.findByText('Página: mis partidas');
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([]);
  });
});

describe('NewMatchPage after saving', () => {
  it('says whose approval the match waits for, with a link to it', async () => {
    setup({
      'POST /api/matches': {
        status: 201,
        body: makeMatch({
          id: 41,
          approval_status: 'pending',
          team1: [{ id: 7, username: 'lucia' }],
          team2: [{ id: 8, username: 'beto', status: 'pending' }],
        }),
      },
    });
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect(router.state.location.state).toEqual({ selectedTab: 0 });
    expect(
      await screen.findByText('Partida registrada: esperando la aprobación de beto'),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Ver partida' });
    expect(link).toHaveAttribute('href', '/match/41');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/match/41');
  });
});

describe('NewMatchPage knows who may record a match', () => {
  it('says No tienes permisos para crear esta partida before saving when the player is in neither team', async () => {
    const fetchMock = setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await pick(1, 'car', 'carla');
    await within(teamSection(1)).findByText('carla');
    await pick(2, '@bet', 'beto');
    await within(teamSection(2)).findByText('beto');
    await userEvent.click(screen.getByRole('button', { name: 'Sumar victoria al Equipo 1' }));
    expect(pendingReasons()).toHaveTextContent(MSG.createForbidden);
    expect(saveButton()).toBeDisabled();
    expect(calls(fetchMock)).not.toContain('POST /api/matches');
  });

  it('keeps the player and the form on the page on a 403 that still happens', async () => {
    setup({ 'POST /api/matches': { status: 403, body: { success: false, error: 'x', message: 'x' } } });
    const { router } = renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.createForbidden);
    expect(router.state.location.pathname).toBe('/new-match');
    expect(within(teamSection(2)).getByText('beto')).toBeInTheDocument();
  });
});

describe('NewMatchPage offline', () => {
  afterEach(async () => {
    onlineManager.setOnline(true);
    await clearOutbox(7);
  });

  const keyOf = (init: RequestInit) => (init.headers as Record<string, string>)['Idempotency-Key'];

  it('sends each save with a fresh Idempotency-Key', async () => {
    const fetchMock = setup({ 'POST /api/matches': { status: 201, body: makeMatch({ id: 52 }) } });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'POST')!;
    expect(keyOf(post[1] as RequestInit)).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('keeps a match sent without an answer in the outbox with its key, and goes on as after a save', async () => {
    const fetchMock = setup({
      'POST /api/matches': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    expect(await screen.findByText('Página: mis partidas')).toBeInTheDocument();
    expect(await screen.findByText(MSG.outboxSaved)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'POST')!;
    const [queued] = await readOutbox(7);
    expect(queued).toMatchObject({
      kind: 'create',
      userId: 7,
      key: keyOf(post[1] as RequestInit),
      summary: { team1: ['lucia'], team2: ['beto'], score: [1, 0] },
      payload: JSON.parse((post[1] as RequestInit).body as string),
      state: 'waiting',
    });
    // The draft is the outbox's now.
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
  });

  it('queues without sending while the browser is offline', async () => {
    const fetchMock = setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    onlineManager.setOnline(false);
    await userEvent.click(saveButton());
    expect(await screen.findByText('Página: mis partidas')).toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([]);
    const [queued] = await readOutbox(7);
    expect(queued?.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(queued?.replaces).toBeNull();
  });

  it('keeps the rejected match a Crear Nueva replaces, to cancel it once sent', async () => {
    setup();
    renderPage(
      newMatchStateFrom(
        makeMatch({
          id: 33,
          approval_status: 'rejected',
          team1: [{ id: 7, username: 'lucia' }],
          team2: [{ id: 8, username: 'beto', status: 'rejected' }],
        }),
      ),
    );
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await screen.findByText(/partida rechazada #33/);
    await within(teamSection(1)).findByText('lucia');
    onlineManager.setOnline(false);
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect((await readOutbox(7))[0]?.replaces).toBe(33);
  });

  it('still shows a refusal on the form: only a send without an answer is queued', async () => {
    setup({
      'POST /api/matches': { status: 400, body: { success: false, error: 'x', message: 'Datos inválidos' } },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Datos inválidos');
    expect(await readOutbox(7)).toEqual([]);
  });
});

describe('NewMatchPage draft', () => {
  it('keeps the form from the first change and restores it with a note, until Descartar', async () => {
    setup();
    const first = renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
    await pick(1, 'luc', 'lucia');
    await within(teamSection(1)).findByText('lucia');
    await userEvent.click(screen.getByRole('button', { name: /Paliza/ }));
    expect(JSON.parse(sessionStorage.getItem(draftKey(7))!)).toMatchObject({
      form: { teams: [[{ userId: 7 }], []], highlights: ['Paliza'] },
      from: null,
    });
    first.unmount();

    renderPage();
    expect(await screen.findByText(/Recuperamos el borrador/)).toBeInTheDocument();
    expect(within(teamSection(1)).getByText('lucia')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Paliza/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(screen.queryByText(/Recuperamos el borrador/)).toBeNull();
    expect(within(teamSection(1)).queryByText('lucia')).toBeNull();
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
  });

  it('keeps the draft when the session ends while saving, and drops it once saved', async () => {
    setup({
      'POST /api/matches': [
        { status: 401, body: {} },
        { status: 201, body: makeMatch({ id: 50 }) },
      ],
      'POST /api/auth/refresh': { status: 401, body: {} },
    });
    const first = renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await fillValidMatch();
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.sessionExpired);
    expect(JSON.parse(sessionStorage.getItem(draftKey(7))!)).toMatchObject({
      form: { teams: [[{ userId: 7 }], [{ userId: 8 }]], scores: [1, 0] },
    });
    first.unmount();

    renderPage();
    expect(await screen.findByText(/Recuperamos el borrador/)).toBeInTheDocument();
    await userEvent.click(saveButton());
    await screen.findByText('Página: mis partidas');
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
  });

  it('keeps the rejected match of a Crear Nueva draft, and ignores a corrupt one', async () => {
    sessionStorage.setItem(draftKey(7), '{"form":{"mode":"3v3"}}');
    setup();
    const first = renderPage();
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    expect(screen.queryByText(/Recuperamos el borrador/)).toBeNull();
    first.unmount();

    const rejected = makeMatch({
      id: 33,
      approval_status: 'rejected',
      team1: [{ id: 7, username: 'lucia' }],
    });
    const second = renderPage(newMatchStateFrom(rejected));
    await screen.findByRole('heading', { name: 'Nueva Partida' });
    await within(teamSection(1)).findByText('lucia');
    expect(JSON.parse(sessionStorage.getItem(draftKey(7))!)).toMatchObject({ from: 33 });
    second.unmount();

    renderPage();
    expect(await screen.findByText(/Recuperamos el borrador/)).toBeInTheDocument();
    expect(screen.getByText(/partida rechazada #33/)).toBeInTheDocument();
  });

  it('keeps drafts apart per player', () => {
    const draft = { form: initialNewMatchForm(), from: 3 };
    expect(writeDraft(7, draft)).toBe(true);
    expect(readDraft(7)).toEqual(draft);
    expect(readDraft(8)).toBeNull();
    clearDraft(7);
    expect(readDraft(7)).toBeNull();
  });
});
