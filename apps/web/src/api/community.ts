import {
  queryOptions,
  useInfiniteQuery,
  useQuery,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  TCommunityMe,
  TRanking,
  TSeason,
  TStanding,
  TStore,
  TStoreInput,
} from '@mitos/domain/community';
import { api } from '../lib/api-client';
import { fetchMatchPage } from './matches';
import { statisticsChanged, tournamentsChanged } from './query-keys';

// The community's schemas (and zod with them) load with the first community request, so the
// home screen's first download does not carry them.
const schemas = () => import('@mitos/domain/community');

/**
 * Every community query (stores, seasons, leagues, rankings, standings, the admin screens) starts
 * with this key: one invalidation refreshes them all, as when the server pushes
 * `community_changed` or a community write of this player succeeds.
 */
export const communityKeys = {
  all: ['community'] as const,
  me: ['community', 'me'] as const,
  stores: ['community', 'stores'] as const,
  store: (id: number) => ['community', 'stores', id] as const,
  seasons: ['community', 'seasons'] as const,
  /** Under the store's key: whatever refreshes a store refreshes its results too. */
  storeMatches: (id: number) => ['community', 'stores', id, 'matches'] as const,
  rankings: ['community', 'rankings'] as const,
  ranking: (query: RankingQuery) =>
    [
      'community',
      'rankings',
      query.storeId ?? 'general',
      query.seasonId ?? 'current',
      query.page ?? 1,
      query.pageSize ?? RANKING_PAGE_SIZE,
      query.sort ?? 'points',
    ] as const,
  standing: (userId: number) => ['community', 'standing', userId] as const,
};

/** Rows per page of a ranking: a large community pages through it. */
export const RANKING_PAGE_SIZE = 50;

export interface RankingQuery {
  /** Default: the current season. */
  seasonId?: number | null;
  /** Default: Ranking General. */
  storeId?: number | null;
  page?: number;
  pageSize?: number;
  /** Default: by season points; `rating` orders by the season's Mitos Rating. */
  sort?: RankingSort;
}

export type RankingSort = 'points' | 'rating';

/**
 * Something in the community changed: every community screen on show refetches, tournaments
 * included (every tournament change announces `community`, and a tournament shows its store),
 * and the ratings and statistics (an annulled result or a new season changes them).
 */
export async function communityChanged(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: communityKeys.all }, { cancelRefetch: false }),
    tournamentsChanged(client),
    statisticsChanged(client),
  ]);
}

/**
 * A community query that shows what approved matches add up to in a season: a ranking, a
 * player's season, a store's results and the admin panel's counters and results. Who the player
 * is to the community, the stores, seasons and leagues are not (an approval changes none of them).
 */
function showsCounts(query: Query): boolean {
  const [root, part, , sub] = query.queryKey;
  if (root !== communityKeys.all[0]) return false;
  return (
    part === communityKeys.rankings[1] ||
    part === communityKeys.standing(0)[1] ||
    part === 'admin' ||
    (part === communityKeys.stores[1] && sub === 'matches')
  );
}

/**
 * Only the season counts changed (matches approved or annulled; the server's `community_changed`
 * with `scope: 'standings'`, docs/decisions/061): the rankings, seasons' standings, store results
 * and statistics on show refetch; the rest of the community (the player's own standing in it
 * among them: their stores, their roles) stays as it is.
 */
export async function standingsChanged(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ predicate: showsCounts }, { cancelRefetch: false }),
    statisticsChanged(client),
  ]);
}

/** GET /api/community/me: whether /admin is for this user, their stores and usual stores. */
export const communityMeQuery = () =>
  queryOptions<TCommunityMe>({
    queryKey: communityKeys.me,
    queryFn: () => api('/api/community/me', { schema: () => schemas().then((m) => m.ZCommunityMe) }),
  });

export function useCommunityMe(enabled = true) {
  return useQuery({ ...communityMeQuery(), enabled });
}

/** GET /api/stores: the active stores (admins: `all` adds the closed ones). */
export const storesQuery = (options: { all?: boolean } = {}) =>
  queryOptions<TStore[]>({
    queryKey: [...communityKeys.stores, options.all ? 'all' : 'active'],
    queryFn: () =>
      api('/api/stores', {
        query: { all: options.all ? 'true' : undefined },
        schema: () => schemas().then((m) => m.ZStoreList),
      }),
  });

export function useStores(options: { all?: boolean } = {}) {
  return useQuery(storesQuery(options));
}

/** GET /api/stores/{id}. */
export function useStore(id: number) {
  return useQuery<TStore>({
    queryKey: communityKeys.store(id),
    queryFn: () => api(`/api/stores/${id}`, { schema: () => schemas().then((m) => m.ZStore) }),
    enabled: id > 0,
  });
}

/** GET /api/seasons: newest first; `current` marks Temporada Actual. */
export const seasonsQuery = () =>
  queryOptions<TSeason[]>({
    queryKey: communityKeys.seasons,
    queryFn: () => api('/api/seasons', { schema: () => schemas().then((m) => m.ZSeasonList) }),
  });

export function useSeasons() {
  return useQuery(seasonsQuery());
}

/** GET /api/rankings: a page of a season's ranking, general or of one store. */
export const rankingQuery = (query: RankingQuery) =>
  queryOptions<TRanking>({
    queryKey: communityKeys.ranking(query),
    queryFn: () =>
      api('/api/rankings', {
        query: {
          seasonId: query.seasonId ?? undefined,
          storeId: query.storeId ?? undefined,
          page: query.page ?? 1,
          pageSize: query.pageSize ?? RANKING_PAGE_SIZE,
          // Points is the server's default: the usual request stays as it was.
          sort: query.sort === 'rating' ? 'rating' : undefined,
        },
        schema: () => schemas().then((m) => m.ZRanking),
      }),
  });

export function useRanking(query: RankingQuery, enabled = true) {
  return useQuery<TRanking>({
    ...rankingQuery(query),
    enabled,
    // The next page keeps the current one on show while it loads.
    placeholderData: (previous) => previous,
  });
}

/** GET /api/users/{id}/standing: the player's line in the current season. */
export const standingQuery = (userId: number) =>
  queryOptions<TStanding>({
    queryKey: communityKeys.standing(userId),
    queryFn: () => api(`/api/users/${userId}/standing`, { schema: () => schemas().then((m) => m.ZStanding) }),
  });

export function useStanding(userId: number) {
  return useQuery({ ...standingQuery(userId), enabled: userId > 0 });
}

export const STORE_MATCHES_PAGE_SIZE = 30;

/** GET /api/stores/{id}/matches: the store's approved matches, newest first, a page at a time. */
export function useStoreMatches(storeId: number) {
  return useInfiniteQuery({
    queryKey: communityKeys.storeMatches(storeId),
    queryFn: ({ pageParam, signal }) =>
      fetchMatchPage(`/api/stores/${storeId}/matches`, { limit: STORE_MATCHES_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: storeId > 0,
  });
}

/** POST /api/stores (admins) or PUT /api/stores/{id} (admins, its organisers). */
export function saveStore(input: TStoreInput, id: number | null): Promise<TStore> {
  return api(id === null ? '/api/stores' : `/api/stores/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body: input,
    schema: () => schemas().then((m) => m.ZStore),
  });
}

/** PUT /api/stores/{id}/logo: the image itself as the body, with its type. */
export function uploadStoreLogo(id: number, file: File): Promise<TStore> {
  return api(`/api/stores/${id}/logo`, {
    method: 'PUT',
    rawBody: { data: file, contentType: file.type },
    schema: () => schemas().then((m) => m.ZStore),
  });
}

/** PUT /api/users/me/tor-code: the player's own Código TOR, or null to clear it. */
export async function setOwnTorCode(torCode: string | null): Promise<void> {
  await api('/api/users/me/tor-code', { method: 'PUT', body: { torCode } });
}
