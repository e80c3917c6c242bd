import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router';
import type { TRanking } from '@mitos/domain/community';
import { calls, mockFetch, signedIn, signedOut } from '../test/fetch-mock';
import { currentSeason as SEASON, playerMe } from '../test/community-fixtures';
import { stubWebSocket } from '../test/match-fixtures';
import { testQueryClient } from '../test/render';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { startFirstScreenLoads } from './first-screen';
import { pendingMatchesQuery } from '../api/inbox';

const RANKING: TRanking = {
  season: SEASON,
  storeId: null,
  sort: 'points',
  total: 1,
  page: 1,
  pageSize: 50,
  rows: [
    {
      position: 1,
      userId: 7,
      name: 'lucia',
      torCode: 'TOR001',
      matches: 10,
      wins: 6,
      points: 4200,
      rank: { level: 4, name: 'Dragón de Fuego' },
      rating: 1210,
      ratingProvisional: false,
    },
  ],
};
const ANNOUNCEMENT = {
  id: 31,
  tournament: { id: 9, name: 'Torneo Mensual' },
  date: '2026-03-21T18:00:00.000Z',
  message: 'La ronda 2 empieza a las 18:30',
};

/** What the screens under test read, besides the session check and the bell. */
const SCREEN_ROUTES = {
  'GET /api/tournaments/announcements/unread': { body: [ANNOUNCEMENT] },
  'GET /api/community/me': { body: playerMe },
  'GET /api/seasons': { body: [SEASON] },
  'GET /api/rankings': { body: RANKING },
};

const NOTIFICATIONS_DATA = [
  'GET /api/matches/pending',
  'GET /api/matches/rejected',
  'GET /api/tournaments/announcements/unread',
  'GET /api/community/me',
];

/** A screen whose chunk never arrives: what starts, starts before anything is drawn. */
function neverDrawn(path: string) {
  const lazy = vi.fn(() => new Promise<never>(() => {}));
  return { lazy, routes: [{ path, lazy }] as RouteObject[] };
}

/** The app's providers (the session check, the live connection) around the loads alone. */
function startLoads(path: string, routes: RouteObject[]) {
  const client = testQueryClient();
  render(<AppProviders queryClient={client}>{null}</AppProviders>);
  return startFirstScreenLoads(client, routes, path);
}

describe('the first screen’s loads', () => {
  it('ask for the chunk once the session check answers, and the data on the live connection’s first count', async () => {
    const Socket = stubWebSocket();
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedIn, ...SCREEN_ROUTES });
    const { lazy, routes } = neverDrawn('/notifications');
    const stop = startLoads('/notifications', routes);

    await waitFor(() => expect(lazy).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(Socket.instances).toHaveLength(1));
    // The connection is open but the server has not registered it yet: nothing is read.
    act(() => Socket.instances[0]!.open());
    await new Promise((r) => setTimeout(r, 50));
    const before = calls(fetchMock);
    for (const data of NOTIFICATIONS_DATA) expect(before).not.toContain(data);

    act(() => Socket.instances[0]!.receive({ type: 'new_notification', count: 1 }));
    await waitFor(() => expect(calls(fetchMock)).toEqual(expect.arrayContaining(NOTIFICATIONS_DATA)));
    expect(lazy).toHaveBeenCalledTimes(1);
    stop();
  });

  it('read the data without the live connection once its wait is over', async () => {
    stubWebSocket();
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedIn, ...SCREEN_ROUTES });
    const { lazy, routes } = neverDrawn('/notifications');
    startLoads('/notifications', routes);
    await waitFor(() => expect(lazy).toHaveBeenCalledTimes(1));
    // The socket never answers (SilentSocket): the wait (1.5 s) ends and the data is asked for.
    await waitFor(() => expect(calls(fetchMock)).toEqual(expect.arrayContaining(NOTIFICATIONS_DATA)), {
      timeout: 4_000,
    });
  });

  it('leave out a read the screen already made', async () => {
    const Socket = stubWebSocket();
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedIn, ...SCREEN_ROUTES });
    const { routes } = neverDrawn('/notifications');
    const client = testQueryClient();
    render(<AppProviders queryClient={client}>{null}</AppProviders>);
    startFirstScreenLoads(client, routes, '/notifications');
    await waitFor(() => expect(Socket.instances).toHaveLength(1));
    // The screen was drawn first and asked for its pending matches itself.
    await act(() => client.prefetchQuery(pendingMatchesQuery()));
    act(() => {
      Socket.instances[0]!.open();
      Socket.instances[0]!.receive({ type: 'new_notification', count: 1 });
    });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/matches/rejected'));
    expect(calls(fetchMock).filter((call) => call === 'GET /api/matches/pending')).toHaveLength(1);
  });

  it('start nothing for a visitor who is not signed in', async () => {
    stubWebSocket();
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedOut, ...SCREEN_ROUTES });
    const { lazy, routes } = neverDrawn('/notifications');
    startLoads('/notifications', routes);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/auth/me'));
    await new Promise((r) => setTimeout(r, 1_800));
    expect(lazy).not.toHaveBeenCalled();
    expect(calls(fetchMock)).toEqual(['GET /api/auth/me']);
  });
});

describe('a screen opened first', () => {
  function openApp(path: string) {
    const Socket = stubWebSocket();
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedIn, ...SCREEN_ROUTES });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AppProviders>,
    );
    return { Socket, fetchMock };
  }

  /** The live connection opens, and the server's first count says it is registered. */
  async function registerLive(Socket: ReturnType<typeof stubWebSocket>, count: number) {
    await waitFor(() => expect(Socket.instances).toHaveLength(1));
    act(() => {
      Socket.instances[0]!.open();
      Socket.instances[0]!.receive({ type: 'new_notification', count });
    });
  }

  /** Each of the screen's reads was asked for once: the screen found the loads started for it. */
  function expectEachReadOnce(fetchMock: ReturnType<typeof mockFetch>, reads: string[]) {
    const made = calls(fetchMock).map((call) => call.split('?')[0]);
    for (const read of reads)
      expect(
        made.filter((call) => call === read),
        read,
      ).toHaveLength(1);
  }

  it('Notificaciones finds its lists and Comunicados loaded, each read once', async () => {
    const { Socket, fetchMock } = openApp('/notifications');
    await registerLive(Socket, 1);
    expect(await screen.findByText('La ronda 2 empieza a las 18:30')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Pendientes/ })).toBeInTheDocument());
    expectEachReadOnce(fetchMock, NOTIFICATIONS_DATA);
  });

  it('Ranking General finds its seasons and its first page loaded, each read once', async () => {
    const { Socket, fetchMock } = openApp('/torneos/general');
    await registerLive(Socket, 0);
    expect(await screen.findByRole('cell', { name: /lucia/ })).toBeInTheDocument();
    expectEachReadOnce(fetchMock, ['GET /api/seasons', 'GET /api/rankings']);
    expect(calls(fetchMock)).toContain('GET /api/rankings?page=1&pageSize=50');
  });
});
