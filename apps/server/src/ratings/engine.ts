import { sql } from 'drizzle-orm';
import { applyMatch, displayRating, type PlayerRating } from '@mitos/domain/rating';
import type { Database, Tx } from '../db/client';
import {
  ALL_TIME,
  approvedMatches,
  clearRatings,
  cutHistory,
  dropRatings,
  lastHistory,
  lockRatings,
  orderByPlayDate,
  queuedMatches,
  scopeRatings,
  takeQueue,
  writeRatings,
  type HistoryRows,
  type RatingLine,
  type RatingMatch,
  type ScopeRating,
} from './repository';

/**
 * Mitos Rating kept up to date (docs/decisions/016). Ratings are computed over the approved
 * matches in the order they became approved (matches.rated_order, handed out by a trigger). A
 * second trigger queues every match whose approval changes the ratings; after the commit,
 * `settleRatings` takes the queue under the rating lock (one writer in every process sharing the
 * database) and rates it:
 *   - a newly approved match comes after every match rated before it: its players' ratings move,
 *     nobody else's (the usual approval; two approvals committed out of their order are put back
 *     in it by a replay of the few matches between them);
 *   - an annulled or corrected match is taken out by replaying the all-time ratings from its
 *     place, from the history kept before it, and its season's ratings from the season's start.
 * The result is always what a replay of every approved match in order gives (`rebuildRatings`).
 */

const playersOf = (m: RatingMatch) => [...m.team1, ...m.team2];

/** Ratings being computed in one scope: each player's state and the last match that rated it. */
class ScopeState {
  readonly state = new Map<number, PlayerRating>();
  readonly lastOrder = new Map<number, number>();
  readonly moved = new Set<number>();

  constructor(
    readonly scope: number,
    start: ReadonlyMap<number, ScopeRating> = new Map(),
  ) {
    for (const [id, r] of start) {
      this.state.set(id, r);
      this.lastOrder.set(id, r.lastOrder);
    }
  }

  /** Whether `match` comes after the last rated match of each of its players. */
  follows(match: RatingMatch): boolean {
    return playersOf(match).every((id) => (this.lastOrder.get(id) ?? 0) < match.order);
  }

  rate(match: RatingMatch) {
    const steps = applyMatch(this.state, match);
    for (const id of playersOf(match)) {
      this.lastOrder.set(id, match.order);
      this.moved.add(id);
    }
    return steps;
  }

  /** The lines of the players this state moved (or of `players`). */
  lines(players: Iterable<number> = this.moved): RatingLine[] {
    return [...players]
      .filter((id) => this.state.has(id))
      .map((id) => {
        const r = this.state.get(id)!;
        return {
          scope: this.scope,
          userId: id,
          mu: r.mu,
          sigma: r.sigma,
          matches: r.matches,
          rating: displayRating(r),
          lastOrder: this.lastOrder.get(id)!,
        };
      });
  }
}

/**
 * The all-time ratings replayed from rated_order `from` on: the history from there is rewritten,
 * each player starting from their last rating before it. Answers the players recomputed.
 */
async function replayAllTime(tx: Tx, from: number): Promise<number[]> {
  const cut = await cutHistory(tx, from);
  const matches = await approvedMatches(tx, { from });
  const players = [...new Set([...cut, ...matches.flatMap(playersOf)])];
  const all = new ScopeState(ALL_TIME, await lastHistory(tx, players));
  const history: HistoryRows[] = matches.map((match) => ({ match, steps: all.rate(match) }));
  await dropRatings(
    tx,
    ALL_TIME,
    players.filter((id) => !all.state.has(id)),
  );
  await writeRatings(tx, history, all.lines(players));
  return players;
}

/** One season's ratings computed afresh from its approved matches. */
async function replaySeason(tx: Tx, seasonId: number): Promise<number[]> {
  await clearRatings(tx, seasonId);
  const season = new ScopeState(seasonId);
  for (const match of await approvedMatches(tx, { seasonId })) season.rate(match);
  await writeRatings(tx, [], season.lines());
  return [...season.moved];
}

/** Rates the queued matches (see above); answers the players whose ratings changed. */
async function rateQueued(tx: Tx, queued: readonly number[]): Promise<number[]> {
  const now = await queuedMatches(tx, queued);
  const fresh = now.filter((m) => m.approved && m.was === null).sort((a, b) => a.order - b.order);
  // Annulled, or changed while approved: replayed from where it was rated, or is now, if earlier.
  let replayFrom: number | null = null;
  const seasonsToReplay = new Set<number>();
  for (const match of now) {
    if (match.was === null) continue;
    replayFrom = Math.min(replayFrom ?? match.was, match.was, match.approved ? match.order : match.was);
    if (match.seasonId !== null) seasonsToReplay.add(match.seasonId);
  }
  const seasons = [...new Set(fresh.flatMap((m) => (m.seasonId === null ? [] : [m.seasonId])))];
  const players = [...new Set(fresh.flatMap(playersOf))];
  const current = await scopeRatings(tx, [ALL_TIME, ...seasons], players);
  const all = new ScopeState(ALL_TIME, current.get(ALL_TIME));
  const bySeason = new Map(seasons.map((id) => [id, new ScopeState(id, current.get(id))]));

  const history: HistoryRows[] = [];
  for (const match of fresh) {
    if (replayFrom !== null && match.order >= replayFrom) break;
    if (!all.follows(match)) {
      replayFrom = match.order;
      break;
    }
    history.push({ match, steps: all.rate(match) });
  }
  for (const match of fresh) {
    const season = match.seasonId === null ? undefined : bySeason.get(match.seasonId);
    if (!season || seasonsToReplay.has(season.scope)) continue;
    if (season.follows(match)) season.rate(match);
    else seasonsToReplay.add(season.scope);
  }
  const seasonLines = [...bySeason.values()]
    .filter((s) => !seasonsToReplay.has(s.scope))
    .flatMap((s) => s.lines());
  await writeRatings(tx, history, [...all.lines(), ...seasonLines]);

  const changed = new Set([...all.moved, ...[...bySeason.values()].flatMap((s) => [...s.moved])]);
  if (replayFrom !== null) for (const id of await replayAllTime(tx, replayFrom)) changed.add(id);
  for (const seasonId of seasonsToReplay) for (const id of await replaySeason(tx, seasonId)) changed.add(id);
  return [...changed];
}

/**
 * Rates what the queue holds, in one transaction under the rating lock; answers the players whose
 * ratings changed (none when the queue was empty). Cheap when there is nothing to do: the queue
 * is looked at before the lock is taken.
 */
export async function settleRatings(database: Database): Promise<number[]> {
  const waiting = await database.db.execute(sql`select exists (select 1 from rating_queue) as waiting`);
  if (!(waiting as unknown as { rows: { waiting: boolean }[] }).rows[0]?.waiting) return [];
  return database.transaction(async (tx) => {
    await lockRatings(tx);
    const queued = await takeQueue(tx);
    return queued.length === 0 ? [] : rateQueued(tx, queued);
  });
}

/**
 * Every rating computed afresh from the approved matches, all-time and per season in one walk, in
 * one transaction under the rating lock: what the incremental updates must always equal
 * (`npm run ratings:rebuild`). Answers how many matches were rated and in how many seasons.
 * `byPlayDate`: the matches first take their places by the day they were played (seeds).
 */
export async function rebuildRatings(
  database: Database,
  options: { byPlayDate?: boolean } = {},
): Promise<{ matches: number; seasons: number }> {
  return database.transaction(async (tx) => {
    await lockRatings(tx);
    if (options.byPlayDate) await orderByPlayDate(tx);
    await takeQueue(tx);
    await clearRatings(tx);
    await cutHistory(tx, null);
    const matches = await approvedMatches(tx, {});
    const all = new ScopeState(ALL_TIME);
    const seasons = new Map<number, ScopeState>();
    const history: HistoryRows[] = [];
    for (const match of matches) {
      history.push({ match, steps: all.rate(match) });
      if (match.seasonId === null) continue;
      let season = seasons.get(match.seasonId);
      if (!season) seasons.set(match.seasonId, (season = new ScopeState(match.seasonId)));
      season.rate(match);
    }
    await writeRatings(tx, history, [...all.lines(), ...[...seasons.values()].flatMap((s) => s.lines())]);
    return { matches: matches.length, seasons: seasons.size };
  });
}
