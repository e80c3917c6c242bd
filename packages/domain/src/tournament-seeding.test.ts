import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newSeed, seededRandom, seedOrder } from './tournament-seeding';

type Entrant = { id: number; rating: number | null; points: number | null };

const entrants = fc
  .array(
    fc.record({
      rating: fc.option(fc.integer({ min: 1000, max: 1010 }), { nil: null }),
      points: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    }),
    { maxLength: 30 },
  )
  .map((list) => list.map((p, i): Entrant => ({ id: i + 1, ...p })));

describe('seededRandom', () => {
  it('replays the same sequence from the same seed, within [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = seededRandom(seed);
        const b = seededRandom(seed);
        for (let i = 0; i < 20; i++) {
          const x = a();
          expect(x).toBe(b());
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThan(1);
        }
      }),
    );
  });

  it('gives different sequences for different seeds', () => {
    const first = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(first(1)).not.toEqual(first(2));
  });
});

describe('newSeed', () => {
  it('is a 32-bit integer that fits a PostgreSQL integer column', () => {
    const seeds = Array.from({ length: 50 }, newSeed);
    for (const s of seeds) {
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual(-(2 ** 31));
      expect(s).toBeLessThan(2 ** 31);
    }
    expect(new Set(seeds).size).toBeGreaterThan(45);
  });
});

describe('seedOrder', () => {
  it('puts rated players first by rating, then ranking points, then the rest', () => {
    const order = seedOrder(
      [
        { id: 1, rating: null, points: null },
        { id: 2, rating: null, points: 40 },
        { id: 3, rating: 1500, points: null },
        { id: 4, rating: null, points: 90 },
        { id: 5, rating: 1700, points: 0 },
        { id: 6, rating: null, points: null },
      ],
      7,
    );
    expect(order.slice(0, 4)).toEqual([5, 3, 4, 2]);
    expect(order.slice(4).sort()).toEqual([1, 6]);
  });

  it('is a permutation of the ids, ordered by the three tiers', () => {
    fc.assert(
      fc.property(entrants, fc.integer(), (players, seed) => {
        const order = seedOrder(players, seed);
        expect([...order].sort((a, b) => a - b)).toEqual(players.map((p) => p.id));
        const byId = new Map(players.map((p) => [p.id, p]));
        const tier = (p: Entrant) => (p.rating !== null ? 0 : p.points !== null ? 1 : 2);
        const value = (p: Entrant) => p.rating ?? p.points ?? 0;
        for (let i = 1; i < order.length; i++) {
          const [a, b] = [byId.get(order[i - 1]!)!, byId.get(order[i]!)!];
          expect(tier(a) < tier(b) || (tier(a) === tier(b) && value(a) >= value(b))).toBe(true);
        }
      }),
    );
  });

  it('gives the same order for the same seed, whatever order the players arrive in', () => {
    fc.assert(
      fc.property(entrants, fc.integer(), (players, seed) => {
        expect(seedOrder([...players].reverse(), seed)).toEqual(seedOrder(players, seed));
      }),
    );
  });

  it('draws unrated players, and ties, in an order that changes with the seed', () => {
    const unrated = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, rating: null, points: null }));
    expect(seedOrder(unrated, 1)).not.toEqual(seedOrder(unrated, 2));
    const tiedRating = unrated.map((p) => ({ ...p, rating: 1500 }));
    const tiedPoints = unrated.map((p) => ({ ...p, points: 10 }));
    const orders = (list: Entrant[]) =>
      new Set(Array.from({ length: 10 }, (_, s) => seedOrder(list, s).join()));
    expect(orders(tiedRating).size).toBe(10);
    expect(orders(tiedPoints).size).toBe(10);
  });
});
