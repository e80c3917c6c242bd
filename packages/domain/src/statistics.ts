import { z } from 'zod/mini';

/**
 * SPEC §9 statistics, computed from a compact summary of each match a user plays in so the
 * server and the tests share one rule.
 */
export interface MatchSummaryForStats {
  /** The match is cancelled. */
  cancelled: boolean;
  /** Every player's approval_status is approved. */
  allApproved: boolean;
  /** The user's own approval_status. */
  ownStatus: string;
  ownScore: number;
  opponentScore: number;
}

/** GET /api/users/{id}/stats: what the formula below gives. */
export const ZUserStatistics = z.object({
  matches: z.int(),
  wins: z.int(),
  losses: z.int(),
  winRate: z.number(),
  approvalRate: z.number(),
  approvalHealth: z.enum(['Excelente', 'Regular', 'Bajo']),
});
export type UserStatistics = z.infer<typeof ZUserStatistics>;
export type ApprovalHealth = UserStatistics['approvalHealth'];

export function approvalHealth(rate: number): ApprovalHealth {
  if (rate >= 90) return 'Excelente';
  if (rate >= 70) return 'Regular';
  return 'Bajo';
}

export function computeStatistics(summaries: readonly MatchSummaryForStats[]): UserStatistics {
  const counted = summaries.filter((s) => !s.cancelled && s.allApproved);
  const wins = counted.filter((s) => s.ownScore > s.opponentScore).length;
  const matches = counted.length;
  const nonCancelled = summaries.filter((s) => !s.cancelled);
  const notRejectedByMe = nonCancelled.filter((s) => s.ownStatus !== 'rejected').length;
  const approvalRate =
    nonCancelled.length === 0 ? 100 : Math.round((notRejectedByMe / nonCancelled.length) * 100);
  return {
    matches,
    wins,
    losses: matches - wins,
    winRate: matches === 0 ? 0 : Math.round((wins / matches) * 100),
    approvalRate,
    approvalHealth: approvalHealth(approvalRate),
  };
}
