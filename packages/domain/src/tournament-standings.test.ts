import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareRatio,
  ratioPercent,
  ratioValue,
  roundRobinStandings,
  swissStandings,
  type PairingResult,
  type StandingPlayer,
  type StandingRow,
} from './tournament-standings';

const [A, B, C, D, E, F, G] = [1, 2, 3, 4, 5, 6, 7] as const;

const win = (round: number, p1: number, p2: number, g1 = 2, g2 = 0, drawn = 0): PairingResult => ({
  round,
  player1: p1,
  player2: p2,
  outcome: 'player1',
  games1: g1,
  games2: g2,
  gamesDrawn: drawn,
});
const draw = (round: number, p1: number, p2: number, g = 1, drawn = 1): PairingResult => ({
  round,
  player1: p1,
  player2: p2,
  outcome: 'draw',
  games1: g,
  games2: g,
  gamesDrawn: drawn,
});
const bye = (round: number, p: number): PairingResult => ({
  round,
  player1: p,
  player2: null,
  outcome: 'player1',
  games1: 2,
  games2: 0,
  gamesDrawn: 0,
});
const doubleLoss = (round: number, p1: number, p2: number): PairingResult => ({
  round,
  player1: p1,
  player2: p2,
  outcome: 'double_loss',
  games1: 0,
  games2: 0,
  gamesDrawn: 0,
});

/** TOURNAMENTS.md §2, worked example: 7 players A–G in seed order, D dropped after round 2. */
const examplePlayers: StandingPlayer[] = [A, B, C, D, E, F, G].map((id) => ({
  id,
  seed: id,
  dropped: id === D,
}));
const exampleResults: PairingResult[] = [
  win(1, A, B),
  win(1, C, D),
  win(1, E, F),
  bye(1, G),
  win(2, A, C),
  win(2, E, G),
  win(2, B, D, 2, 1),
  bye(2, F),
  win(3, A, E, 2, 1),
  draw(3, B, C),
  win(3, F, G),
];

const r = (num: number, den: number) => ({ num, den });

describe('swiss standings: the worked example of TOURNAMENTS.md §2', () => {
  const rows = swissStandings(examplePlayers, exampleResults);
  const row = (id: number): StandingRow => rows.find((x) => x.playerId === id)!;

  it('orders A, E, F, C, B, G, D', () => {
    expect(rows.map((x) => x.playerId)).toEqual([A, E, F, C, B, G, D]);
    expect(rows.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('counts W-L-D with byes as wins, match points and rounds played', () => {
    const record = (id: number) => {
      const x = row(id);
      return [x.wins, x.losses, x.draws, x.byes, x.matchPoints, x.matchesPlayed, x.gamePoints];
    };
    expect(record(A)).toEqual([3, 0, 0, 0, 9, 3, 18]);
    expect(record(E)).toEqual([2, 1, 0, 0, 6, 3, 15]);
    expect(record(F)).toEqual([2, 1, 0, 1, 6, 3, 12]);
    expect(record(C)).toEqual([1, 1, 1, 0, 4, 3, 10]);
    expect(record(B)).toEqual([1, 1, 1, 0, 4, 3, 10]);
    expect(record(G)).toEqual([1, 2, 0, 1, 3, 3, 6]);
    expect(record(D)).toEqual([0, 2, 0, 0, 0, 2, 3]);
  });

  it('gives every MW%, OMW%, GW% and OGW% as the exact reduced fraction', () => {
    const expected: Record<number, [number[], number[], number[], number[]]> = {
      [A]: [
        [1, 1],
        [14, 27],
        [6, 7],
        [15, 28],
      ],
      [E]: [
        [2, 3],
        [2, 3],
        [5, 7],
        [13, 21],
      ],
      [F]: [
        [2, 3],
        [1, 2],
        [2, 3],
        [11, 21],
      ],
      [C]: [
        [4, 9],
        [1597, 2700],
        [10, 21],
        [842, 1575],
      ],
      [B]: [
        [4, 9],
        [1597, 2700],
        [5, 12],
        [499, 900],
      ],
      [G]: [
        [1, 3],
        [2, 3],
        [1, 3],
        [29, 42],
      ],
      [D]: [
        [33, 100],
        [4, 9],
        [33, 100],
        [25, 56],
      ],
    };
    for (const [id, [mwp, omwp, gwp, ogwp]] of Object.entries(expected)) {
      const x = row(Number(id));
      expect({ id, mwp: x.mwp, omwp: x.omwp, gwp: x.gwp, ogwp: x.ogwp }).toEqual({
        id,
        mwp: r(mwp[0]!, mwp[1]!),
        omwp: r(omwp[0]!, omwp[1]!),
        gwp: r(gwp[0]!, gwp[1]!),
        ogwp: r(ogwp[0]!, ogwp[1]!),
      });
    }
  });

  it('keeps the dropped player in the standings and in their opponents’ OMW%', () => {
    expect(row(D).dropped).toBe(true);
    expect(rows.filter((x) => x.dropped).map((x) => x.playerId)).toEqual([D]);
    // B faced A, D and C: (1 + 0.33 + 4/9) / 3 = 1597/2700; without D it would be 13/18.
    expect(row(B).omwp).toEqual(r(1597, 2700));
  });

  it('shows the table’s four-decimal values as percentages rounded half-up', () => {
    expect(ratioPercent(row(A).omwp)).toBe(51.85);
    expect(ratioPercent(row(C).omwp)).toBe(59.15);
    expect(ratioPercent(row(C).ogwp)).toBe(53.46);
    expect(ratioPercent(row(B).ogwp)).toBe(55.44);
    expect(ratioPercent(row(D).mwp)).toBe(33);
    expect(ratioPercent(row(G).mwp)).toBe(33.33);
    expect(ratioPercent(r(1, 8))).toBe(12.5);
    expect(ratioPercent(r(1, 80000))).toBe(0);
    expect(ratioPercent(r(1, 20000))).toBe(0.01);
    expect(ratioValue(r(14, 27))).toBe(14 / 27);
  });

  it('compares ratios exactly', () => {
    expect(compareRatio(r(1, 3), r(33, 100))).toBe(1);
    expect(compareRatio(r(2, 6), r(1, 3))).toBe(0);
    expect(compareRatio(r(1597, 2700), r(2, 3))).toBe(-1);
  });

  it('reads a bye as a 2–0 win whatever games were stored with it', () => {
    const players = [A, B, C].map((id) => ({ id, seed: id, dropped: false }));
    const stored = swissStandings(players, [win(1, A, B), { ...bye(1, C), games1: 0 }]);
    expect(stored.find((x) => x.playerId === C)).toMatchObject({
      wins: 1,
      byes: 1,
      matchPoints: 3,
      gamePoints: 6,
      gwp: r(1, 1),
      omwp: r(33, 100),
    });
  });

  it('scores a double loss as a loss for both, with no games', () => {
    const players = [A, B].map((id) => ({ id, seed: id, dropped: false }));
    const rows2 = swissStandings(players, [doubleLoss(1, A, B)]);
    expect(rows2.map((x) => [x.playerId, x.losses, x.matchPoints, x.matchesPlayed])).toEqual([
      [A, 1, 0, 1],
      [B, 1, 0, 1],
    ]);
    expect(rows2[0]!.mwp).toEqual(r(33, 100));
    expect(rows2[0]!.gwp).toEqual(r(33, 100));
  });

  it('refuses a result for a player who is not in the tournament', () => {
    expect(() => swissStandings(examplePlayers.slice(0, 2), [win(1, A, C)])).toThrow(RangeError);
  });
});

describe('round-robin standings', () => {
  const four = [1, 2, 3, 4].map((id) => ({ id, seed: id, dropped: false }));

  it('breaks a three-way tie on match points with the mini-table of their own matches', () => {
    // 3, 2 and 1 have 4 MP each; among themselves 3 has 4, 2 has 3, 1 has 1. On games alone
    // (difference, then games won) the order would be 1, 3, 2.
    const rows = roundRobinStandings(four, [
      win(1, 3, 2, 2, 1),
      draw(1, 3, 1),
      doubleLoss(2, 3, 4),
      win(2, 2, 1, 2, 1),
      draw(3, 2, 4),
      win(3, 1, 4),
    ]);
    expect(rows.map((x) => [x.playerId, x.matchPoints])).toEqual([
      [3, 4],
      [2, 4],
      [1, 4],
      [4, 1],
    ]);
  });

  it('lets a tie the mini-table cannot split fall to game difference', () => {
    // 2 and 3 have 4 MP and drew each other; 3 is +1 in games, 2 is even. Both won 4 games, so
    // without game difference the seed would put 2 first.
    const rows = roundRobinStandings(four, [
      win(1, 1, 2, 2, 1),
      win(1, 1, 3, 2, 1),
      win(2, 1, 4),
      draw(2, 2, 3),
      win(3, 2, 4, 2, 1),
      win(3, 3, 4),
    ]);
    expect(rows.map((x) => x.playerId)).toEqual([1, 3, 2, 4]);
  });

  it('re-applies the mini-table to a subset it leaves tied', () => {
    // Six players; 2, 3, 4 and 5 have 9 MP. Their mini-table: 2 and 3 have 6, 4 and 5 have 3.
    // Within each pair the winner of their match goes first (2 beat 3, 4 beat 5), although every
    // one of the four is +2 in games with 6 won and the seeds run the other way.
    const six = [1, 2, 3, 4, 5, 6].map((id) => ({ id, seed: 7 - id, dropped: false }));
    const outcomes: Array<[number, number, 'w' | 'l' | 'd']> = [
      [1, 2, 'w'],
      [1, 3, 'w'],
      [1, 4, 'l'],
      [1, 5, 'l'],
      [1, 6, 'd'],
      [2, 3, 'w'],
      [2, 4, 'w'],
      [2, 5, 'l'],
      [2, 6, 'w'],
      [3, 4, 'w'],
      [3, 5, 'w'],
      [3, 6, 'w'],
      [4, 5, 'w'],
      [4, 6, 'w'],
      [5, 6, 'w'],
    ];
    const results = outcomes.map(([p1, p2, o]) =>
      o === 'w' ? win(1, p1, p2) : o === 'l' ? win(1, p2, p1) : draw(1, p1, p2),
    );
    const rows = roundRobinStandings(six, results);
    expect(rows.map((x) => [x.playerId, x.matchPoints])).toEqual([
      [2, 9],
      [3, 9],
      [4, 9],
      [5, 9],
      [1, 7],
      [6, 1],
    ]);
  });

  it('still computes the MTR percentages on the rows', () => {
    const rows = roundRobinStandings(four, [win(1, 1, 2), win(1, 3, 4)]);
    expect(rows.find((x) => x.playerId === 1)!.omwp).toEqual(r(33, 100));
    expect(rows.find((x) => x.playerId === 2)!.omwp).toEqual(r(1, 1));
  });
});

/** A random valid tournament: each round pairs the field in a random order, the odd one out gets a bye. */
const tournament = fc
  .record({
    n: fc.integer({ min: 1, max: 12 }),
    seeds: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 12, maxLength: 12 }),
    dropped: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    rounds: fc.array(
      fc.record({
        order: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
        outcomes: fc.array(fc.nat({ max: 6 }), { minLength: 6, maxLength: 6 }),
      }),
      { maxLength: 6 },
    ),
  })
  .map(({ n, seeds, dropped, rounds }) => {
    const players = Array.from({ length: n }, (_, i) => ({
      id: 100 + i,
      seed: seeds[i]!,
      dropped: dropped[i]!,
    }));
    const kinds: Array<(round: number, a: number, b: number) => PairingResult> = [
      (k, a, b) => win(k, a, b),
      (k, a, b) => win(k, a, b, 2, 1),
      (k, a, b) => win(k, b, a),
      (k, a, b) => win(k, b, a, 2, 1, 1),
      (k, a, b) => draw(k, a, b),
      (k, a, b) => draw(k, a, b, 0, 1),
      (k, a, b) => doubleLoss(k, a, b),
    ];
    const results: PairingResult[] = [];
    rounds.forEach(({ order, outcomes }, k) => {
      const ids = players.map((p) => p.id).sort((a, b) => order[a - 100]! - order[b - 100]!);
      for (let i = 0; i + 1 < ids.length; i += 2)
        results.push(kinds[outcomes[i / 2]!]!(k + 1, ids[i]!, ids[i + 1]!));
      if (ids.length % 2 === 1) results.push(bye(k + 1, ids.at(-1)!));
    });
    return { players, results };
  });

const shuffled = <T>(items: readonly T[], keys: readonly number[]): T[] =>
  items
    .map((item, i) => ({ item, key: keys[i % keys.length]! }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.item);

describe('standings are a total order', () => {
  for (const [name, standings] of [
    ['swiss', swissStandings],
    ['round robin', roundRobinStandings],
  ] as const) {
    it(`${name}: ranks 1..n, every player once, unchanged by the input order`, () => {
      fc.assert(
        fc.property(
          tournament,
          fc.array(fc.nat(), { minLength: 1, maxLength: 50 }),
          ({ players, results }, keys) => {
            const rows = standings(players, results);
            expect(rows.map((x) => x.rank)).toEqual(players.map((_, i) => i + 1));
            expect(new Set(rows.map((x) => x.playerId)).size).toBe(players.length);
            const again = standings(shuffled(players, keys), shuffled(results, [...keys].reverse()));
            expect(again).toEqual(rows);
            for (let i = 1; i < rows.length; i++)
              expect(rows[i - 1]!.matchPoints).toBeGreaterThanOrEqual(rows[i]!.matchPoints);
          },
        ),
      );
    });
  }

  it('swiss: each row is at least the next on MP, then OMW%, GW%, OGW%, then a lower seed', () => {
    fc.assert(
      fc.property(tournament, ({ players, results }) => {
        const rows = swissStandings(players, results);
        const seed = new Map(players.map((p) => [p.id, p.seed]));
        for (let i = 1; i < rows.length; i++) {
          const [a, b] = [rows[i - 1]!, rows[i]!];
          const order =
            b.matchPoints - a.matchPoints ||
            compareRatio(b.omwp, a.omwp) ||
            compareRatio(b.gwp, a.gwp) ||
            compareRatio(b.ogwp, a.ogwp) ||
            seed.get(a.playerId)! - seed.get(b.playerId)! ||
            a.playerId - b.playerId;
          expect(order).toBeLessThan(0);
        }
      }),
    );
  });
});
