import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  pairSwissRound,
  suggestedSwissRounds,
  type SwissPairing,
  type SwissPlayer,
} from './tournament-swiss';
import { swissStandings, type PairingResult } from './tournament-standings';
import { seededRandom } from './tournament-seeding';

/** Distinct seeds leave nothing to lot, so any generator will do. */
const unused = (): number => 0.5;

const result = (
  round: number,
  player1: number,
  player2: number | null,
  outcome: PairingResult['outcome'] = 'player1',
): PairingResult => ({
  round,
  player1,
  player2,
  outcome,
  games1: outcome === 'player1' ? 2 : outcome === 'draw' ? 1 : 0,
  games2: outcome === 'player2' ? 2 : outcome === 'draw' ? 1 : 0,
  gamesDrawn: outcome === 'draw' ? 1 : 0,
});

const field = (n: number, dropped: readonly number[] = []): SwissPlayer[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, seed: i + 1, dropped: dropped.includes(i + 1) }));

describe('suggested rounds and cut (Pokémon column)', () => {
  it('follows the table at every boundary', () => {
    const table: Array<[number, number, number]> = [
      [1, 1, 0],
      [2, 1, 0],
      [3, 2, 0],
      [4, 3, 0],
      [8, 3, 0],
      [9, 4, 4],
      [12, 4, 4],
      [13, 5, 4],
      [20, 5, 4],
      [21, 5, 8],
      [32, 5, 8],
      [33, 6, 8],
      [64, 6, 8],
      [65, 7, 8],
      [128, 7, 8],
      [129, 8, 8],
      [226, 8, 8],
      [227, 9, 8],
      [409, 9, 8],
      [410, 10, 8],
      [5000, 10, 8],
    ];
    for (const [players, rounds, topCut] of table)
      expect({ players, ...suggestedSwissRounds(players) }).toEqual({ players, rounds, topCut });
  });
});

describe('round 1', () => {
  it('pairs by seed, top half against bottom half', () => {
    // Ids and seeds differ so the seeds, not the ids or the input order, decide.
    const seeds = [5, 3, 8, 1, 7, 2, 6, 4];
    const players = seeds.map((seed, i) => ({ id: 10 + i, seed, dropped: false }));
    const bySeed = (s: number) => players.find((p) => p.seed === s)!.id;
    const pairing = pairSwissRound({ round: 1, players, results: [], random: unused });
    expect(pairing).toEqual({
      pairs: [
        [bySeed(1), bySeed(5)],
        [bySeed(2), bySeed(6)],
        [bySeed(3), bySeed(7)],
        [bySeed(4), bySeed(8)],
      ],
      bye: null,
      rematches: 0,
    });
  });

  it('gives the bye of an odd field to the lowest seed (7 players: seed 7)', () => {
    const pairing = pairSwissRound({ round: 1, players: field(7), results: [], random: unused });
    expect(pairing).toEqual({
      pairs: [
        [1, 4],
        [2, 5],
        [3, 6],
      ],
      bye: 7,
      rematches: 0,
    });
  });

  it('leaves dropped players out', () => {
    const pairing = pairSwissRound({ round: 1, players: field(6, [1, 4]), results: [], random: unused });
    expect(pairing).toEqual({
      pairs: [
        [2, 5],
        [3, 6],
      ],
      bye: null,
      rematches: 0,
    });
  });

  it('pairs a 256-player first round by seed, 1 v 129 to 128 v 256', () => {
    const pairing = pairSwissRound({ round: 1, players: field(256), results: [], random: unused });
    expect(pairing.pairs).toEqual(Array.from({ length: 128 }, (_, i) => [i + 1, i + 129]));
    expect(pairing.bye).toBeNull();
  });

  it('pairs the later rounds of a field whose active players never met as round 1 (a drop-heavy restart)', () => {
    // Byes only so far: everyone has one, nobody has met, so every pairing is allowed.
    const results: PairingResult[] = [1, 2, 3, 4].map((p) => ({
      round: 1,
      player1: p,
      player2: null,
      outcome: 'player1',
      games1: 2,
      games2: 0,
      gamesDrawn: 0,
    }));
    const pairing = pairSwissRound({ round: 2, players: field(4), results, random: unused });
    expect(pairing).toEqual({
      pairs: [
        [1, 3],
        [2, 4],
      ],
      bye: null,
      rematches: 0,
    });
  });
});

describe('the worked example of TOURNAMENTS.md §2 under this rule', () => {
  const [A, B, C, D, E, F, G] = [1, 2, 3, 4, 5, 6, 7];
  const round1 = [result(1, A, B), result(1, C, D), result(1, E, F), result(1, G, null)];
  const round2 = [result(2, A, C), result(2, E, G), { ...result(2, B, D), games2: 1 }, result(2, F, null)];

  it('round 2: the bye goes to F, the lowest-ranked player without one (the example drew it by lot)', () => {
    const pairing = pairSwissRound({ round: 2, players: field(7), results: round1, random: unused });
    // 3 MP: A, C, E, G tie on every tiebreaker, so seed order, top half against bottom half.
    expect(pairing).toEqual({
      pairs: [
        [A, E],
        [C, G],
        [B, D],
      ],
      bye: F,
      rematches: 0,
    });
  });

  it('round 3 after D dropped: no bye, score groups of 6 and 3 MP, no rematch', () => {
    const pairing = pairSwissRound({
      round: 3,
      players: field(7, [D]),
      results: [...round1, ...round2],
      random: unused,
    });
    // 6 MP: E over A on OGW% (1/2 against 9/20). 3 MP ranked F, G (OMW% 1, their byes skipped),
    // C (OMW% 133/200, GW% 1/2), B (GW% 2/5): F meets C, G meets B.
    expect(pairing).toEqual({
      pairs: [
        [E, A],
        [F, C],
        [G, B],
      ],
      bye: null,
      rematches: 0,
    });
  });
});

describe('later rounds', () => {
  it('avoids a rematch inside a score group by taking the next of the bottom half', () => {
    // Round 1 drew 1–3 and 2–4: the group of 1 MP would pair 1–3 again, so 1–4 and 2–3.
    const pairing = pairSwissRound({
      round: 2,
      players: field(4),
      results: [result(1, 1, 3, 'draw'), result(1, 2, 4, 'draw')],
      random: unused,
    });
    expect(pairing).toEqual({
      pairs: [
        [1, 4],
        [2, 3],
      ],
      bye: null,
      rematches: 0,
    });
  });

  it('exchanges with the top half from its lowest up when the whole bottom half is a rematch', () => {
    // Four rounds of draws between the halves: 1–4 have met all of 5–8, so the top half pairs
    // within itself, 1 taking the lowest of it (4), then 2–3; the bottom half is 5–7, 6–8.
    const rounds = [
      [1, 5, 2, 6, 3, 7, 4, 8],
      [1, 6, 2, 5, 3, 8, 4, 7],
      [1, 7, 2, 8, 3, 5, 4, 6],
      [1, 8, 2, 7, 3, 6, 4, 5],
    ];
    const results = rounds.flatMap((ids, k) =>
      [0, 2, 4, 6].map((i) => result(k + 1, ids[i]!, ids[i + 1]!, 'draw')),
    );
    const pairing = pairSwissRound({ round: 5, players: field(8), results, random: unused });
    expect(pairing).toEqual({
      pairs: [
        [1, 4],
        [2, 3],
        [5, 7],
        [6, 8],
      ],
      bye: null,
      rematches: 0,
    });
  });

  it('floats the lowest of an odd score group down to the top of the next group', () => {
    // After 1–4, 2–5, 3–6 (the first won): 3 MP is 1, 2, 3; 3 floats and meets 4, the top of 0 MP.
    const pairing = pairSwissRound({
      round: 2,
      players: field(6),
      results: [result(1, 1, 4), result(1, 2, 5), result(1, 3, 6)],
      random: unused,
    });
    expect(pairing).toEqual({
      pairs: [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      bye: null,
      rematches: 0,
    });
  });

  it('never gives a second bye while someone has had none', () => {
    const results = [
      result(1, 5, null),
      result(1, 1, 2),
      result(1, 3, 4),
      result(2, 4, null),
      result(2, 1, 5),
      result(2, 2, 3),
    ];
    const rows = swissStandings(field(5), results);
    expect([4, 5]).toContain(rows.at(-1)!.playerId);
    const lowestWithoutBye = rows.filter((row) => row.byes === 0).at(-1)!.playerId;
    const pairing = pairSwissRound({ round: 3, players: field(5), results, random: unused });
    expect(pairing.bye).toBe(lowestWithoutBye);
  });

  it('ignores results of the round being paired and later ones', () => {
    const results = [result(1, 1, 3, 'draw'), result(1, 2, 4, 'draw')];
    const again = pairSwissRound({
      round: 2,
      players: field(4),
      results: [...results, result(2, 1, 4), result(2, 2, 3), result(3, 1, 2)],
      random: unused,
    });
    expect(again).toEqual(pairSwissRound({ round: 2, players: field(4), results, random: unused }));
  });

  it('reports the rematches a field cannot avoid', () => {
    // Four players after a full round robin: every pairing is a rematch.
    const results = [
      result(1, 1, 2),
      result(1, 3, 4),
      result(2, 1, 3),
      result(2, 2, 4),
      result(3, 1, 4),
      result(3, 2, 3),
    ];
    const pairing = pairSwissRound({ round: 4, players: field(4), results, random: unused });
    expect(pairing.rematches).toBe(2);
    expect(pairing.pairs.flat().sort()).toEqual([1, 2, 3, 4]);
  });

  it('when a rematch is forced, gives the higher-ranked player a fresh opponent first', () => {
    // 5 and 6 have both met 2, 3, 4 and each other, so one of them must meet someone again. The
    // top player, 5, would meet 6 in its score group, but takes 1, the only fresh opponent left.
    const draws: Array<[number, number, number]> = [
      [1, 5, 6],
      [2, 5, 2],
      [2, 6, 3],
      [3, 5, 3],
      [3, 6, 4],
      [4, 5, 4],
      [4, 6, 2],
    ];
    const results = draws.map(([round, a, b]) => result(round, a, b, 'draw'));
    const pairing = pairSwissRound({ round: 5, players: field(6), results, random: unused });
    expect(pairing).toEqual({
      pairs: [
        [5, 1],
        [6, 2],
        [3, 4],
      ],
      bye: null,
      rematches: 1,
    });
  });

  it('uses the random generator only for players tied on everything, seed included', () => {
    const tied = [1, 2, 3, 4, 5, 6].map((id) => ({ id, seed: 1, dropped: false }));
    const seen = new Set<string>();
    for (let s = 0; s < 20; s++) {
      const first = pairSwissRound({ round: 1, players: tied, results: [], random: seededRandom(s) });
      const second = pairSwissRound({ round: 1, players: tied, results: [], random: seededRandom(s) });
      expect(second).toEqual(first);
      seen.add(JSON.stringify(first));
    }
    expect(seen.size).toBeGreaterThan(1);
    // Distinct seeds leave nothing to lot: any generator gives the same pairing.
    const a = pairSwissRound({ round: 1, players: field(6), results: [], random: seededRandom(1) });
    const b = pairSwissRound({ round: 1, players: field(6), results: [], random: seededRandom(2) });
    expect(a).toEqual(b);
  });
});

/** Plays a random result for a pair from `random`: wins either way, draws, now and then a double loss. */
function play(round: number, a: number, b: number, random: () => number): PairingResult {
  const x = random();
  const games = random() < 0.5 ? 0 : 1;
  if (x < 0.42)
    return { round, player1: a, player2: b, outcome: 'player1', games1: 2, games2: games, gamesDrawn: 0 };
  if (x < 0.84)
    return { round, player1: a, player2: b, outcome: 'player2', games1: games, games2: 2, gamesDrawn: 0 };
  if (x < 0.96)
    return { round, player1: a, player2: b, outcome: 'draw', games1: 1, games2: 1, gamesDrawn: games };
  return { round, player1: a, player2: b, outcome: 'double_loss', games1: 0, games2: 0, gamesDrawn: 0 };
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The fewest rematches over every pairing of `ranked` (bye to `byeTo` when the field is odd),
 * by exhaustive search over subsets (memoised), independent of the pairing code.
 */
function fewestRematches(ranked: readonly number[], previous: ReadonlySet<string>) {
  const n = ranked.length;
  const memo = new Map<number, number>();
  const solve = (mask: number): number => {
    if (mask === 0) return 0;
    const known = memo.get(mask);
    if (known !== undefined) return known;
    let i = 0;
    while (!(mask & (1 << i))) i++;
    let best = Infinity;
    for (let j = i + 1; j < n; j++) {
      if (!(mask & (1 << j))) continue;
      const cost = previous.has(pairKey(ranked[i]!, ranked[j]!)) ? 1 : 0;
      best = Math.min(best, cost + solve(mask & ~(1 << i) & ~(1 << j)));
    }
    memo.set(mask, best);
    return best;
  };
  const all = (1 << n) - 1;
  return (byeTo: number | null): number =>
    byeTo === null ? solve(all) : solve(all & ~(1 << ranked.indexOf(byeTo)));
}

/**
 * The pairs the rules give once the bye is placed, decided without the pairing code: from the top
 * of the standings down, the top open player takes the first partner in the Dutch order (bottom
 * half of their score group, then its top half from the lowest up, then the groups below; fresh
 * opponents before rematches) with which the rest can still be paired within the fewest rematches,
 * each time counted by exhaustive search.
 */
function dutchReference(
  rows: readonly { playerId: number; matchPoints: number }[],
  previous: ReadonlySet<string>,
  bye: number | null,
): Array<[number, number]> {
  const points = new Map(rows.map((r) => [r.playerId, r.matchPoints]));
  const met = (a: number, b: number) => previous.has(pairKey(a, b));
  const least = (players: readonly number[]) => fewestRematches(players, previous)(null);
  let open = rows.map((r) => r.playerId).filter((id) => id !== bye);
  let budget = least(open);
  const pairs: Array<[number, number]> = [];
  while (open.length > 0) {
    const top = open[0]!;
    let size = 1;
    while (size < open.length && points.get(open[size]!) === points.get(top)) size++;
    const half = Math.floor(size / 2);
    const order =
      size === 1
        ? open.slice(1)
        : [...open.slice(half, size), ...open.slice(1, half).reverse(), ...open.slice(size)];
    const partner = [...order.filter((c) => !met(top, c)), ...order.filter((c) => met(top, c))].find(
      (c) => least(open.filter((v) => v !== top && v !== c)) <= budget - (met(top, c) ? 1 : 0),
    )!;
    budget -= met(top, partner) ? 1 : 0;
    pairs.push([top, partner]);
    open = open.filter((v) => v !== top && v !== partner);
  }
  return pairs;
}

interface Simulation {
  players: number;
  rounds: number;
  seed: number;
  dropRate: number;
}

/**
 * Runs a whole random Swiss, checking every round's pairing: each active player exactly once,
 * no dropped player, no self-pair, the reported rematches, the fewest byes for the bye player,
 * and (up to 14 active players, by exhaustive search) the fewest rematches and the lowest bye.
 */
function simulate({ players, rounds, seed, dropRate }: Simulation): void {
  const random = seededRandom(seed);
  const field: SwissPlayer[] = Array.from({ length: players }, (_, i) => ({
    id: 1000 + i,
    seed: i + 1,
    dropped: false,
  }));
  const results: PairingResult[] = [];
  for (let round = 1; round <= rounds; round++) {
    const active = field.filter((p) => !p.dropped).map((p) => p.id);
    if (active.length < 2) return;
    const lot = seed ^ round;
    const pairing = pairSwissRound({ round, players: field, results, random: seededRandom(lot) });
    expect(pairSwissRound({ round, players: field, results, random: seededRandom(lot) })).toEqual(pairing);
    check(pairing, active, round);
    for (const [a, b] of pairing.pairs) results.push(play(round, a, b, random));
    if (pairing.bye !== null)
      results.push({
        round,
        player1: pairing.bye,
        player2: null,
        outcome: 'player1',
        games1: 2,
        games2: 0,
        gamesDrawn: 0,
      });
    for (const p of field) if (!p.dropped && random() < dropRate) p.dropped = true;
  }

  function check(pairing: SwissPairing, active: number[], round: number): void {
    const seated = [...pairing.pairs.flat(), ...(pairing.bye === null ? [] : [pairing.bye])];
    expect(seated.sort((a, b) => a - b)).toEqual([...active].sort((a, b) => a - b));
    for (const [a, b] of pairing.pairs) expect(a).not.toBe(b);
    expect(pairing.bye === null).toBe(active.length % 2 === 0);

    const previous = new Set<string>();
    const byes = new Map<number, number>();
    for (const r of results) {
      if (r.player2 === null) byes.set(r.player1, (byes.get(r.player1) ?? 0) + 1);
      else previous.add(pairKey(r.player1, r.player2));
    }
    expect(pairing.rematches).toBe(pairing.pairs.filter(([a, b]) => previous.has(pairKey(a, b))).length);
    const byeCount = (id: number) => byes.get(id) ?? 0;
    const fewestByes = Math.min(...active.map(byeCount));
    if (pairing.bye !== null) expect(byeCount(pairing.bye)).toBe(fewestByes);

    if (active.length > 14) {
      // Before round 7 nobody has met more than 5 opponents, so with 15 or more active players
      // every player (bye aside) can meet at least half of the others: Dirac's theorem then
      // guarantees a rematch-free pairing.
      if (round <= 6) expect(pairing.rematches).toBe(0);
      return;
    }
    const rows = swissStandings(field, results).filter((row) => active.includes(row.playerId));
    const ranked = rows.map((row) => row.playerId);
    const fewest = fewestRematches(ranked, previous);
    // Up to 10 players, every pair is also the one the rules' order of preference gives, each
    // choice checked by exhaustive search: the pairing's shortcuts must not change a decision.
    if (active.length <= 10) expect(pairing.pairs).toEqual(dutchReference(rows, previous, pairing.bye));
    if (pairing.bye === null) {
      expect(pairing.rematches).toBe(fewest(null));
      return;
    }
    const eligible = ranked.filter((id) => byeCount(id) === fewestByes);
    const best = Math.min(...eligible.map(fewest));
    expect(pairing.rematches).toBe(best);
    expect(fewest(pairing.bye)).toBe(best);
    // Every eligible player ranked below the bye would have forced more rematches.
    for (const id of eligible.slice(eligible.indexOf(pairing.bye) + 1))
      expect(fewest(id)).toBeGreaterThan(best);
  }
}

describe('properties over random tournaments', () => {
  it('up to the suggested rounds, 2–40 players, with draws, double losses and drops', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.integer(),
        fc.constantFrom(0, 0.05, 0.15),
        fc.integer({ min: 0, max: 2 }),
        (players, seed, dropRate, fewer) => {
          const rounds = Math.max(1, suggestedSwissRounds(players).rounds - fewer);
          simulate({ players, rounds, seed, dropRate });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('past the suggested rounds in small fields, where rematches and second byes are forced', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 11 }),
        fc.integer(),
        fc.constantFrom(0, 0.1),
        fc.integer({ min: 1, max: 6 }),
        (players, seed, dropRate, extra) => {
          simulate({ players, rounds: suggestedSwissRounds(players).rounds + extra, seed, dropRate });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('speed', () => {
  it('pairs round 8 of a 256-player Swiss quickly (logged, loose bound)', () => {
    const players = field(256);
    const random = seededRandom(256);
    const results: PairingResult[] = [];
    let last = 0;
    let worst = 0;
    let rematches = 0;
    for (let round = 1; round <= 8; round++) {
      const started = performance.now();
      const pairing = pairSwissRound({ round, players, results, random: seededRandom(round) });
      last = performance.now() - started;
      worst = Math.max(worst, last);
      rematches += pairing.rematches;
      for (const [a, b] of pairing.pairs) results.push(play(round, a, b, random));
    }
    console.info(
      `256 players: round 8 paired in ${last.toFixed(1)} ms (slowest round ${worst.toFixed(1)} ms)`,
    );
    expect(rematches).toBe(0);
    expect(last).toBeLessThan(1000);
  });
});
