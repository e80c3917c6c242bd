import { sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import {
  pairingAllowsDraws,
  outcomeOfGames,
  scoreRefusal,
  type BestOf,
  type GameScore,
  type PairingOutcome,
  type TournamentType,
} from '@mitos/domain/tournament-rules';
import { pairSwissRound, suggestedSwissRounds } from '@mitos/domain/tournament-swiss';
import { roundRobinStandings, swissStandings, type PairingResult } from '@mitos/domain/tournament-standings';
import { newSeed, seededRandom, seedOrder } from '@mitos/domain/tournament-seeding';
import type { Tx } from '../db/client';
import { queryRows } from '../db/client';
import { badRequest, conflict, notFound } from '../errors';
import * as writes from '../matches/repository/writes';
import { applyCounts } from '../rankings/tallies';
import { shownRatings } from '../ratings/repository';
import { approveEntered } from '../admin/repository';
import {
  BracketError,
  bracketWinner,
  createBracket,
  replayBracket,
  reportResult,
  slotsOf,
  type BracketData,
  type BracketSlot,
  type BracketType,
} from './bracket-engine';
import * as repo from './repository';

/**
 * How a tournament moves (docs/decisions/015): the start (seeding and the first pairings), Swiss
 * rounds, the playoff, results decided by approved matches, and the organiser's corrections. Every
 * function runs inside the caller's transaction, holding the tournament's row lock.
 */

type Stage = 'swiss' | 'main' | 'playoff';

export type Score = GameScore;

const BYE_SCORE: Score = { games1: 2, games2: 0, gamesDrawn: 0 };

/** The bracket type of a stage: the tournament's own, or the single-elimination playoff. */
function bracketTypeOf(t: repo.TournamentRecord, stage: Stage): BracketType | null {
  if (stage === 'playoff') return 'single_elimination';
  if (stage === 'swiss' || t.type === 'swiss') return null;
  return t.type as BracketType;
}

export function refuseScore(t: repo.TournamentRecord, stage: Stage, score: Score): void {
  const refusal = scoreRefusal(
    score,
    t.bestOf as BestOf,
    pairingAllowsDraws(t.type as TournamentType, stage),
  );
  if (refusal) throw badRequest(refusal);
}

const toResult = (p: repo.PairingRecord): PairingResult => ({
  round: p.round,
  player1: p.player1Id,
  player2: p.player2Id,
  outcome: p.outcome as PairingOutcome,
  games1: p.games1 ?? 0,
  games2: p.games2 ?? 0,
  gamesDrawn: p.gamesDrawn ?? 0,
});

/** The decided results of a stage, in the order they were decided. */
export function resultsOf(pairings: readonly repo.PairingRecord[], stage: Stage): PairingResult[] {
  return pairings.filter((p) => p.stage === stage && p.status === 'decided').map(toResult);
}

const livePairings = repo.livePairingRecords;
const seededPlayers = repo.seededPlayers;

// ---------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------

/**
 * Comenzar: the registered players (only those checked in when anyone was; the others are dropped
 * as no-shows) are seeded by their season points, then in a random order from a recorded seed;
 * Swiss pairs round 1, the other types build their bracket and open its first matches.
 */
export async function startTournament(tx: Tx, t: repo.TournamentRecord, now: Date): Promise<void> {
  const everyone = await repo.registeredPlayers(tx, t.id);
  const checkedIn = everyone.filter((p) => p.checkedIn);
  const playing = checkedIn.length > 0 ? checkedIn : everyone;
  if (playing.length < 2) throw conflict(MSG.tournamentNotEnoughPlayers);
  if (t.topCut > 0 && t.topCut > playing.length) throw conflict(MSG.tournamentTopCutTooLarge);
  if (playing.length < everyone.length)
    await repo.dropNoShows(
      tx,
      t.id,
      playing.map((p) => p.userId),
    );

  const seed = newSeed();
  const points = await repo.seasonPoints(
    tx,
    t.seasonId,
    playing.map((p) => p.userId),
  );
  // Mitos Rating first (all-time), then the season's points, then the recorded lot.
  const ratings = await shownRatings(
    tx,
    playing.map((p) => p.userId),
  );
  const order = seedOrder(
    playing.map((p) => ({
      id: p.userId,
      rating: ratings.get(p.userId) ?? null,
      points: points.get(p.userId) ?? null,
    })),
    seed,
  );
  await repo.setSeeds(tx, t.id, order);

  const started = { ...t, seed, startedAt: now, registrationOpen: false };
  if (t.type === 'swiss') {
    const rounds = t.swissRounds ?? suggestedSwissRounds(order.length).rounds;
    await repo.updateTournament(tx, t.id, {
      seed,
      startedAt: now,
      registrationOpen: false,
      phase: 'swiss',
      swissRounds: rounds,
    });
    await pairSwiss(tx, { ...started, swissRounds: rounds, phase: 'swiss' }, 1, now);
    return;
  }
  const type = t.type as BracketType;
  const data = await createBracket(type, order);
  await repo.saveBracket(tx, { tournamentId: t.id, stage: 'main', type, seeding: order, data });
  await repo.updateTournament(tx, t.id, {
    seed,
    startedAt: now,
    registrationOpen: false,
    phase: 'main',
    currentRound: 1,
  });
  await openSlots(tx, t.id, 'main', slotsOf(data), [], now);
}

// ---------------------------------------------------------------------------------------------
// Swiss rounds
// ---------------------------------------------------------------------------------------------

/** Whether every pairing of the Swiss so far has its result. */
export function swissRoundDone(pairings: readonly repo.PairingRecord[], round: number): boolean {
  const ofRound = pairings.filter((p) => p.stage === 'swiss' && p.round <= round && p.status !== 'void');
  return ofRound.every((p) => p.status === 'decided');
}

/** Whether the organiser may pair round `currentRound + 1` now. */
export function canPairNext(t: repo.TournamentRecord, pairings: readonly repo.PairingRecord[]): boolean {
  return (
    t.type === 'swiss' &&
    t.phase === 'swiss' &&
    t.finishedAt === null &&
    t.currentRound >= 1 &&
    t.currentRound < (t.swissRounds ?? 0) &&
    swissRoundDone(pairings, t.currentRound)
  );
}

/**
 * Pairs Swiss round `round` from the results so far (domain pairSwissRound: score groups, no
 * rematches, one bye to the lowest-ranked player without one). The bye is decided at once (2–0).
 */
async function pairSwiss(tx: Tx, t: repo.TournamentRecord, round: number, now: Date): Promise<void> {
  const results = await repo.decidedResults(tx, t.id, 'swiss');
  const players = await seededPlayers(tx, t.id);
  const active = players.filter((p) => !p.dropped);
  if (active.length < 2) throw conflict(MSG.tournamentNotEnoughPlayers);
  const pairing = pairSwissRound({
    round,
    players,
    results,
    random: seededRandom(((t.seed ?? 0) + round) | 0),
  });
  const rows: repo.NewPairing[] = pairing.pairs.map(([a, b], i) => ({
    tournamentId: t.id,
    stage: 'swiss',
    round,
    tableNo: i + 1,
    player1Id: a,
    player2Id: b,
    pairedAt: now,
  }));
  if (pairing.bye !== null)
    rows.push({
      tournamentId: t.id,
      stage: 'swiss',
      round,
      tableNo: rows.length + 1,
      player1Id: pairing.bye,
      player2Id: null,
      status: 'decided',
      outcome: 'player1',
      ...BYE_SCORE,
      pairedAt: now,
      decidedAt: now,
    });
  await repo.insertPairings(tx, rows);
  await repo.updateTournament(tx, t.id, { currentRound: round });
}

/**
 * Empareja la ronda siguiente: `round` is the round the organiser saw as next, so that of two
 * organisers pairing at once the second is told it is paired already.
 */
export async function pairNextRound(
  tx: Tx,
  t: repo.TournamentRecord,
  round: number,
  now: Date,
): Promise<void> {
  if (t.type !== 'swiss') throw conflict(MSG.tournamentNotSwiss);
  if (t.startedAt === null) throw conflict(MSG.tournamentNotStarted);
  if (t.finishedAt !== null) throw conflict(MSG.tournamentFinished);
  if (round <= t.currentRound) throw conflict(MSG.tournamentRoundAlreadyPaired(round));
  if (t.phase !== 'swiss' || t.currentRound >= (t.swissRounds ?? 0))
    throw conflict(MSG.tournamentRoundsComplete);
  if (round !== t.currentRound + 1) throw badRequest(MSG.tournamentRoundNotCurrent);
  if (await repo.hasOpenPairings(tx, t.id, 'swiss'))
    throw conflict(MSG.tournamentRoundIncomplete(t.currentRound));
  await pairSwiss(tx, t, round, now);
}

/**
 * Cierra la ronda: the current round's results still missing are settled by rule. A result waiting
 * for approval is confirmed; a match never reported becomes a draw or a loss for both.
 */
export async function closeRound(
  tx: Tx,
  t: repo.TournamentRecord,
  round: number,
  unplayed: 'draw' | 'double_loss',
  organiserId: number,
  now: Date,
): Promise<void> {
  if (t.type !== 'swiss') throw conflict(MSG.tournamentNotSwiss);
  if (t.phase !== 'swiss' || round !== t.currentRound || t.finishedAt !== null)
    throw conflict(MSG.tournamentRoundNotCurrent);
  const open = (await livePairings(tx, t.id)).filter(
    (p) => p.stage === 'swiss' && p.round === round && p.status !== 'decided',
  );
  for (const p of open) {
    if (p.status === 'reported' && p.matchId !== null) {
      await repo.confirmMatch(tx, p.matchId, organiserId, now);
      const score = await matchScore(tx, p.matchId);
      await decide(tx, t, p, score, p.matchId, now);
    } else {
      await repo.updatePairing(tx, p.id, {
        status: 'decided',
        outcome: unplayed,
        games1: 0,
        games2: 0,
        gamesDrawn: 0,
        decidedAt: now,
      });
    }
  }
  await finishIfDone(tx, { ...t }, now);
}

/** Armar Top N: the Swiss ended; its top N by the standings play a single-elimination playoff. */
export async function startPlayoff(tx: Tx, t: repo.TournamentRecord, now: Date): Promise<void> {
  if (t.type !== 'swiss' || t.topCut === 0) throw conflict(MSG.tournamentTopCutSwissOnly);
  if (t.finishedAt !== null) throw conflict(MSG.tournamentFinished);
  const pairings = await livePairings(tx, t.id);
  if (
    t.phase !== 'swiss' ||
    t.currentRound < (t.swissRounds ?? 0) ||
    !swissRoundDone(pairings, t.currentRound)
  )
    throw conflict(MSG.tournamentPlayoffNotReady);
  const standings = swissStandings(await seededPlayers(tx, t.id), resultsOf(pairings, 'swiss'));
  const cut = standings.filter((r) => !r.dropped).slice(0, t.topCut);
  if (cut.length < 2) throw conflict(MSG.tournamentNotEnoughPlayers);
  const order = cut.map((r) => r.playerId);
  const data = await createBracket('single_elimination', order);
  await repo.saveBracket(tx, {
    tournamentId: t.id,
    stage: 'playoff',
    type: 'single_elimination',
    seeding: order,
    data,
  });
  await repo.updateTournament(tx, t.id, { phase: 'playoff', currentRound: t.currentRound + 1 });
  await openSlots(tx, t.id, 'playoff', slotsOf(data), [], now);
}

// ---------------------------------------------------------------------------------------------
// Brackets
// ---------------------------------------------------------------------------------------------

/**
 * Opens a pairing for each bracket match whose two players are known and that has none with
 * them yet; the live pairings of matches that no longer have those players are voided (after a
 * replay), and their matches withdrawn.
 */
async function openSlots(
  tx: Tx,
  tournamentId: number,
  stage: Stage,
  slots: readonly BracketSlot[],
  live: readonly repo.PairingRecord[],
  now: Date,
  organiserId: number | null = null,
): Promise<void> {
  const bySlot = new Map(live.filter((p) => p.stage === stage).map((p) => [p.bracketMatchId, p]));
  const rows: repo.NewPairing[] = [];
  for (const slot of slots) {
    const current = bySlot.get(slot.id);
    const same =
      current && current.player1Id === slot.player1 && current.player2Id === slot.player2
        ? current
        : undefined;
    if (current && !same) {
      if (current.matchId !== null && organiserId !== null)
        await repo.withdrawMatch(tx, current.matchId, organiserId, now);
      await repo.updatePairing(tx, current.id, { status: 'void' });
    }
    if (same || slot.player1 === null || slot.player2 === null) continue;
    if (slot.status !== 'pending' && slot.status !== 'completed') continue;
    rows.push({
      tournamentId,
      stage,
      round: slot.round,
      tableNo: slot.number,
      bracketMatchId: slot.id,
      bracketGroup: slot.group,
      player1Id: slot.player1,
      player2Id: slot.player2,
      pairedAt: now,
    });
  }
  await repo.insertPairings(tx, rows);
}

async function bracketOf(tx: Tx, tournamentId: number, stage: Stage): Promise<repo.BracketRecord> {
  const bracket = (await repo.bracketsOf(tx, tournamentId)).find((b) => b.stage === stage);
  if (!bracket) throw notFound(MSG.tournamentPairingNotFound);
  return bracket;
}

const winnerOf = (p: repo.PairingRecord, outcome: PairingOutcome): number | null =>
  outcome === 'player1' ? p.player1Id : outcome === 'player2' ? p.player2Id : null;

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

async function matchScore(tx: Tx, matchId: number): Promise<Score> {
  const [row] = await queryRows<{ t1: number; t2: number; total: number }>(
    tx,
    sql`select team1_score as t1, team2_score as t2, total_matches as total from matches where id = ${matchId}`,
  );
  const games1 = Number(row?.t1 ?? 0);
  const games2 = Number(row?.t2 ?? 0);
  return { games1, games2, gamesDrawn: Math.max(0, Number(row?.total ?? 0) - games1 - games2) };
}

/**
 * A pairing's result stands: the pairing is decided and the structure moves on (the bracket
 * advances and opens the matches it makes ready; a Swiss without a playoff ends with its last
 * round; a bracket ends with its champion).
 */
async function decide(
  tx: Tx,
  t: repo.TournamentRecord,
  p: repo.PairingRecord,
  score: Score,
  matchId: number | null,
  now: Date,
  options: { advance?: boolean } = {},
): Promise<void> {
  const outcome = outcomeOfGames(score);
  await repo.updatePairing(tx, p.id, {
    status: 'decided',
    outcome,
    games1: score.games1,
    games2: score.games2,
    gamesDrawn: score.gamesDrawn,
    matchId,
    decidedAt: now,
  });
  const stage = p.stage as Stage;
  const type = bracketTypeOf(t, stage);
  if (type !== null && p.bracketMatchId !== null && options.advance !== false) {
    const bracket = await bracketOf(tx, t.id, stage);
    const { data, opened } = await reportResult(bracket.data as BracketData, p.bracketMatchId, {
      winner: winnerOf(p, outcome),
      score1: score.games1,
      score2: score.games2,
    }).catch((err: unknown) => {
      // The bracket no longer waits for this match (a correction moved it): refused, not a failure.
      if (err instanceof BracketError)
        throw conflict(err.code === 'decided' ? MSG.tournamentPairingDecided : MSG.tournamentPairingNotReady);
      throw err;
    });
    await repo.saveBracket(tx, { ...bracket, data });
    await openSlots(tx, t.id, stage, opened, [], now);
    await finishIfDone(tx, t, now, { stage, data });
    return;
  }
  await finishIfDone(tx, t, now);
}

/**
 * Ends the tournament when its structure is complete (and reopens it when a correction made it
 * incomplete again), with its champion: the bracket's (the playoff's for a Swiss with a cut), or
 * the first of the Swiss or round-robin standings.
 */
async function finishIfDone(
  tx: Tx,
  t: repo.TournamentRecord,
  now: Date,
  known?: { stage: Stage; data: BracketData },
): Promise<void> {
  const fresh = (await repo.lockTournament(tx, t.id))!;
  const winner = await championOf(tx, fresh, known);
  if (winner !== null && fresh.finishedAt === null)
    await repo.updateTournament(tx, t.id, { finishedAt: now, winnerId: winner });
  else if (winner !== null && fresh.winnerId !== winner)
    await repo.updateTournament(tx, t.id, { winnerId: winner });
  else if (winner === null && fresh.finishedAt !== null)
    await repo.updateTournament(tx, t.id, { finishedAt: null, winnerId: null });
}

/**
 * The champion of a complete structure, or null. Cheap while it is not complete (the usual case
 * after a result): a Swiss reads the standings only once its last round has every result; a
 * bracket is read from the data the caller just wrote when it has it.
 */
async function championOf(
  tx: Tx,
  t: repo.TournamentRecord,
  known?: { stage: Stage; data: BracketData },
): Promise<number | null> {
  if (t.startedAt === null) return null;
  if (t.type === 'swiss' && t.phase === 'swiss') {
    if (t.topCut > 0 || t.currentRound < (t.swissRounds ?? 0)) return null;
    if (await repo.hasOpenPairings(tx, t.id, 'swiss')) return null;
    const results = await repo.decidedResults(tx, t.id, 'swiss');
    return swissStandings(await seededPlayers(tx, t.id), results)[0]?.playerId ?? null;
  }
  const stage: Stage = t.phase === 'playoff' ? 'playoff' : 'main';
  const data =
    known?.stage === stage
      ? known.data
      : ((await repo.bracketsOf(tx, t.id)).find((b) => b.stage === stage)?.data as BracketData | undefined);
  if (!data) return null;
  if (t.type === 'round_robin') {
    const done = slotsOf(data).every(
      (s) => s.status === 'completed' || s.status === 'bye' || s.status === 'void',
    );
    if (!done) return null;
    const results = await repo.decidedResults(tx, t.id, 'main');
    return roundRobinStandings(await seededPlayers(tx, t.id), results)[0]?.playerId ?? null;
  }
  return bracketWinner(data);
}

export interface ReportedMatch {
  tournament: repo.TournamentRecord;
  pairing: repo.PairingRecord;
  score: Score;
  reporterId: number;
  /** Entered by a manager who does not play: approved at once. */
  entered: boolean;
  now: Date;
  /** false: decided without moving the bracket (a correction replayed it already). */
  advance?: boolean;
}

/** The players' decks as they signed up (their default deck when that one is gone). */
async function decksFor(tx: Tx, t: repo.TournamentRecord, ids: readonly number[]) {
  const found = await repo.signedUpDecks(tx, t.id, ids);
  const out = new Map<number, { id: number | null; name: string; raza: string }>();
  for (const id of ids)
    out.set(id, found.get(id) ?? { id: null, name: MSG.deckUnavailable, raza: MSG.unknownRace });
  return out;
}

/**
 * A result reported on a pairing becomes a real match of the tournament's tier, at its store and
 * season: from a player it waits for the opponent's approval (the one state machine of every
 * match); entered by the organiser it is approved at once and decides the pairing.
 */
export async function recordResult(tx: Tx, r: ReportedMatch): Promise<number> {
  const { tournament: t, pairing: p, score, now } = r;
  const players = [p.player1Id, p.player2Id!];
  const decks = await decksFor(tx, t, players);
  const outcome = outcomeOfGames(score);
  const match = await writes.insertMatch(tx, {
    match: {
      matchDate: now,
      matchMode: '1v1',
      tier: t.tier,
      winningTeam: outcome === 'player1' ? 'team1' : outcome === 'player2' ? 'team2' : null,
      team1Score: score.games1,
      team2Score: score.games2,
      totalMatches: score.games1 + score.games2 + score.gamesDrawn,
      createdAt: now,
      createdBy: r.reporterId,
      lastUpdatedBy: r.reporterId,
      storeId: t.storeId,
      leagueId: null,
      seasonId: t.seasonId,
      round: p.round,
      tournamentId: t.id,
    },
    players: players.map((userId, i) => {
      const deck = decks.get(userId)!;
      const approved = r.entered || userId === r.reporterId;
      return {
        userId,
        team: i + 1,
        position: 0,
        approvalStatus: approved ? 'approved' : 'pending',
        statusUpdatedAt: approved ? now : null,
        deckId: deck.id,
        deckName: deck.name,
        deckRaza: deck.raza,
      };
    }),
    highlights: [],
    events: [
      { type: 'created', userId: r.reporterId, at: now },
      r.entered
        ? { type: 'entered', userId: r.reporterId, at: now }
        : { type: 'approved', userId: r.reporterId, at: now },
    ],
  });
  if (r.entered) {
    await approveEntered(tx, match.id, now);
    if (t.seasonId !== null) await applyCounts(tx, match.id, 1);
    await decide(tx, t, p, score, match.id, now, { advance: r.advance !== false });
  } else {
    await repo.updatePairing(tx, p.id, { status: 'reported', matchId: match.id });
  }
  return match.id;
}

/**
 * A tournament match changed state through the approval workflow (matches/service transition,
 * which holds the match's lock): approved, it decides its pairing; rejected or cancelled, the
 * pairing waits for a new report.
 */
export async function settleTournamentMatch(
  tx: Tx,
  tournamentId: number,
  matchId: number,
  status: 'approved' | 'rejected' | 'cancelled',
): Promise<void> {
  const t = await repo.lockTournament(tx, tournamentId);
  const p = await repo.pairingOfMatch(tx, matchId);
  if (!t || !p || p.status !== 'reported') return;
  const now = new Date();
  if (status === 'approved') await decide(tx, t, p, await matchScore(tx, matchId), matchId, now);
  else await repo.updatePairing(tx, p.id, { status: 'pending', matchId: null });
}

// ---------------------------------------------------------------------------------------------
// Corrections
// ---------------------------------------------------------------------------------------------

export interface Correction {
  tournament: repo.TournamentRecord;
  pairing: repo.PairingRecord;
  /** The new score, or null to reverse the result (the pairing is played again). */
  score: Score | null;
  force: boolean;
  organiserId: number;
  now: Date;
}

/**
 * Corregir / Revertir a decided result, after the structure moved on. Its match is withdrawn
 * (annulled: its points leave the rankings) and, for a correction, a new approved match carries
 * the new score. A bracket is rebuilt and its results replayed: later matches whose players change
 * are voided, which needs `force` (otherwise 409 with how many). A Swiss round paired but not
 * started yet is paired again. Answers how many later matches were voided.
 */
export async function correctResult(tx: Tx, c: Correction): Promise<number> {
  const { tournament: t, pairing: p, score, now } = c;
  const stage = p.stage as Stage;
  const type = bracketTypeOf(t, stage);
  let voided = 0;
  const live = await livePairings(tx, t.id);

  if (type !== null) {
    const bracket = await bracketOf(tx, t.id, stage);
    const results = live
      .filter((q) => q.stage === stage && q.status === 'decided' && q.bracketMatchId !== null)
      .sort((a, b) => (a.decidedAt?.getTime() ?? 0) - (b.decidedAt?.getTime() ?? 0) || a.id - b.id)
      .flatMap((q) => {
        const s =
          q.id === p.id ? score : { games1: q.games1!, games2: q.games2!, gamesDrawn: q.gamesDrawn ?? 0 };
        if (s === null) return [];
        const outcome = q.id === p.id ? outcomeOfGames(s) : (q.outcome as PairingOutcome);
        return [
          {
            matchId: q.bracketMatchId!,
            player1: q.player1Id,
            player2: q.player2Id!,
            winner: winnerOf(q, outcome),
            score1: s.games1,
            score2: s.games2,
          },
        ];
      });
    const replay = await replayBracket(type, bracket.seeding, results);
    voided = replay.voided.length;
    if (voided > 0 && !c.force) throw conflict(MSG.tournamentLaterPlayed(voided));
    await repo.saveBracket(tx, { ...bracket, data: replay.data });
    // The corrected pairing keeps its slot (its players come from results that did not change).
    await openSlots(tx, t.id, stage, slotsOf(replay.data), live, now, c.organiserId);
  }

  if (p.matchId !== null) await repo.withdrawMatch(tx, p.matchId, c.organiserId, now);
  if (score === null) {
    await repo.updatePairing(tx, p.id, {
      status: 'pending',
      outcome: null,
      games1: null,
      games2: null,
      gamesDrawn: null,
      matchId: null,
      decidedAt: null,
    });
  } else {
    // A new approved match with the corrected score; the bracket was replayed with it already.
    await recordResult(tx, {
      tournament: t,
      pairing: p,
      score,
      reporterId: c.organiserId,
      entered: true,
      now,
      advance: false,
    });
  }

  if (stage === 'swiss') await repairUnstartedRound(tx, t, p.round, now);
  await finishIfDone(tx, t, now);
  return voided;
}

/**
 * After a Swiss result changed, a later round already paired but without any result yet is
 * paired again from the corrected standings (TOURNAMENTS.md §7); a round under way keeps its
 * pairings.
 */
async function repairUnstartedRound(tx: Tx, t: repo.TournamentRecord, changedRound: number, now: Date) {
  const fresh = (await repo.lockTournament(tx, t.id))!;
  if (fresh.phase !== 'swiss' || fresh.currentRound <= changedRound) return;
  const pairings = await livePairings(tx, t.id);
  const current = pairings.filter((q) => q.stage === 'swiss' && q.round === fresh.currentRound);
  const started = current.some((q) => q.player2Id !== null && q.status !== 'pending');
  if (started || !swissRoundDone(pairings, fresh.currentRound - 1)) return;
  await repo.deleteRound(tx, t.id, 'swiss', fresh.currentRound);
  await pairSwiss(tx, fresh, fresh.currentRound, now);
}
