import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchPoints, outcomeOf, rankFor, RANK_THRESHOLDS, standingDelta } from './community-points';
import { TIER_POINTS } from './constants';

describe('points', () => {
  it('maps the four match tiers onto the SPEC tier points, in order', () => {
    expect(matchPoints('Amistoso', 'win')).toBe(TIER_POINTS[0].points);
    expect(matchPoints('Amistoso c/ Arbitro', 'win')).toBe(TIER_POINTS[1].points);
    expect(matchPoints('Arena', 'win')).toBe(TIER_POINTS[2].points);
    expect(matchPoints('Torneo', 'win')).toBe(TIER_POINTS[3].points);
  });

  it('gives a tenth for taking part without winning', () => {
    expect(matchPoints('Amistoso', 'loss')).toBe(10);
    expect(matchPoints('Torneo', 'draw')).toBe(50);
  });

  it('reads the outcome from the scores', () => {
    expect(outcomeOf(1, 2, 1)).toBe('win');
    expect(outcomeOf(2, 2, 1)).toBe('loss');
    expect(outcomeOf(2, 0, 3)).toBe('win');
    expect(outcomeOf(1, 1, 1)).toBe('draw');
  });

  it('an annulment takes back exactly what the approval added', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Amistoso', 'Amistoso c/ Arbitro', 'Arena', 'Torneo' as const),
        fc.constantFrom('win', 'loss', 'draw' as const),
        (tier, outcome) => {
          const add = standingDelta(tier, outcome);
          const back = standingDelta(tier, outcome, -1);
          expect(add.matches + back.matches).toBe(0);
          expect(add.wins + back.wins).toBe(0);
          expect(add.points + back.points).toBe(0);
        },
      ),
    );
  });
});

describe('ranks', () => {
  it('starts everyone at Huevo de Dragón and tops at Dragón Eterno', () => {
    expect(rankFor(0).name).toBe('Huevo de Dragón');
    expect(rankFor(499).level).toBe(1);
    expect(rankFor(500).name).toBe('Cría de Dragón');
    expect(rankFor(10_000).name).toBe('Dragón Eterno');
    expect(rankFor(10_000).next).toBeNull();
  });

  it('is monotonic in the points, each threshold opening the next rank', () => {
    RANK_THRESHOLDS.forEach((threshold, i) => {
      expect(rankFor(threshold).level).toBe(i + 1);
      if (threshold > 0) expect(rankFor(threshold - 1).level).toBe(i);
    });
    fc.assert(
      fc.property(fc.nat(50_000), fc.nat(50_000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rankFor(lo).level).toBeLessThanOrEqual(rankFor(hi).level);
      }),
    );
  });
});
