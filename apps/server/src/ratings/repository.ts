import { sql, type SQL } from 'drizzle-orm';
import type { PlayerRating, RatedMatch, RatingStep } from '@mitos/domain/rating';
import { insertColumns } from '../db/bulk-insert';
import { queryRows, type Db, type Tx } from '../db/client';

/** The all-time scope of `ratings`; a season's scope is its id. */
export const ALL_TIME = 0;

/** Where a match stands in the order ratings are computed: when it was played, then its id. */
export interface RatingKey {
  at: Date;
  id: number;
}

export function keyBefore(a: RatingKey, b: RatingKey): boolean {
  return a.at.getTime() < b.at.getTime() || (a.at.getTime() === b.at.getTime() && a.id < b.id);
}

export function earlierKey(a: RatingKey | null, b: RatingKey): RatingKey {
  return a === null || keyBefore(b, a) ? b : a;
}

/** An approved match, as the rating reads it. */
export interface RatingMatch extends RatedMatch {
  key: RatingKey;
  seasonId: number | null;
}

/** A player's current rating in one scope, with the last match that rated it. */
export interface ScopeRating extends PlayerRating {
  last: RatingKey;
}

/** Serialises every writer of the ratings, in every process sharing the database. */
export async function lockRatings(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mitos_ratings'))`);
}

/** The queued matches, taken off the queue (each once). */
export async function takeQueue(tx: Tx): Promise<number[]> {
  const rows = await queryRows<{ match_id: number }>(tx, sql`delete from rating_queue returning match_id`);
  return [...new Set(rows.map((r) => Number(r.match_id)))];
}

interface MatchRow {
  id: number;
  approved: boolean;
  match_date: Date | string;
  season_id: number | null;
  team1_score: number;
  team2_score: number;
  team1: number[] | string;
  team2: number[] | string;
}

const ids = (value: number[] | string): number[] =>
  typeof value === 'string'
    ? value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number)
    : value.map(Number);

const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toMatch(r: MatchRow): RatingMatch & { approved: boolean } {
  return {
    key: { at: date(r.match_date), id: Number(r.id) },
    approved: r.approved,
    seasonId: r.season_id === null ? null : Number(r.season_id),
    team1: ids(r.team1),
    team2: ids(r.team2),
    team1Score: Number(r.team1_score),
    team2Score: Number(r.team2_score),
  };
}

const MATCH_COLUMNS = sql`
  m.id, m.approval_status = 'approved' as approved, m.match_date, m.season_id, m.team1_score, m.team2_score,
  coalesce((select array_agg(p.user_id order by p.position) from match_players p where p.match_id = m.id and p.team = 1), '{}') as team1,
  coalesce((select array_agg(p.user_id order by p.position) from match_players p where p.match_id = m.id and p.team = 2), '{}') as team2`;

/** The queued matches as they are now, approved or not. */
export async function matchesById(tx: Tx, matchIds: readonly number[]) {
  if (matchIds.length === 0) return [];
  const rows = await queryRows<MatchRow>(
    tx,
    sql`select ${MATCH_COLUMNS} from matches m where m.id = any(${`{${matchIds.join(',')}}`}::int[])`,
  );
  return rows.map(toMatch);
}

/**
 * The approved matches from `from` on (all when null), of one season or of every one, in rating
 * order.
 */
export async function approvedMatches(
  tx: Tx,
  options: { from?: RatingKey | null; seasonId?: number },
): Promise<RatingMatch[]> {
  const where: SQL[] = [sql`m.approval_status = 'approved'`];
  if (options.from)
    where.push(
      sql`(m.match_date, m.id) >= (${options.from.at.toISOString()}::timestamptz, ${options.from.id}::int)`,
    );
  if (options.seasonId !== undefined) where.push(sql`m.season_id = ${options.seasonId}`);
  const rows = await queryRows<MatchRow>(
    tx,
    sql`select ${MATCH_COLUMNS} from matches m where ${sql.join(where, sql` and `)} order by m.match_date, m.id`,
  );
  return rows.map(toMatch);
}

/** Where each of these matches was rated (its place in the history), for those the history holds. */
export async function ratedKeys(tx: Tx, matchIds: readonly number[]): Promise<Map<number, RatingKey>> {
  if (matchIds.length === 0) return new Map();
  const rows = await queryRows<{ match_id: number; played_at: Date | string }>(
    tx,
    sql`select distinct match_id, played_at from rating_history
         where match_id = any(${`{${matchIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.match_id), { at: date(r.played_at), id: Number(r.match_id) }]));
}

interface StateRow {
  mu: number;
  sigma: number;
  matches: number;
}

/** A stored rating with the last match that rated it. */
const scopeRating = (r: StateRow, at: Date | string, matchId: number): ScopeRating => ({
  mu: Number(r.mu),
  sigma: Number(r.sigma),
  matches: Number(r.matches),
  last: { at: date(at), id: Number(matchId) },
});

/** These players’ current ratings in one scope (the rating lock keeps them as read). */
export async function scopeRatings(
  tx: Tx,
  scope: number,
  userIds: readonly number[],
): Promise<Map<number, ScopeRating>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<
    StateRow & { user_id: number; last_played_at: Date | string; last_match_id: number }
  >(
    tx,
    sql`select user_id, mu, sigma, matches, last_played_at, last_match_id from ratings
         where scope = ${scope} and user_id = any(${`{${userIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), scopeRating(r, r.last_played_at, r.last_match_id)]));
}

/**
 * Writes players' ratings in one scope: those of `userIds` go first (a player left without a rated
 * match there keeps none), then `lines` are written.
 */
export async function saveScopeRatings(
  tx: Tx,
  scope: number,
  userIds: readonly number[],
  lines: ReadonlyArray<readonly [userId: number, rating: ScopeRating & { rating: number }]>,
): Promise<void> {
  const gone = [...new Set([...userIds, ...lines.map(([id]) => id)])];
  if (gone.length > 0)
    await tx.execute(
      sql`delete from ratings where scope = ${scope} and user_id = any(${`{${gone.join(',')}}`}::int[])`,
    );
  if (lines.length === 0) return;
  await insertColumns(tx, 'ratings', [
    ['scope', 'int', lines.map(() => scope)],
    ['user_id', 'int', lines.map(([id]) => id)],
    ['mu', 'float8', lines.map(([, r]) => r.mu)],
    ['sigma', 'float8', lines.map(([, r]) => r.sigma)],
    ['rating', 'int', lines.map(([, r]) => r.rating)],
    ['matches', 'int', lines.map(([, r]) => r.matches)],
    ['last_played_at', 'timestamptz', lines.map(([, r]) => r.last.at.toISOString())],
    ['last_match_id', 'int', lines.map(([, r]) => r.last.id)],
  ]);
}

/** Every rating of one scope goes (a season replayed from its start). */
export async function clearScope(tx: Tx, scope: number): Promise<void> {
  await tx.execute(sql`delete from ratings where scope = ${scope}`);
}

/** The history from `from` on goes; answers the players whose history it held. */
export async function cutHistory(tx: Tx, from: RatingKey | null): Promise<number[]> {
  const rows = await queryRows<{ user_id: number }>(
    tx,
    from === null
      ? sql`delete from rating_history returning user_id`
      : sql`delete from rating_history
             where (played_at, match_id) >= (${from.at.toISOString()}::timestamptz, ${from.id}::int)
         returning user_id`,
  );
  return [...new Set(rows.map((r) => Number(r.user_id)))];
}

/** Each of these players' last all-time rating left in the history (none: not rated yet). */
export async function lastHistory(tx: Tx, userIds: readonly number[]): Promise<Map<number, ScopeRating>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<StateRow & { user_id: number; match_id: number; played_at: Date | string }>(
    tx,
    sql`select distinct on (user_id) user_id, match_id, played_at, mu, sigma, matches
          from rating_history where user_id = any(${`{${userIds.join(',')}}`}::int[])
         order by user_id, played_at desc, match_id desc`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), scopeRating(r, r.played_at, r.match_id)]));
}

/** One row per player of each rated match: their all-time rating after it. */
export async function appendHistory(
  tx: Tx,
  rows: ReadonlyArray<{ key: RatingKey; steps: readonly RatingStep[] }>,
): Promise<void> {
  const flat = rows.flatMap(({ key, steps }) => steps.map((s) => ({ key, s })));
  if (flat.length === 0) return;
  await insertColumns(tx, 'rating_history', [
    ['match_id', 'int', flat.map((r) => r.key.id)],
    ['user_id', 'int', flat.map((r) => r.s.userId)],
    ['played_at', 'timestamptz', flat.map((r) => r.key.at.toISOString())],
    ['mu', 'float8', flat.map((r) => r.s.mu)],
    ['sigma', 'float8', flat.map((r) => r.s.sigma)],
    ['rating', 'int', flat.map((r) => r.s.rating)],
    ['matches', 'int', flat.map((r) => r.s.matches)],
  ]);
}

/** The seasons that have approved matches: those a rebuild replays. */
export async function ratedSeasons(tx: Tx): Promise<number[]> {
  const rows = await queryRows<{ season_id: number }>(
    tx,
    sql`select distinct season_id from matches where approval_status = 'approved' and season_id is not null`,
  );
  return rows.map((r) => Number(r.season_id));
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

export interface StoredRating {
  mu: number;
  sigma: number;
  rating: number;
  matches: number;
}

/** A player's ratings in these scopes (all-time and a season), by scope. */
export async function playerRatings(
  db: Db,
  userId: number,
  scopes: readonly number[],
): Promise<Map<number, StoredRating>> {
  const rows = await queryRows<{ scope: number; mu: number; sigma: number; rating: number; matches: number }>(
    db,
    sql`select scope, mu, sigma, rating, matches from ratings
         where user_id = ${userId} and scope = any(${`{${scopes.join(',')}}`}::int[])`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.scope),
      { mu: Number(r.mu), sigma: Number(r.sigma), rating: Number(r.rating), matches: Number(r.matches) },
    ]),
  );
}

/** The displayed all-time rating of each of these players who has one (tournament seeding). */
export async function shownRatings(db: Db | Tx, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<{ user_id: number; rating: number }>(
    db,
    sql`select user_id, rating from ratings
         where scope = ${ALL_TIME} and user_id = any(${`{${userIds.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), Number(r.rating)]));
}

/** Every rating, in key order: for the tests comparing the incremental ratings with a rebuild. */
export async function allRatings(db: Db | Tx) {
  const rows = await queryRows<{
    scope: number;
    user_id: number;
    mu: number;
    sigma: number;
    rating: number;
    matches: number;
  }>(db, sql`select scope, user_id, mu, sigma, rating, matches from ratings order by scope, user_id`);
  return rows.map((r) => ({
    scope: Number(r.scope),
    userId: Number(r.user_id),
    mu: Number(r.mu),
    sigma: Number(r.sigma),
    rating: Number(r.rating),
    matches: Number(r.matches),
  }));
}

/** The whole history, in key order: for the same tests. */
export async function allHistory(db: Db | Tx) {
  const rows = await queryRows<{
    match_id: number;
    user_id: number;
    mu: number;
    sigma: number;
    matches: number;
  }>(db, sql`select match_id, user_id, mu, sigma, matches from rating_history order by match_id, user_id`);
  return rows.map((r) => ({
    matchId: Number(r.match_id),
    userId: Number(r.user_id),
    mu: Number(r.mu),
    sigma: Number(r.sigma),
    matches: Number(r.matches),
  }));
}
