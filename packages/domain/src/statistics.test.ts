import { describe, expect, it } from 'vitest';
import { approvalHealth, computeStatistics, type MatchSummaryForStats } from './statistics';

const m = (over: Partial<MatchSummaryForStats>): MatchSummaryForStats => ({
  cancelled: false,
  allApproved: true,
  ownStatus: 'approved',
  ownScore: 2,
  opponentScore: 1,
  ...over,
});

describe('computeStatistics', () => {
  it('gives zeros and a full approval rate with no matches', () => {
    expect(computeStatistics([])).toEqual({
      matches: 0,
      wins: 0,
      losses: 0,
      winRate: 0,
      approvalRate: 100,
      approvalHealth: 'Excelente',
    });
  });

  it('counts only fully approved, non-cancelled matches; a win is a higher own score', () => {
    const stats = computeStatistics([
      m({}),
      m({ ownScore: 0, opponentScore: 2 }),
      m({ ownScore: 1, opponentScore: 1 }),
      m({ allApproved: false, ownStatus: 'pending' }),
      m({ cancelled: true }),
    ]);
    expect(stats.matches).toBe(3);
    expect(stats.wins).toBe(1);
    expect(stats.losses).toBe(2);
    expect(stats.winRate).toBe(33);
  });

  it('approval rate: non-cancelled matches not rejected by me over non-cancelled matches', () => {
    const stats = computeStatistics([
      m({}),
      m({}),
      m({ allApproved: false, ownStatus: 'rejected' }),
      m({ cancelled: true, ownStatus: 'rejected' }),
    ]);
    expect(stats.approvalRate).toBe(67);
    expect(stats.approvalHealth).toBe('Bajo');
  });

  it('labels approval health at 90 and 70', () => {
    expect(approvalHealth(90)).toBe('Excelente');
    expect(approvalHealth(89)).toBe('Regular');
    expect(approvalHealth(70)).toBe('Regular');
    expect(approvalHealth(69)).toBe('Bajo');
  });
});
