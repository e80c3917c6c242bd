import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TMatch } from '@mitos/domain/matches';
import { api, apiWithHeaders } from '../lib/api-client';
import { matchKeys } from './query-keys';

// The response schemas (and zod with them) load while the first request is in flight, so that
// the home screen's first download does not carry them.
const matchSchemas = () => import('@mitos/domain/matches');
const matchListSchema = () => matchSchemas().then((m) => m.ZMatchList);
const matchSchema = () => matchSchemas().then((m) => m.ZMatch);

export interface MatchPage {
  matches: TMatch[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
}

/** One page of a cursor-paged list: the matches and the `X-Next-Cursor` header. */
export async function fetchMatchPage(
  path: string,
  query: Record<string, string | number | undefined>,
  before: string | null,
  signal?: AbortSignal,
): Promise<MatchPage> {
  const { data, headers } = await apiWithHeaders(path, {
    schema: matchListSchema,
    query: { ...query, before: before ?? undefined },
    signal,
  });
  return { matches: data, next: headers.get('X-Next-Cursor') || null };
}

export const MY_MATCHES_PAGE_SIZE = 30;

/** Every match the user plays in or created, newest first, a page at a time. */
export const myMatchesQuery = () =>
  infiniteQueryOptions({
    queryKey: matchKeys.mine,
    queryFn: ({ pageParam, signal }) =>
      fetchMatchPage('/api/matches/me', { limit: MY_MATCHES_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MatchPage) => last.next,
  });

export function useMyMatches(enabled = true) {
  return useInfiniteQuery({ ...myMatchesQuery(), enabled });
}

export function fetchMatch(id: number) {
  return api(`/api/matches/${id}`, { schema: matchSchema });
}

export function useMatch(id: number) {
  return useQuery({ queryKey: matchKeys.detail(id), queryFn: () => fetchMatch(id), enabled: id > 0 });
}
