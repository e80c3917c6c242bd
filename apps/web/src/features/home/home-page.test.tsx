import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as MSG from '@mitos/domain/message-texts';
import { signedIn, signedOut, testUser } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { makeMatch, stubWebSocket } from '../../test/match-fixtures';
import { EMPTY_SEARCH, searchQuery } from './api/home';
import HomePage from './home-page';

describe('searchQuery', () => {
  it('covers the whole chosen day and sends each team as user or user:deck', () => {
    const day = new Date(2026, 2, 14, 15, 0);
    expect(
      searchQuery({
        day,
        team1: [{ userId: 7, deckId: 70 }],
        team2: [
          { userId: 8, deckId: null },
          { userId: 9, deckId: 90 },
        ],
      }),
    ).toEqual({
      from: new Date(2026, 2, 14, 0, 0, 0, 0).toISOString(),
      to: new Date(2026, 2, 14, 23, 59, 59, 999).toISOString(),
      team1: '7:70',
      team2: '8,9:90',
    });
  });

  it('sends nothing for an empty search', () => {
    expect(searchQuery(EMPTY_SEARCH)).toEqual({
      from: undefined,
      to: undefined,
      team1: undefined,
      team2: undefined,
    });
  });
});

interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A fetch whose handlers see the full URL and may set headers (the lists page with X-Next-Cursor). */
function serve(handler: (method: string, url: URL) => Reply | undefined) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const reply = handler(method, url);
    if (!reply) throw new Error(`Unexpected request: ${method} ${url.pathname}`);
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const deck = {
  id: 70,
  user_id: 7,
  name: 'Fuego',
  raza: 'Dragon',
  description: null,
  is_default: true,
  created_at: '',
};
const page1 = [makeMatch({ id: 3 }), makeMatch({ id: 2 })];
const page2 = [makeMatch({ id: 1, team1: [{ id: 9, username: 'carla' }] })];

function standardServer(options: { decks?: unknown[] } = {}) {
  return serve((method, url) => {
    switch (url.pathname) {
      case '/api/auth/me':
        return signedIn;
      case '/api/notifications/count':
        return { body: { count: 0 } };
      case '/api/decks':
        return { body: options.decks ?? [deck] };
      case '/api/users/search':
        return { body: [{ id: 7, username: testUser.username }] };
      case '/api/decks/user/7':
        return { body: [deck] };
      case '/api/matches/all-approved':
        if (url.searchParams.get('before') === 'c2') return { body: page2 };
        if (url.searchParams.has('team1')) return { body: [page1[0]] };
        return { body: page1, headers: { 'X-Next-Cursor': 'c2' } };
      default:
        return undefined;
    }
  });
}

const approvedCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/matches/all-approved');

let observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];

beforeEach(() => {
  stubWebSocket();
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

function renderHome(entry = '/') {
  return renderRoutes(
    [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LocationProbe label="login" /> },
      { path: '/decks', element: <LocationProbe label="mazos" /> },
    ],
    { entries: [entry] },
  );
}

describe('HomePage', () => {
  it('lists approved matches and loads the next page when the end scrolls into view', async () => {
    const fetchMock = standardServer();
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Partidas Recientes' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /Ver partida: ana 2 - 1 beto/ })).toHaveLength(2);
    await waitFor(() => expect(observed.length).toBeGreaterThan(0));
    act(() => observed.at(-1)!([{ isIntersecting: true }]));
    expect(await screen.findByRole('link', { name: /Ver partida: carla/ })).toBeInTheDocument();
    expect(approvedCalls(fetchMock).map((u) => u.searchParams.get('before'))).toEqual([null, 'c2']);
  });

  it('invites a player without decks: Bienvenido and Crear mi Primer Mazo', async () => {
    standardServer({ decks: [] });
    renderHome();
    expect(await screen.findByRole('heading', { name: 'Bienvenido' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Crear mi Primer Mazo' }));
    expect(await screen.findByText('Página: mazos')).toBeInTheDocument();
  });

  it('has no invitation for a player with decks', async () => {
    standardServer();
    renderHome();
    await screen.findAllByRole('link', { name: /Ver partida/ });
    expect(screen.queryByRole('heading', { name: 'Bienvenido' })).toBeNull();
  });

  it('reloads when a matchApproved event is dispatched', async () => {
    const fetchMock = standardServer();
    renderHome();
    await screen.findAllByRole('link', { name: /Ver partida/ });
    const before = approvedCalls(fetchMock).length;
    act(() => {
      window.dispatchEvent(new Event('matchApproved'));
    });
    await waitFor(() => expect(approvedCalls(fetchMock).length).toBeGreaterThan(before));
  });

  it('searches on the server by player and deck, and Resetear búsqueda goes back to every match', async () => {
    const fetchMock = standardServer();
    renderHome();
    await screen.findAllByRole('link', { name: /Ver partida/ });
    await userEvent.click(screen.getByRole('button', { name: 'Buscar Partidas' }));
    expect(await screen.findByRole('button', { name: 'Cerrar Búsqueda' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Fecha' }, { timeout: 5000 })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'Jugador del Equipo 1' }), 'luc');
    await userEvent.click(await screen.findByRole('option', { name: /lucia/ }, { timeout: 2000 }));
    const deckChoice = await screen.findByRole('combobox', { name: 'Mazo de lucia' });
    expect(deckChoice).toHaveTextContent('Cualquier Mazo');
    await userEvent.click(deckChoice);
    await userEvent.click(await screen.findByRole('option', { name: 'Fuego · Dragon' }));
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));

    await waitFor(() => expect(screen.getAllByRole('link', { name: /Ver partida/ })).toHaveLength(1));
    expect(approvedCalls(fetchMock).at(-1)!.searchParams.get('team1')).toBe('7:70');

    await userEvent.click(screen.getByRole('button', { name: 'Resetear búsqueda' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Ver partida/ })).toHaveLength(2));
    expect(screen.queryByRole('combobox', { name: 'Mazo de lucia' })).toBeNull();
  });

  it('refuses a future day: Buscar disabled with the reason', async () => {
    standardServer();
    renderHome();
    await screen.findAllByRole('link', { name: /Ver partida/ });
    await userEvent.click(screen.getByRole('button', { name: 'Buscar Partidas' }));
    const day = await screen.findByRole('spinbutton', { name: 'Dia' }, { timeout: 5000 });
    await userEvent.click(day);
    await userEvent.keyboard('01012099');
    expect(await screen.findByText(MSG.futureDate)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buscar' })).toBeDisabled();
  });

  it('sends a signed-out visitor to /login', async () => {
    serve((_, url) => (url.pathname === '/api/auth/me' ? signedOut : undefined));
    renderHome();
    expect(await screen.findByText('Página: login')).toBeInTheDocument();
  });
});

/** The standard server, which also answers the player a search in the address names (and, held
 * until `decksAnswered` settles, their decks). */
function restoredSearchServer(decksAnswered: Promise<void> = Promise.resolve()) {
  const fetchMock = standardServer();
  const fallback = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/users/7')
      return Response.json({ id: 7, username: testUser.username, created_at: '', role: 'player' });
    if (url.pathname === '/api/decks/user/7') await decksAnswered;
    return fallback(input, init);
  });
  return fetchMock;
}

describe('HomePage search in the address', () => {
  it('restores a search from the address: the filtered list and the open panel with the player and deck', async () => {
    // The player's decks answer only when the test says so.
    let answerDecks = () => {};
    const fetchMock = restoredSearchServer(new Promise<void>((resolve) => (answerDecks = resolve)));
    renderHome('/?fecha=2026-03-14&equipo1=7:70&buscar=1');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Ver partida/ })).toHaveLength(1));
    const asked = approvedCalls(fetchMock).at(-1)!.searchParams;
    expect(asked.get('team1')).toBe('7:70');
    expect(asked.get('from')).toBe(new Date(2026, 2, 14).toISOString());
    expect(screen.getByText('Mostrando resultados de la búsqueda')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cerrar Búsqueda' })).toBeInTheDocument();
    const deckChoice = await screen.findByRole(
      'combobox',
      { name: `Mazo de ${testUser.username}` },
      { timeout: 5000 },
    );
    // The chosen deck is not called missing while the decks load.
    expect(deckChoice).toHaveTextContent('Cargando mazos...');
    answerDecks();
    await waitFor(() => expect(deckChoice).toHaveTextContent('Fuego · Dragon'));
  });

  it('says a deck from the address the player no longer has is not available', async () => {
    const fetchMock = restoredSearchServer();
    renderHome('/?fecha=2026-03-14&equipo1=7:99&buscar=1');
    const deckChoice = await screen.findByRole(
      'combobox',
      { name: `Mazo de ${testUser.username}` },
      { timeout: 5000 },
    );
    await waitFor(() => expect(deckChoice).toHaveTextContent(MSG.deckUnavailable));
    expect(approvedCalls(fetchMock).at(-1)!.searchParams.get('team1')).toBe('7:99');
  });

  it('ignores invalid values in the address rather than failing', async () => {
    const fetchMock = standardServer();
    renderHome('/?fecha=2026-02-31&equipo1=abc&equipo2=1,2,3&buscar=x');
    expect(await screen.findAllByRole('link', { name: /Ver partida/ })).toHaveLength(2);
    const asked = approvedCalls(fetchMock)[0]!.searchParams;
    expect([...asked.keys()]).toEqual(['limit']);
    expect(screen.queryByText('Mostrando resultados de la búsqueda')).toBeNull();
    expect(screen.getByRole('button', { name: 'Buscar Partidas' })).toBeInTheDocument();
  });

  it('replaces the address when the panel opens, and pushes a step for each search', async () => {
    standardServer();
    const { router } = renderHome();
    await screen.findAllByRole('link', { name: /Ver partida/ });
    await userEvent.click(screen.getByRole('button', { name: 'Buscar Partidas' }));
    expect(router.state.location.search).toBe('?buscar=1');
    expect(router.state.historyAction).toBe('REPLACE');

    await userEvent.type(
      await screen.findByRole('combobox', { name: 'Jugador del Equipo 1' }, { timeout: 5000 }),
      'luc',
    );
    await userEvent.click(await screen.findByRole('option', { name: /lucia/ }, { timeout: 2000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(router.state.location.search).toBe('?equipo1=7&buscar=1'));
    expect(router.state.historyAction).toBe('PUSH');

    await userEvent.click(screen.getByRole('button', { name: 'Resetear búsqueda' }));
    await waitFor(() => expect(router.state.location.search).toBe('?buscar=1'));
    act(() => void router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?equipo1=7&buscar=1'));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Ver partida/ })).toHaveLength(1));
  });
});
