import { describe, expect, it } from 'vitest';
import {
  BracketError,
  bracketWinner,
  createBracket,
  replayBracket,
  reportResult,
  roundLabel,
  roundRobinStandings,
  slotsOf,
  type BracketData,
  type BracketSlot,
  type BracketType,
  type ReplayedResult,
} from './bracket-engine';

/** User ids 101, 102, ...: seed k is user 100 + k. */
const seeds = (n: number) => Array.from({ length: n }, (_, i) => 101 + i);
const seed = (user: number | null) => (user === null ? null : user - 100);
const pair = (s: BracketSlot) => `${String(seed(s.player1))}v${String(seed(s.player2))}`;
const inGroup = (data: BracketData, group: BracketSlot['group'], round?: number) =>
  slotsOf(data).filter((s) => s.group === group && (round === undefined || s.round === round));
const roundSizes = (slots: BracketSlot[]) => {
  const sizes = new Map<number, number>();
  for (const s of slots) sizes.set(s.round, (sizes.get(s.round) ?? 0) + 1);
  return [...sizes.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
};

/** A deterministic pseudo-random source (LCG), so the "random" brackets are the same every run. */
function lcg(start: number) {
  let x = start;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

type Pick = (slot: BracketSlot) => number;
const favourite: Pick = (s) => Math.min(s.player1!, s.player2!);
const underdog: Pick = (s) => Math.max(s.player1!, s.player2!);

/** A 2–1 (or 1–2) result for the picked winner, in the slot's sides. */
const win = (s: BracketSlot, winner: number) =>
  winner === s.player1 ? { winner, score1: 2, score2: 1 } : { winner, score1: 1, score2: 2 };

/** Plays every pending match, first pending first, until none is left; answers the results in order. */
async function playOut(start: BracketData, pick: Pick, onCall?: (ms: number) => void) {
  let data = start;
  const results: ReplayedResult[] = [];
  for (;;) {
    const slot = slotsOf(data).find((s) => s.status === 'pending');
    if (!slot) return { data, results };
    const result = win(slot, pick(slot));
    const t0 = performance.now();
    data = (await reportResult(data, slot.id, result)).data;
    onCall?.(performance.now() - t0);
    results.push({ matchId: slot.id, player1: slot.player1!, player2: slot.player2!, ...result });
  }
}

/** Plays pending matches (favourites win) until the given slot is pending. */
async function playUntil(start: BracketData, done: (slots: BracketSlot[]) => boolean) {
  let data = start;
  while (!done(slotsOf(data))) {
    const slot = slotsOf(data).find((s) => s.status === 'pending');
    if (!slot) throw new Error('nothing left to play');
    data = (await reportResult(data, slot.id, win(slot, favourite(slot)))).data;
  }
  return data;
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof BracketError) return error.code;
    throw error;
  }
  return 'accepted';
}

const lossesOf = (data: BracketData) => {
  const losses = new Map<number, number>();
  for (const s of slotsOf(data)) {
    if (s.status !== 'completed') continue;
    const loser = s.winner === s.player1 ? s.player2! : s.player1!;
    losses.set(loser, (losses.get(loser) ?? 0) + 1);
  }
  return losses;
};

describe('single elimination shapes', () => {
  it('8 players: 1v8, 4v5, 2v7, 3v6 in that order, then 4, 2 and 1 matches', async () => {
    const data = await createBracket('single_elimination', seeds(8));
    expect(inGroup(data, 'main', 1).map(pair)).toEqual(['1v8', '4v5', '2v7', '3v6']);
    expect(roundSizes(inGroup(data, 'main'))).toEqual([4, 2, 1]);
    expect(inGroup(data, 'main', 1).every((s) => s.status === 'pending')).toBe(true);
    expect(inGroup(data, 'main', 2).every((s) => s.status === 'waiting')).toBe(true);
  });

  it('5 players: seeds 1–3 get the byes and round 1 is only 4v5', async () => {
    const data = await createBracket('single_elimination', seeds(5));
    const first = inGroup(data, 'main', 1);
    expect(first.map(pair)).toEqual(['1vnull', '4v5', '2vnull', '3vnull']);
    expect(first.filter((s) => s.status === 'bye').map((s) => seed(s.winner))).toEqual([1, 2, 3]);
    expect(first.filter((s) => s.status === 'pending').map(pair)).toEqual(['4v5']);
    // The byes already advanced: 2v3 can be played at once, 1 waits for the winner of 4v5.
    expect(inGroup(data, 'main', 2).map((s) => [pair(s), s.status])).toEqual([
      ['1vnull', 'waiting'],
      ['2v3', 'pending'],
    ]);
  });

  it('13 players: seeds 1–3 get the byes; round 1 is 8v9, 4v13, 5v12, 7v10, 6v11', async () => {
    const data = await createBracket('single_elimination', seeds(13));
    const first = inGroup(data, 'main', 1);
    expect(first.filter((s) => s.status === 'bye').map((s) => seed(s.winner))).toEqual([1, 2, 3]);
    expect(first.filter((s) => s.status === 'pending').map(pair)).toEqual([
      '8v9',
      '4v13',
      '5v12',
      '7v10',
      '6v11',
    ]);
    expect(roundSizes(inGroup(data, 'main'))).toEqual([8, 4, 2, 1]);
  });

  it('64 players: 63 matches in 6 rounds, each first-round pair sums to 65, and seeds 1 and 2 only meet in the final', async () => {
    const data = await createBracket('single_elimination', seeds(64));
    expect(roundSizes(inGroup(data, 'main'))).toEqual([32, 16, 8, 4, 2, 1]);
    const first = inGroup(data, 'main', 1);
    expect(first.every((s) => seed(s.player1)! + seed(s.player2)! === 65)).toBe(true);
    // Seed 1 in the top half, seed 2 in the bottom half.
    const half = (user: number) => first.findIndex((s) => s.player1 === user || s.player2 === user) < 16;
    expect([half(101), half(102)]).toEqual([true, false]);
    const { data: done } = await playOut(data, favourite);
    const last = slotsOf(done);
    expect(last.filter((s) => s.round === 5).map(pair)).toEqual(['1v4', '2v3']);
    expect(pair(last.at(-1)!)).toBe('1v2');
    const met = last.filter(
      (s) => [s.player1, s.player2].includes(101) && [s.player1, s.player2].includes(102),
    );
    expect(met.map((s) => s.round)).toEqual([6]);
  });

  it('seeds 1 and 2 are in opposite halves for every size from 3 to 33', async () => {
    for (let n = 3; n <= 33; n++) {
      const first = inGroup(await createBracket('single_elimination', seeds(n)), 'main', 1);
      const at = (user: number) => first.findIndex((s) => s.player1 === user || s.player2 === user);
      expect(at(101) < first.length / 2 && at(102) >= first.length / 2).toBe(true);
      // Never BYE against BYE, and exactly size − n byes, all given to the top seeds.
      const byes = first.filter((s) => s.status === 'bye');
      expect(byes.map((s) => seed(s.winner)).sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: first.length * 2 - n }, (_, i) => i + 1),
      );
    }
  });

  it('refuses fewer than two players and a player seeded twice', async () => {
    await expect(createBracket('single_elimination', [101])).rejects.toThrow(Error);
    await expect(createBracket('round_robin', [])).rejects.toThrow(Error);
    await expect(createBracket('double_elimination', [101, 102, 101])).rejects.toThrow(Error);
  });
});

describe('double elimination shapes', () => {
  it('8 players: winners 7 matches in 3 rounds, losers 6 in 4 rounds, grand final and its reset', async () => {
    const data = await createBracket('double_elimination', seeds(8));
    expect(roundSizes(inGroup(data, 'winners'))).toEqual([4, 2, 1]);
    expect(roundSizes(inGroup(data, 'losers'))).toEqual([2, 2, 1, 1]);
    expect(inGroup(data, 'grand_final').map((s) => [s.round, s.number, s.status])).toEqual([
      [1, 1, 'waiting'],
      [2, 1, 'waiting'],
    ]);
    expect(inGroup(data, 'winners', 1).map(pair)).toEqual(['1v8', '4v5', '2v7', '3v6']);
    // Ordered by group (winners, losers, grand final), then round and number.
    expect(slotsOf(data).map((s) => s.group)).toEqual([
      ...Array<string>(7).fill('winners'),
      ...Array<string>(6).fill('losers'),
      'grand_final',
      'grand_final',
    ]);
  });

  it('with favourites winning, the only rematches are the losers final and the grand final (8 to 128)', async () => {
    for (const n of [8, 16, 32, 64, 128]) {
      const { data } = await playOut(await createBracket('double_elimination', seeds(n)), favourite);
      const lastLosersRound = Math.max(...inGroup(data, 'losers').map((s) => s.round));
      const seen = new Set<string>();
      const rematches: string[] = [];
      for (const s of slotsOf(data).filter((s) => s.status === 'completed')) {
        const key = [s.player1, s.player2].sort().join('-');
        if (seen.has(key)) rematches.push(`${s.group} ${s.round}`);
        seen.add(key);
      }
      expect(rematches).toEqual([`losers ${lastLosersRound}`, 'grand_final 1']);
    }
  });

  it('the first two loser rounds never hold a rematch, whatever the results (8 to 64, seeded random)', async () => {
    const random = lcg(7);
    for (const n of [8, 12, 16, 32, 64]) {
      for (let trial = 0; trial < 5; trial++) {
        const { data } = await playOut(await createBracket('double_elimination', seeds(n)), (s) =>
          random() < 0.5 ? s.player1! : s.player2!,
        );
        const winners = inGroup(data, 'winners').filter((s) => s.status === 'completed');
        const played = new Set(winners.map((s) => [s.player1, s.player2].sort().join('-')));
        const early = inGroup(data, 'losers').filter((s) => s.round <= 2 && s.status === 'completed');
        expect(early.filter((s) => played.has([s.player1, s.player2].sort().join('-')))).toEqual([]);
      }
    }
  });
});

describe('grand final reset', () => {
  async function grandFinal() {
    // Favourites win everything before the grand final: 101 (winners) against 102 (losers).
    const data = await playUntil(await createBracket('double_elimination', seeds(8)), (slots) =>
      slots.some((s) => s.group === 'grand_final' && s.round === 1 && s.status === 'pending'),
    );
    const final = inGroup(data, 'grand_final', 1)[0]!;
    expect(pair(final)).toBe('1v2');
    return { data, final };
  }

  it("the winners' champion wins the first final: the reset is void and the champion is decided", async () => {
    const { data, final } = await grandFinal();
    expect(bracketWinner(data)).toBeNull();
    const after = await reportResult(data, final.id, { winner: 101, score1: 2, score2: 0 });
    expect(after.opened).toEqual([]);
    const reset = inGroup(after.data, 'grand_final', 2)[0]!;
    expect(reset.status).toBe('void');
    expect(bracketWinner(after.data)).toBe(101);
    expect(await refusal(reportResult(after.data, reset.id, { winner: 102, score1: 0, score2: 2 }))).toBe(
      'decided',
    );
  });

  it("the losers' champion wins the first final: the reset opens and decides", async () => {
    const { data, final } = await grandFinal();
    const after = await reportResult(data, final.id, { winner: 102, score1: 1, score2: 2 });
    const reset = inGroup(after.data, 'grand_final', 2)[0]!;
    expect(after.opened).toEqual([reset]);
    expect([reset.status, pair(reset)]).toEqual(['pending', '1v2']);
    expect(bracketWinner(after.data)).toBeNull();
    const decided = await reportResult(after.data, reset.id, { winner: 102, score1: 0, score2: 2 });
    expect(decided.opened).toEqual([]);
    expect(bracketWinner(decided.data)).toBe(102);
    expect(lossesOf(decided.data).get(101)).toBe(2);
  });
});

describe('played to a champion', () => {
  it('single elimination: the final decides, and not before', async () => {
    const start = await createBracket('single_elimination', seeds(13));
    const { data, results } = await playOut(start, underdog);
    expect(results).toHaveLength(12);
    const final = slotsOf(data).at(-1)!;
    expect(bracketWinner(data)).toBe(final.winner);
    expect(final.winner).toBe(113);
    const beforeFinal = await replayBracket('single_elimination', seeds(13), results.slice(0, -1));
    expect(bracketWinner(beforeFinal.data)).toBeNull();
  });

  it('double elimination: every player but the champion loses twice, whatever the size or the results', async () => {
    const random = lcg(42);
    for (const n of [2, 3, 5, 8, 13, 16, 21]) {
      const { data } = await playOut(await createBracket('double_elimination', seeds(n)), (s) =>
        random() < 0.5 ? s.player1! : s.player2!,
      );
      const champion = bracketWinner(data);
      expect(champion).not.toBeNull();
      const losses = lossesOf(data);
      expect(losses.get(champion!) ?? 0).toBeLessThanOrEqual(1);
      const others = seeds(n).filter((u) => u !== champion);
      // Two players: the double elimination is a single match.
      expect(others.map((u) => losses.get(u))).toEqual(others.map(() => (n === 2 ? 1 : 2)));
      expect(slotsOf(data).filter((s) => s.status === 'pending' || s.status === 'waiting')).toEqual([]);
    }
  });
});

describe('round robin', () => {
  const pairsOf = (data: BracketData) =>
    slotsOf(data)
      .filter((s) => s.status !== 'bye')
      .map((s) => [s.player1!, s.player2!].sort().join('-'));

  it('4 players: 3 rounds of 2 matches, each pair exactly once, each player once a round', async () => {
    const data = await createBracket('round_robin', seeds(4));
    expect(roundSizes(slotsOf(data))).toEqual([2, 2, 2]);
    const pairs = pairsOf(data);
    expect(pairs).toHaveLength(6);
    expect(new Set(pairs).size).toBe(6);
    for (let round = 1; round <= 3; round++) {
      const players = inGroup(data, 'round_robin', round).flatMap((s) => [s.player1, s.player2]);
      expect(new Set(players).size).toBe(4);
    }
    expect(slotsOf(data).every((s) => s.status === 'pending' && s.group === 'round_robin')).toBe(true);
  });

  it('5 players: 5 rounds, each pair exactly once, each player sits out (a bye, not a win) exactly once', async () => {
    const data = await createBracket('round_robin', seeds(5));
    const pairs = pairsOf(data);
    expect(pairs).toHaveLength(10);
    expect(new Set(pairs).size).toBe(10);
    const byes = slotsOf(data).filter((s) => s.status === 'bye');
    expect(byes).toHaveLength(5);
    expect(byes.every((s) => s.winner === null && s.player2 === null)).toBe(true);
    expect(new Set(byes.map((s) => s.player1)).size).toBe(5);
    expect(new Set(byes.map((s) => s.round)).size).toBe(5);
    expect(
      await refusal(reportResult(data, byes[0]!.id, { winner: byes[0]!.player1, score1: 2, score2: 0 })),
    ).toBe('decided');
    // Playing every match ends the tournament; the byes count for nobody.
    const { data: done } = await playOut(data, favourite);
    expect(bracketWinner(done)).toBe(101);
    expect(roundRobinStandings(done).map((r) => [seed(r.userId), r.rank, r.played, r.points])).toEqual([
      [1, 1, 4, 12],
      [2, 2, 4, 9],
      [3, 3, 4, 6],
      [4, 4, 4, 3],
      [5, 5, 4, 0],
    ]);
  });

  it('takes draws with equal scores, and refuses a draw with unequal scores', async () => {
    const data = await createBracket('round_robin', seeds(2));
    const [match] = slotsOf(data);
    expect(await refusal(reportResult(data, match!.id, { winner: null, score1: 2, score2: 1 }))).toBe(
      'not_a_player',
    );
    const after = await reportResult(data, match!.id, { winner: null, score1: 1, score2: 1 });
    expect(slotsOf(after.data)[0]).toMatchObject({ status: 'completed', winner: null, score1: 1, score2: 1 });
    // Level on every tiebreaker: no champion from the table.
    expect(roundRobinStandings(after.data).map((r) => [r.rank, r.points])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    expect(bracketWinner(after.data)).toBeNull();
  });

  /** Records the given results (winner, winner's games, loser's games) on every pending match. */
  async function playTable(data: BracketData, results: Record<string, [number, number, number]>) {
    for (const s of slotsOf(data).filter((slot) => slot.status === 'pending')) {
      const [winner, w, l] = results[[s.player1!, s.player2!].sort().join('-')]!;
      const result =
        winner === s.player1 ? { winner, score1: w, score2: l } : { winner, score1: l, score2: w };
      data = (await reportResult(data, s.id, result)).data;
    }
    return data;
  }

  it('breaks ties by head-to-head among the tied players before game difference', async () => {
    // 1 and 3 on 6 points, 3 beat 1; 2 and 4 on 3 points, 4 beat 2: head-to-head wins both times
    // against a better game difference.
    const data = await playTable(await createBracket('round_robin', seeds(4)), {
      '101-102': [101, 2, 0],
      '102-103': [102, 2, 0],
      '101-103': [103, 2, 1],
      '101-104': [101, 2, 0],
      '103-104': [103, 2, 1],
      '102-104': [104, 2, 1],
    });
    expect(
      roundRobinStandings(data).map((r) => [seed(r.userId), r.rank, r.points, r.gameDifference]),
    ).toEqual([
      [3, 1, 6, 0],
      [1, 2, 6, 3],
      [4, 3, 3, -2],
      [2, 4, 3, -1],
    ]);
    expect(bracketWinner(data)).toBe(103);
  });

  it('a three-way circle falls back to game difference, then games won; still level shares a rank', async () => {
    // Everyone on 3 points, 3 head-to-head points and a game difference of 0.
    const data = await playTable(await createBracket('round_robin', seeds(3)), {
      '101-102': [101, 2, 1],
      '102-103': [102, 1, 0],
      '101-103': [103, 2, 1],
    });
    expect(
      roundRobinStandings(data).map((r) => [seed(r.userId), r.rank, r.gameDifference, r.gamesWon]),
    ).toEqual([
      [1, 1, 0, 3],
      [2, 2, 0, 2],
      [3, 2, 0, 2],
    ]);
    expect(bracketWinner(data)).toBe(101);
  });
});

describe('reportResult', () => {
  it('opens the next match when both of its players are known, without changing its input', async () => {
    const data = await createBracket('single_elimination', seeds(8));
    const frozen = structuredClone(data);
    const [m1, m2] = inGroup(data, 'main', 1);
    const first = await reportResult(data, m1!.id, { winner: 101, score1: 2, score2: 0 });
    expect(data).toEqual(frozen);
    expect(first.opened).toEqual([]);
    expect(inGroup(first.data, 'main', 1)[0]).toMatchObject({
      status: 'completed',
      winner: 101,
      score1: 2,
      score2: 0,
    });
    const second = await reportResult(first.data, m2!.id, { winner: 105, score1: 1, score2: 2 });
    expect(second.opened.map((s) => [s.round, s.number, pair(s), s.status])).toEqual([
      [2, 1, '1v5', 'pending'],
    ]);
  });

  it('refuses a waiting match, a decided one, a winner who is not a player, a draw in elimination, and an unknown id', async () => {
    const data = await createBracket('double_elimination', seeds(8));
    const [m1] = inGroup(data, 'winners', 1);
    const next = inGroup(data, 'winners', 2)[0]!;
    expect(await refusal(reportResult(data, next.id, { winner: 101, score1: 2, score2: 0 }))).toBe(
      'not_ready',
    );
    expect(await refusal(reportResult(data, m1!.id, { winner: 102, score1: 2, score2: 0 }))).toBe(
      'not_a_player',
    );
    expect(await refusal(reportResult(data, m1!.id, { winner: null, score1: 1, score2: 1 }))).toBe(
      'not_a_player',
    );
    expect(await refusal(reportResult(data, 9999, { winner: 101, score1: 2, score2: 0 }))).toBe(
      'unknown_match',
    );
    const { data: after } = await reportResult(data, m1!.id, { winner: 108, score1: 0, score2: 2 });
    expect(await refusal(reportResult(after, m1!.id, { winner: 101, score1: 2, score2: 0 }))).toBe('decided');
  });

  it('refuses a BYE, never played, even while its player is still unknown', async () => {
    const se = await createBracket('single_elimination', seeds(5));
    const bye = inGroup(se, 'main', 1)[0]!;
    expect([bye.status, bye.winner]).toEqual(['bye', 101]);
    expect(await refusal(reportResult(se, bye.id, { winner: 101, score1: 2, score2: 0 }))).toBe('decided');
    // DE 5: the loser of 4v5 drops against a BYE in the losers bracket, still unknown.
    const de = await createBracket('double_elimination', seeds(5));
    const waitingBye = inGroup(de, 'losers', 1).find((s) => s.status === 'bye' && s.winner === null)!;
    expect(await refusal(reportResult(de, waitingBye.id, { winner: 104, score1: 2, score2: 0 }))).toBe(
      'decided',
    );
    // Once 4v5 is played, its loser advances past that BYE with no match.
    const { data } = await reportResult(de, inGroup(de, 'winners', 1)[1]!.id, {
      winner: 104,
      score1: 2,
      score2: 0,
    });
    expect(slotsOf(data).find((s) => s.id === waitingBye.id)!.winner).toBe(105);
  });
});

describe('replayBracket', () => {
  it('replaying every result gives the same bracket as reporting them one by one', async () => {
    const random = lcg(3);
    const { data, results } = await playOut(await createBracket('double_elimination', seeds(13)), (s) =>
      random() < 0.5 ? s.player1! : s.player2!,
    );
    const replayed = await replayBracket('double_elimination', seeds(13), results);
    expect(replayed.voided).toEqual([]);
    expect(replayed.data).toEqual(data);
  });

  it('a changed early result voids the later match that no longer has the same players', async () => {
    const start = await createBracket('single_elimination', seeds(8));
    const { results } = await playOut(start, favourite);
    // Round 1: 1v8, 4v5, 2v7, 3v6; round 2: 1v4, 2v3; final 1v2.
    const firstMatch = results[0]!;
    expect([seed(firstMatch.player1), seed(firstMatch.player2)]).toEqual([1, 8]);
    const corrected = results.map((r) =>
      r === firstMatch ? { ...r, winner: 108, score1: 1, score2: 2 } : r,
    );
    const { data, voided } = await replayBracket('single_elimination', seeds(8), corrected);
    const semi = inGroup(data, 'main', 2)[0]!;
    const final = inGroup(data, 'main', 3)[0]!;
    // 1v4 and the final 1v2 are gone; 8v4 is to be played, the other semi stands.
    expect(voided).toEqual([semi.id, final.id]);
    expect([pair(semi), semi.status]).toEqual(['8v4', 'pending']);
    expect(inGroup(data, 'main', 2)[1]).toMatchObject({ status: 'completed', winner: 102 });
    expect(bracketWinner(data)).toBeNull();
  });

  it('keeps the scores with their players when the result lists them the other way round', async () => {
    const data = await createBracket('single_elimination', seeds(2));
    const [only] = slotsOf(data);
    const { data: replayed } = await replayBracket('single_elimination', seeds(2), [
      { matchId: only!.id, player1: 102, player2: 101, winner: 102, score1: 2, score2: 1 },
    ]);
    expect(slotsOf(replayed)[0]).toMatchObject({
      player1: 101,
      player2: 102,
      winner: 102,
      score1: 1,
      score2: 2,
    });
  });

  it("an edited first grand final drops the reset when the winners' champion now wins it", async () => {
    const start = await createBracket('double_elimination', seeds(4));
    const { results } = await playOut(start, (s) =>
      s.group === 'grand_final' && s.round === 1 ? 102 : favourite(s),
    );
    expect(results.at(-1)).toMatchObject({ player1: 101, player2: 102, winner: 101 });
    const firstFinal = results.at(-2)!;
    expect(firstFinal.winner).toBe(102);
    const edited = results.map((r) => (r === firstFinal ? { ...r, winner: 101, score1: 2, score2: 0 } : r));
    const { data, voided } = await replayBracket('double_elimination', seeds(4), edited);
    expect(voided).toEqual([results.at(-1)!.matchId]);
    expect(inGroup(data, 'grand_final', 2)[0]!.status).toBe('void');
    expect(bracketWinner(data)).toBe(101);
  });
});

describe('determinism and labels', () => {
  it('the same seeding gives the same data and the same match ids', async () => {
    for (const type of ['single_elimination', 'double_elimination', 'round_robin'] as BracketType[]) {
      const a = await createBracket(type, seeds(11));
      const b = await createBracket(type, seeds(11));
      expect(a).toEqual(b);
      expect(JSON.parse(JSON.stringify(a))).toEqual(a);
      expect(slotsOf(a).map((s) => s.id)).toEqual(slotsOf(b).map((s) => s.id));
    }
    const other = await createBracket('single_elimination', [...seeds(11)].reverse());
    expect(inGroup(other, 'main', 1).map(pair)).not.toEqual(
      inGroup(await createBracket('single_elimination', seeds(11)), 'main', 1).map(pair),
    );
  });

  it('names the rounds in Spanish', () => {
    const se = (r: number, of: number) => roundLabel('single_elimination', 'main', r, of);
    expect([1, 2, 3, 4, 5, 6].map((r) => se(r, 6))).toEqual([
      'Primera Ronda',
      'Ronda 2',
      'Octavos de Final',
      'Cuartos de Final',
      'Semifinales',
      'Final',
    ]);
    // The SPEC's three labels for an 8-player bracket.
    expect([1, 2, 3].map((r) => se(r, 3))).toEqual(['Primera Ronda', 'Semifinales', 'Final']);
    expect(se(1, 1)).toBe('Final');
    expect(se(1, 2)).toBe('Semifinales');
    expect(roundLabel('double_elimination', 'winners', 3, 3)).toBe('Ronda 3');
    expect(roundLabel('double_elimination', 'losers', 4, 4)).toBe('Ronda 4');
    expect(roundLabel('double_elimination', 'grand_final', 1, 2)).toBe('Gran Final');
    expect(roundLabel('double_elimination', 'grand_final', 2, 2)).toBe('Gran Final (desempate)');
    expect(roundLabel('round_robin', 'round_robin', 4, 5)).toBe('Fecha 4');
  });
});

describe('performance', () => {
  it('a 128-player double elimination: each reportResult well under 50 ms, and a full replay', async () => {
    const t0 = performance.now();
    const start = await createBracket('double_elimination', seeds(128));
    const created = performance.now() - t0;
    const calls: number[] = [];
    const random = lcg(11);
    const { data, results } = await playOut(
      start,
      (s) => (random() < 0.5 ? s.player1! : s.player2!),
      (ms) => calls.push(ms),
    );
    expect(bracketWinner(data)).not.toBeNull();
    const t1 = performance.now();
    const replayed = await replayBracket('double_elimination', seeds(128), results);
    const replay = performance.now() - t1;
    expect(replayed.data).toEqual(data);
    const sorted = [...calls].sort((a, b) => a - b);
    const mean = calls.reduce((a, b) => a + b, 0) / calls.length;
    console.log(
      `DE 128: create ${created.toFixed(1)} ms; ${calls.length} reportResult calls: mean ${mean.toFixed(2)} ms, ` +
        `p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms; ` +
        `replay of ${results.length} results ${replay.toFixed(1)} ms; data ${JSON.stringify(data).length} bytes`,
    );
    expect(sorted.at(-1)!).toBeLessThan(500);
    expect(replay).toBeLessThan(5000);
  });
});
