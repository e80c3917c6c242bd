import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rate, rating } from 'openskill';
import {
  RATING_BASE,
  applyMatch,
  displayRating,
  isProvisional,
  newRating,
  rateMatch,
  replayRatings,
  type PlayerRating,
  type RatedMatch,
} from './rating';

const fresh = (): PlayerRating => newRating();
const skill = fc.record({
  mu: fc.double({ min: 5, max: 45, noNaN: true }),
  sigma: fc.double({ min: 0.5, max: 25 / 3, noNaN: true }),
  matches: fc.nat({ max: 200 }),
});
const score = fc.tuple(fc.nat({ max: 2 }), fc.nat({ max: 2 })).filter(([a, b]) => a + b > 0);

describe('the model', () => {
  it('starts every player at the library’s defaults (μ 25, σ 25/3), shown as 1000 and Provisional', () => {
    const r = fresh();
    expect(r).toEqual({ mu: 25, sigma: 25 / 3, matches: 0 });
    expect(displayRating(r)).toBe(RATING_BASE);
    expect(isProvisional(r)).toBe(true);
    expect(isProvisional({ matches: 9 })).toBe(true);
    expect(isProvisional({ matches: 10 })).toBe(false);
  });

  it('matches the library’s own published two-player example (openskill README: a beats b)', () => {
    // The README's example: two new players, the first wins; both move by the same amount.
    const [[a], [b]] = rateMatch([fresh()], [fresh()], 1, 0);
    const [[ea], [eb]] = rate([[rating()], [rating()]]);
    expect(a!.mu).toBeCloseTo(ea!.mu, 12);
    expect(b!.mu).toBeCloseTo(eb!.mu, 12);
    expect(a!.sigma).toBeCloseTo(ea!.sigma, 12);
    expect(a!.mu).toBeCloseTo(27.635389493140497, 9);
    expect(b!.mu).toBeCloseTo(22.364610506859503, 9);
    expect(a!.sigma).toBeCloseTo(8.06590141354368, 9);
    expect(a!.mu - 25).toBeCloseTo(25 - b!.mu, 12);
  });

  it('shows the conservative ordinal scaled: 40 · (μ − 3σ) + 1000', () => {
    expect(displayRating({ mu: 30, sigma: 2 })).toBe(1960);
    expect(displayRating({ mu: 25, sigma: 25 / 3 })).toBe(1000);
    expect(displayRating({ mu: 10, sigma: 4 })).toBe(920);
  });
});

describe('invariants', () => {
  it('a winner never loses rating in 1v1, a loser never gains, and both count the match', () => {
    fc.assert(
      fc.property(
        skill,
        skill,
        score.filter(([x, y]) => x > y),
        (w, l, [won, lost]) => {
          const [[a], [b]] = rateMatch([w], [l], won, lost);
          expect(a!.mu).toBeGreaterThanOrEqual(w.mu);
          expect(b!.mu).toBeLessThanOrEqual(l.mu);
          expect(a!.matches).toBe(w.matches + 1);
          expect(b!.matches).toBe(l.matches + 1);
        },
      ),
    );
  });

  it('more uncertainty moves more: the same result moves a σ-high player further', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 10, max: 40, noNaN: true }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        fc.double({ min: 0.5, max: 4, noNaN: true }),
        (mu, low, extra) => {
          const opponent = { mu, sigma: 3, matches: 5 };
          const [[sure]] = rateMatch([{ mu, sigma: low, matches: 5 }], [opponent], 1, 0);
          const [[unsure]] = rateMatch([{ mu, sigma: low + extra, matches: 5 }], [opponent], 1, 0);
          expect(unsure!.mu - mu).toBeGreaterThan(sure!.mu - mu);
        },
      ),
    );
  });

  it('a sweep moves more than a 2-1, and a 2-1 as much as a 1-0 (the margin is one game)', () => {
    const [[sweep]] = rateMatch([fresh()], [fresh()], 2, 0);
    const [[close]] = rateMatch([fresh()], [fresh()], 2, 1);
    const [[single]] = rateMatch([fresh()], [fresh()], 1, 0);
    expect(sweep!.mu).toBeGreaterThan(close!.mu);
    expect(close!.mu).toBeCloseTo(single!.mu, 12);
  });

  it('a draw between equals moves neither mean and lowers both σ', () => {
    const [[a], [b]] = rateMatch([fresh()], [fresh()], 1, 1);
    expect(a!.mu).toBeCloseTo(25, 12);
    expect(b!.mu).toBeCloseTo(25, 12);
    expect(a!.sigma).toBeLessThan(25 / 3);
  });

  it('moves 2v2 teammates the same way, the less certain more', () => {
    const [[a, b], [c, d]] = rateMatch(
      [fresh(), { mu: 25, sigma: 4, matches: 20 }],
      [fresh(), fresh()],
      2,
      1,
    );
    expect(a!.mu).toBeGreaterThan(25);
    expect(b!.mu).toBeGreaterThan(25);
    expect(a!.mu - 25).toBeGreaterThan(b!.mu - 25);
    expect(c!.mu).toBeLessThan(25);
    expect(d!.mu).toBeLessThan(25);
  });
});

/** Matches among `n` players, 1v1 or 2v2. */
function matchesOf(n: number): fc.Arbitrary<RatedMatch[]> {
  const match = fc
    .tuple(fc.uniqueArray(fc.nat({ max: n - 1 }), { minLength: 4, maxLength: 4 }), fc.boolean(), score)
    .map(([ids, two, [s1, s2]]) => ({
      team1: two ? ids.slice(0, 2) : ids.slice(0, 1),
      team2: two ? ids.slice(2, 4) : ids.slice(2, 3),
      team1Score: s1,
      team2Score: s2,
    }));
  return fc.array(match, { maxLength: 40 });
}

describe('replay', () => {
  it('is the same as applying each match in turn, and resuming from any point gives the same end', () => {
    fc.assert(
      fc.property(matchesOf(8), fc.nat(), (matches, cut) => {
        const stepwise = new Map<number, PlayerRating>();
        for (const m of matches) applyMatch(stepwise, m);
        expect(replayRatings(matches)).toEqual(stepwise);
        const at = matches.length === 0 ? 0 : cut % matches.length;
        const half = replayRatings(matches.slice(0, at));
        expect(replayRatings(matches.slice(at), half)).toEqual(stepwise);
      }),
    );
  });

  it('does not depend on the order of matches between different players', () => {
    fc.assert(
      fc.property(matchesOf(12), (matches) => {
        // Two independent sequences (players 0-5 and 6-11), interleaved two ways.
        const left = matches.map((m) => ({
          ...m,
          team1: m.team1.map((id) => id % 6),
          team2: m.team2.map((id) => id % 6),
        }));
        const valid = left.filter(
          (m) => new Set([...m.team1, ...m.team2]).size === m.team1.length + m.team2.length,
        );
        const right = valid.map((m) => ({
          ...m,
          team1: m.team1.map((id) => id + 6),
          team2: m.team2.map((id) => id + 6),
        }));
        const one = replayRatings([...valid, ...right]);
        const other = replayRatings(valid.flatMap((m, i) => [right[i]!, m]));
        for (const [id, r] of one) {
          expect(other.get(id)!.mu).toBeCloseTo(r.mu, 12);
          expect(other.get(id)!.sigma).toBeCloseTo(r.sigma, 12);
        }
      }),
    );
  });

  it('never leaves the model’s bounds: σ stays positive and below its start', () => {
    fc.assert(
      fc.property(matchesOf(6), (matches) => {
        for (const r of replayRatings(matches).values()) {
          expect(r.sigma).toBeGreaterThan(0);
          expect(r.sigma).toBeLessThanOrEqual(25 / 3 + 1e-9);
          expect(Number.isFinite(r.mu)).toBe(true);
        }
      }),
    );
  });
});
