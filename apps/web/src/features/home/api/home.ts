import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dayRange, teamFilterParam, type ChosenPlayer } from '@mitos/domain/search-filter';
import { fetchMatchPage } from '../../../api/matches';
import { matchKeys } from '../../../api/query-keys';

export const HOME_PAGE_SIZE = 12;

// Loaded with the request, so that the home screen's first download does not carry zod.
const publicUserSchema = () => import('@mitos/domain/users').then((m) => m.ZPublicUser);

/** What the search panel asks for; empty means every approved match. */
export interface HomeSearch {
  day: Date | null;
  team1: ChosenPlayer[];
  team2: ChosenPlayer[];
}

export const EMPTY_SEARCH: HomeSearch = { day: null, team1: [], team2: [] };

/** The all-approved query parameters of a search (SPEC §5: the date covers the whole day). */
export function searchQuery(search: HomeSearch): Record<string, string | undefined> {
  const range = search.day ? dayRange(search.day) : null;
  return {
    from: range?.from.toISOString(),
    to: range?.to.toISOString(),
    team1: teamFilterParam(search.team1),
    team2: teamFilterParam(search.team2),
  };
}

export function isEmptySearch(search: HomeSearch): boolean {
  return search.day === null && search.team1.length === 0 && search.team2.length === 0;
}

/** Approved matches, newest first, filtered on the server, a page at a time. */
export function useApprovedMatches(search: HomeSearch) {
  const query = searchQuery(search);
  return useInfiniteQuery({
    queryKey: matchKeys.approved(query),
    queryFn: ({ pageParam, signal }) =>
      fetchMatchPage('/api/matches/all-approved', { ...query, limit: HOME_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

/**
 * The usernames of the players a search names, for a search restored from the address (the
 * address carries ids only). A name already known is not asked for.
 */
export function useSearchNames(search: HomeSearch, known: ReadonlyMap<number, string>) {
  const ids = [...search.team1, ...search.team2].map((p) => p.userId).filter((id) => !known.has(id));
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['users', id],
      queryFn: () => api(`/api/users/${id}`, { schema: publicUserSchema }),
      retry: false,
    })),
    combine: (results) => {
      const names = new Map(known);
      results.forEach((result, i) => {
        if (result.data) names.set(ids[i]!, result.data.username);
      });
      return { names, pending: results.some((r) => r.isPending) };
    },
  });
}
