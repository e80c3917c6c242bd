import type { QueryClient, Query } from '@tanstack/react-query';

/**
 * The query keys of everything that shows matches, and the one rule of what a change to a match
 * makes stale. Matches (detail, Mis Partidas, the home list) and the inbox (pending and rejected
 * lists, the count) are two families.
 */
export const matchKeys = {
  all: ['matches'] as const,
  detail: (id: number) => ['matches', 'detail', id] as const,
  mine: ['matches', 'me'] as const,
  approvedAll: ['matches', 'approved'] as const,
  approved: (query: Record<string, string | undefined>) => ['matches', 'approved', query] as const,
};

export const inboxKeys = {
  /** The pending and rejected lists. */
  lists: ['inbox', 'lists'] as const,
  pending: ['inbox', 'lists', 'pending'] as const,
  rejected: ['inbox', 'lists', 'rejected'] as const,
  /** Read once on sign-in; from then on only the pushed count sets it (never a refetch). */
  count: ['inbox', 'count'] as const,
};

/** A query that shows matches: any of the matches family, and the inbox lists (not the count). */
function showsMatches(query: Query): boolean {
  const [root, part] = query.queryKey;
  return root === matchKeys.all[0] || (root === inboxKeys.lists[0] && part === inboxKeys.lists[1]);
}

/**
 * A match changed (an action of this player succeeded, a new match was recorded, or the live
 * connection pushed a count): every list and match on screen refetches, the rest when next shown.
 * A refetch already under way is not restarted, so an action and the push that follows it
 * share one request per list.
 */
export function matchesChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: showsMatches }, { cancelRefetch: false });
}
