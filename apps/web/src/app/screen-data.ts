import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import { matchPath, type Params } from 'react-router';
import type { TSelfUser } from '@mitos/domain/users';
import { pendingMatchesQuery, rejectedMatchesQuery, unreadAnnouncementsQuery } from '../api/inbox';
import {
  communityMeQuery,
  RANKING_PAGE_SIZE,
  rankingQuery,
  seasonsQuery,
  standingQuery,
  storesQuery,
} from '../api/community';
import { myDecksQuery } from '../api/decks';
import { myMatchesQuery } from '../api/matches';
import { playerRatingQuery, playerStatisticsQuery } from '../api/statistics';
import { tournamentIdParam, tournamentQuery } from '../api/tournaments';
import { requestEarly } from '../lib/api-client';

/** One of a screen's first reads: a query's options, as the screen's own hook passes them. */
interface Read {
  queryKey: QueryKey;
  queryFn?: unknown;
  initialPageParam?: unknown;
}

/** Mis Partidas, at either of its addresses. */
function myMatchesReads(): Read[] {
  return [myMatchesQuery(), pendingMatchesQuery()];
}

/**
 * What each signed-in screen reads as it opens, before anything else can be drawn: its lists
 * and the sections it waits for. Each entry's options are the ones the screen's hooks use, so
 * the request made early here is the very one the screen's read then makes (the same address),
 * and finds answered or on its way. A screen missing here just loads as it opens, as before.
 */
const SCREENS: [pattern: string, reads: (user: TSelfUser, params: Params) => Read[]][] = [
  [
    '/notifications',
    () => [pendingMatchesQuery(), rejectedMatchesQuery(), unreadAnnouncementsQuery(), communityMeQuery()],
  ],
  ['/my-matches', myMatchesReads],
  ['/matches', myMatchesReads],
  ['/decks', (user) => [myDecksQuery(), playerStatisticsQuery(user.id)]],
  [
    '/profile',
    (user) => [
      myDecksQuery(),
      playerRatingQuery(user.id),
      standingQuery(user.id),
      playerStatisticsQuery(user.id),
    ],
  ],
  ['/new-match', () => [communityMeQuery(), storesQuery()]],
  [
    '/torneos/general',
    () => [
      seasonsQuery(),
      // Ranking General opens on the current season by points, at its first page.
      rankingQuery({ seasonId: null, storeId: null, page: 1, pageSize: RANKING_PAGE_SIZE, sort: 'points' }),
    ],
  ],
  [
    '/tournaments/:id',
    (_user, params) => {
      const id = tournamentIdParam(params.id);
      return id > 0 ? [tournamentQuery(id)] : [];
    },
  ],
];

/** The reads a signed-in player's first screen at `pathname` starts with (none: a screen not listed). */
function screenReads(user: TSelfUser, pathname: string): Read[] {
  const reads: Read[] = [];
  for (const [pattern, screen] of SCREENS) {
    const match = matchPath(pattern, pathname);
    if (match) reads.push(...screen(user, match.params));
  }
  return reads;
}

/**
 * Asks early for each of them (lib/api-client's `requestEarly`), through the read's own fetcher;
 * not for a read the screen already made (drawn before the live connection settled).
 */
export function requestScreen(client: QueryClient, user: TSelfUser, pathname: string): void {
  const cache = client.getQueryCache();
  for (const read of screenReads(user, pathname)) {
    if (cache.find({ queryKey: read.queryKey, exact: true })) continue;
    const fetcher = read.queryFn as QueryFunction<unknown, QueryKey, unknown>;
    const context = {
      client,
      queryKey: read.queryKey,
      signal: new AbortController().signal,
      meta: undefined,
      pageParam: read.initialPageParam,
      direction: 'forward',
    } as Parameters<typeof fetcher>[0];
    requestEarly(() => fetcher(context));
  }
}
