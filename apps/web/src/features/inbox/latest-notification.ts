import { isPendingForUser } from '@mitos/domain/match-rules';
import type { TMatch } from '@mitos/domain/matches';

export type LatestNotification =
  { kind: 'pending'; match: TMatch } | { kind: 'rejected'; match: TMatch } | null;

/** Matches waiting for this user's approval, newest first. */
export function pendingForMe(pending: readonly TMatch[], userId: number): TMatch[] {
  return pending
    .filter((m) => isPendingForUser(m, userId))
    .sort((a, b) => Date.parse(b.match_date) - Date.parse(a.match_date));
}

/**
 * SPEC §2 notification dropdown: the first match waiting for the user's approval, or when none
 * waits, the first rejected match; null when there is nothing to show.
 */
export function latestNotification(
  pending: readonly TMatch[],
  rejected: readonly TMatch[],
  userId: number,
): LatestNotification {
  const first = pendingForMe(pending, userId)[0];
  if (first) return { kind: 'pending', match: first };
  return rejected[0] ? { kind: 'rejected', match: rejected[0] } : null;
}

/**
 * The notifications tab to show once the lists change (issue 14 item 7): the one shown, unless it
 * is empty while the other has something. `counts` is [pending for me, rejected].
 */
export function tabWithContent(current: 0 | 1, counts: readonly [number, number]): 0 | 1 {
  const other = current === 0 ? 1 : 0;
  return counts[current] === 0 && counts[other] > 0 ? other : current;
}
