import { sql } from 'drizzle-orm';
import { applyMatch, displayRating, type PlayerRating, type RatingStep } from '@mitos/domain/rating';
import type { Database, Tx } from '../db/client';
import {
  ALL_TIME,
  appendHistory,
  approvedMatches,
  clearScope,
  cutHistory,
  earlierKey,
  keyBefore,
  lastHistory,
  lockRatings,
  matchesById,
  ratedKeys,
  ratedSeasons,
  saveScopeRatings,
  scopeRatings,
  takeQueue,
  type RatingKey,
  type RatingMatch,
  type ScopeRating,
} from './repository';

/**
 * Mitos Rating kept up to date (docs/decisions/016). A trigger queues every match whose approval
 * changes the ratings; after the commit, `settleRatings` takes the queue under the rating lock (one
 * writer in every process sharing the database) and rates it:
 *   - a newly approved match played after every earlier match of its players is appended: its
 *     players' ratings move, nobody else's can (the usual approval, a few milliseconds);
 *   - otherwise (an annulled or corrected match, or one approved late with later matches of its
 *     players already rated) the all-time ratings are replayed from that match on, from the
 *     history kept before it, and that season's ratings from the season's start.
 * The result is always what a replay of every approved match in order gives (`rebuildRatings`).
 */

const playersOf = (m: RatingMatch) => [...m.team1, ...m.team2];

/** A rating as stored: skill, count, last match and the number shown. */
function line(r: PlayerRating, last: RatingKey): ScopeRating & { rating: number } {
  return { mu: r.mu, sigma: r.sigma, matches: r.matches, last, rating: displayRating(r) };
}

/**
 * Appends `matches` (in rating order) to one scope's ratings while each is played after its
 * players' last rated match; answers where the first one that is not begins (null: all appended),
 * the history rows of those appended and the players they moved.
 */
async function appendInOrder(
  tx: Tx,
  scope: number,
  matches: readonly RatingMatch[],
  stopAt: RatingKey | null,
): Promise<{
  replayFrom: RatingKey | null;
  history: { key: RatingKey; steps: RatingStep[] }[];
  moved: number[];
}> {
  const current = await scopeRatings(tx, scope, [...new Set(matches.flatMap(playersOf))]);
  const state = new Map<number, PlayerRating>(current);
  const last = new Map<number, RatingKey>([...current].map(([id, r]) => [id, r.last]));
  const history: { key: RatingKey; steps: RatingStep[] }[] = [];
  const moved = new Set<number>();
  let replayFrom = stopAt;
  for (const match of matches) {
    if (replayFrom && !keyBefore(match.key, replayFrom)) break;
    const inOrder = playersOf(match).every((id) => {
      const seen = last.get(id);
      return seen === undefined || keyBefore(seen, match.key);
    });
    if (!inOrder) {
      replayFrom = match.key;
      break;
    }
    history.push({ key: match.key, steps: applyMatch(state, match) });
    for (const id of playersOf(match)) {
      last.set(id, match.key);
      moved.add(id);
    }
  }
  await saveScopeRatings(
    tx,
    scope,
    [...moved],
    [...moved].map((id) => [id, line(state.get(id)!, last.get(id)!)] as const),
  );
  return { replayFrom, history, moved: [...moved] };
}

/**
 * The all-time ratings replayed from `from` on (every match when null): the history from there is
 * rewritten, each player starting from their last rating before it. Answers the players whose
 * rating was recomputed.
 */
async function replayAllTime(tx: Tx, from: RatingKey | null): Promise<number[]> {
  const cut = from === null ? [] : await cutHistory(tx, from);
  if (from === null) {
    await cutHistory(tx, null);
    await clearScope(tx, ALL_TIME);
  }
  const matches = await approvedMatches(tx, { from });
  const players = [...new Set([...cut, ...matches.flatMap(playersOf)])];
  const start = from === null ? new Map<number, ScopeRating>() : await lastHistory(tx, players);
  const state = new Map<number, PlayerRating>(start);
  const last = new Map<number, RatingKey>([...start].map(([id, r]) => [id, r.last]));
  const history = matches.map((match) => {
    const steps = applyMatch(state, match);
    for (const id of playersOf(match)) last.set(id, match.key);
    return { key: match.key, steps };
  });
  await appendHistory(tx, history);
  const rated = players.filter((id) => state.has(id));
  await saveScopeRatings(
    tx,
    ALL_TIME,
    players,
    rated.map((id) => [id, line(state.get(id)!, last.get(id)!)] as const),
  );
  return players;
}

/** One season's ratings computed afresh from its approved matches. */
async function replaySeason(tx: Tx, seasonId: number): Promise<number[]> {
  await clearScope(tx, seasonId);
  const matches = await approvedMatches(tx, { seasonId });
  const state = new Map<number, PlayerRating>();
  const last = new Map<number, RatingKey>();
  for (const match of matches) {
    applyMatch(state, match);
    for (const id of playersOf(match)) last.set(id, match.key);
  }
  const players = [...state.keys()];
  await saveScopeRatings(
    tx,
    seasonId,
    [],
    players.map((id) => [id, line(state.get(id)!, last.get(id)!)] as const),
  );
  return players;
}

/** Rates the queued matches (see above); answers the players whose ratings changed. */
async function rateQueued(tx: Tx, queued: readonly number[]): Promise<number[]> {
  const now = await matchesById(tx, queued);
  const rated = await ratedKeys(tx, queued);
  const byKey = (a: RatingMatch, b: RatingMatch) => (keyBefore(a.key, b.key) ? -1 : 1);
  const fresh = now.filter((m) => m.approved && !rated.has(m.key.id)).sort(byKey);
  let replayFrom: RatingKey | null = null;
  const seasonsToReplay = new Set<number>();
  for (const match of now) {
    const was = rated.get(match.key.id);
    if (!was) continue;
    // Annulled, or changed while approved: replayed from where it was rated, or is now, if earlier.
    replayFrom = earlierKey(replayFrom, was);
    if (match.approved) replayFrom = earlierKey(replayFrom, match.key);
    if (match.seasonId !== null) seasonsToReplay.add(match.seasonId);
  }
  const changed = new Set<number>();
  const allTime = await appendInOrder(tx, ALL_TIME, fresh, replayFrom);
  await appendHistory(tx, allTime.history);
  allTime.moved.forEach((id) => changed.add(id));
  if (allTime.replayFrom) (await replayAllTime(tx, allTime.replayFrom)).forEach((id) => changed.add(id));

  const seasons = new Map<number, RatingMatch[]>();
  for (const match of fresh)
    if (match.seasonId !== null && !seasonsToReplay.has(match.seasonId))
      seasons.set(match.seasonId, [...(seasons.get(match.seasonId) ?? []), match]);
  for (const [seasonId, matches] of seasons) {
    const season = await appendInOrder(tx, seasonId, matches, null);
    season.moved.forEach((id) => changed.add(id));
    if (season.replayFrom) seasonsToReplay.add(seasonId);
  }
  for (const seasonId of seasonsToReplay) (await replaySeason(tx, seasonId)).forEach((id) => changed.add(id));
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
 * Every rating computed afresh from the approved matches, in one transaction under the rating
 * lock: what the incremental updates must always equal (`npm run ratings:rebuild`). Answers how
 * many matches were rated and how many seasons.
 */
export async function rebuildRatings(database: Database): Promise<{ matches: number; seasons: number }> {
  return database.transaction(async (tx) => {
    await lockRatings(tx);
    await takeQueue(tx);
    await tx.execute(sql`delete from ratings`);
    await replayAllTime(tx, null);
    const seasons = await ratedSeasons(tx);
    for (const seasonId of seasons) await replaySeason(tx, seasonId);
    const [count] = (
      (await tx.execute(sql`select count(distinct match_id)::int as n from rating_history`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    return { matches: Number(count?.n ?? 0), seasons: seasons.length };
  });
}
