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
  /** The unread Comunicados of the player's tournaments (they count in the notifications). */
  announcements: ['inbox', 'lists', 'announcements'] as const,
  /** Read once on sign-in; from then on only the pushed count sets it (never a refetch). */
  count: ['inbox', 'count'] as const,
};

/**
 * Mitos Rating, a player's statistics, head-to-heads and the metagame (issue 17). They count
 * approved matches, so they change with a match (its approval, its cancellation) and with the
 * community (an organiser annulling a result, a season opening): both invalidations reach them.
 */
export const statisticsKeys = {
  all: ['statistics'] as const,
  rating: (userId: number, seasonId: number | null = null) =>
    ['statistics', 'rating', userId, seasonId ?? 'current'] as const,
  player: (userId: number, period: 'week' | 'month', seasonId: number | null = null) =>
    ['statistics', 'player', userId, period, seasonId ?? 'all'] as const,
  headToHead: (userId: number, opponentId: number) =>
    ['statistics', 'head-to-head', userId, opponentId] as const,
  metagame: (seasonId: number | null = null, storeId: number | null = null) =>
    ['statistics', 'metagame', seasonId ?? 'current', storeId ?? 'all'] as const,
};

/** Ratings and statistics changed: the ones on show refetch, the rest when next shown. */
export function statisticsChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: statisticsKeys.all }, { cancelRefetch: false });
}

/**
 * A query that shows matches or what approved matches add up to: any of the matches family, the
 * statistics, and the inbox lists (not the count).
 */
function showsMatches(query: Query): boolean {
  const [root, part] = query.queryKey;
  return (
    root === matchKeys.all[0] ||
    root === statisticsKeys.all[0] ||
    (root === inboxKeys.lists[0] && part === inboxKeys.lists[1])
  );
}

/**
 * A match changed (an action of this player succeeded, a new match was recorded, or the live
 * connection pushed a count): every list, match and statistic on screen refetches, the rest when
 * next shown. A refetch already under way is not restarted, so an action and the push that
 * follows it share one request per list.
 */
export function matchesChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ predicate: showsMatches }, { cancelRefetch: false });
}

/**
 * Tournament queries (docs/decisions/015). A tournament's own key is the prefix of everything
 * shown about it (participants, bracket, pairings, standings), so one invalidation refreshes all
 * of it; the root refreshes every tournament screen, as when the server pushes `community_changed`.
 */
export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: (query: { storeId?: number; status?: 'active' | 'finished' } = {}) =>
    ['tournaments', 'list', query.storeId ?? 'all', query.status ?? 'all'] as const,
  detail: (id: number) => ['tournaments', id] as const,
  participants: (id: number) => ['tournaments', id, 'participants'] as const,
  bracket: (id: number) => ['tournaments', id, 'bracket'] as const,
  pairings: (id: number, round: number | null = null) =>
    ['tournaments', id, 'pairings', round ?? 'all'] as const,
  standings: (id: number) => ['tournaments', id, 'standings'] as const,
};

/** A tournament changed (a write of this player, or the server's `community_changed`): its screens refetch. */
export function tournamentsChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: tournamentKeys.all }, { cancelRefetch: false });
}
