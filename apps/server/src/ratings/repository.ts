import { sql, type SQL } from 'drizzle-orm';
import type { PlayerRating, RatedMatch, RatingStep } from '@mitos/domain/rating';
import { BATCH, columnSource } from '../db/bulk-insert';
import { queryRows, type Db, type Tx } from '../db/client';

/** The all-time scope of `ratings`; a season's scope is its id. */
export const ALL_TIME = 0;

/** An approved match, as the rating reads it: `order` is its matches.rated_order. */
export interface RatingMatch extends RatedMatch {
  id: number;
  order: number;
  seasonId: number | null;
}

/** A player's current rating in one scope, with the rated_order of the last match that rated it. */
export interface ScopeRating extends PlayerRating {
  lastOrder: number;
}

/** A rating line to write: a player's rating in one scope. */
export interface RatingLine extends ScopeRating {
  scope: number;
  userId: number;
  rating: number;
}

/** One history row per player of a rated match: their all-time rating after it. */
export interface HistoryRows {
  match: RatingMatch;
  steps: readonly RatingStep[];
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Serialises every writer of the ratings, in every process sharing the database. */
export async function lockRatings(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('mitos_ratings'))`);
}

/**
 * Gives every approved match its place by the day it was played (then its id): for data written
 * in bulk (the demo and bench seeds), whose insertion order says nothing. Continues the sequence
 * after them.
 */
export async function orderByPlayDate(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update matches set rated_order = o.n
      from (select id, row_number() over (order by match_date, id) as n
              from matches where approval_status = 'approved') o
     where matches.id = o.id`);
  await tx.execute(sql`select setval('rating_order', coalesce(max(rated_order), 0) + 1, false) from matches`);
}

/** The queued matches, taken off the queue (each once). */
export async function takeQueue(tx: Tx): Promise<number[]> {
  const rows = await queryRows<{ match_id: number }>(tx, sql`delete from rating_queue returning match_id`);
  return [...new Set(rows.map((r) => Number(r.match_id)))];
}

interface PlayerRow {
  id: number;
  rated_order: number | string | null;
  season_id: number | null;
  team1_score: number;
  team2_score: number;
  user_id: number;
  team: number;
  position: number;
}

/**
 * Matches from rows of (match, player), the rows of one match next to each other: each team's
 * players in their positions.
 */
function groupMatches<R extends PlayerRow>(rows: readonly R[]): (RatingMatch & { first: R })[] {
  const out: (RatingMatch & { first: R; seats: [number, number, number][] })[] = [];
  for (const r of rows) {
    const id = Number(r.id);
    let match = out.at(-1);
    if (!match || match.id !== id) {
      match = {
        id,
        order: r.rated_order === null ? 0 : Number(r.rated_order),
        seasonId: r.season_id === null ? null : Number(r.season_id),
        team1: [],
        team2: [],
        team1Score: Number(r.team1_score),
        team2Score: Number(r.team2_score),
        first: r,
        seats: [],
      };
      out.push(match);
    }
    match.seats.push([Number(r.team), Number(r.position), Number(r.user_id)]);
  }
  for (const m of out) {
    m.seats.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    m.team1 = m.seats.filter((s) => s[0] === 1).map((s) => s[2]);
    m.team2 = m.seats.filter((s) => s[0] === 2).map((s) => s[2]);
  }
  return out;
}

const MATCH_PLAYERS = sql`
  m.id, m.rated_order, m.season_id, m.team1_score, m.team2_score, p.user_id, p.team, p.position`;

/**
 * The queued matches as they are now (approved or not, `order` 0 when not), and the place in
 * the history where each was rated, if it was.
 */
export async function queuedMatches(tx: Tx, matchIds: readonly number[]) {
  if (matchIds.length === 0) return [];
  const rows = await queryRows<PlayerRow & { approved: boolean; was: number | string | null }>(
    tx,
    sql`select ${MATCH_PLAYERS}, m.approval_status = 'approved' as approved,
               (select h.rated_order from rating_history h where h.match_id = m.id limit 1) as was
          from matches m join match_players p on p.match_id = m.id
         where m.id = any(${intArray(matchIds)}) order by m.id`,
  );
  return groupMatches(rows).map(({ first, ...m }) => ({
    ...m,
    approved: first.approved,
    was: first.was === null ? null : Number(first.was),
  }));
}

/**
 * The approved matches from rated_order `from` on (all when null), of one season or of every
 * one, in rating order: one walk of matches_rated_order_idx joined to each match's players.
 */
export async function approvedMatches(
  tx: Tx,
  options: { from?: number | null; seasonId?: number },
): Promise<RatingMatch[]> {
  const where: SQL[] = [sql`m.approval_status = 'approved'`];
  if (options.from != null) where.push(sql`m.rated_order >= ${options.from}`);
  if (options.seasonId !== undefined) where.push(sql`m.season_id = ${options.seasonId}`);
  const rows = await queryRows<PlayerRow>(
    tx,
    sql`select ${MATCH_PLAYERS} from matches m join match_players p on p.match_id = m.id
         where ${sql.join(where, sql` and `)} order by m.rated_order, m.id`,
  );
  return groupMatches(rows).map(({ first: _first, ...m }) => m);
}

interface StateRow {
  mu: number;
  sigma: number;
  matches: number;
}

const scopeRating = (r: StateRow, lastOrder: number | string): ScopeRating => ({
  mu: Number(r.mu),
  sigma: Number(r.sigma),
  matches: Number(r.matches),
  lastOrder: Number(lastOrder),
});

/** These players' current ratings in these scopes, by scope then player. */
export async function scopeRatings(
  tx: Tx,
  scopes: readonly number[],
  userIds: readonly number[],
): Promise<Map<number, Map<number, ScopeRating>>> {
  const byScope = new Map(scopes.map((s) => [s, new Map<number, ScopeRating>()]));
  if (userIds.length === 0 || scopes.length === 0) return byScope;
  const rows = await queryRows<StateRow & { scope: number; user_id: number; last_order: number | string }>(
    tx,
    sql`select scope, user_id, mu, sigma, matches, last_order from ratings
         where scope = any(${intArray(scopes)}) and user_id = any(${intArray(userIds)})`,
  );
  for (const r of rows) byScope.get(Number(r.scope))?.set(Number(r.user_id), scopeRating(r, r.last_order));
  return byScope;
}

/**
 * Writes history rows and rating lines in one statement: the rows added to the history, the
 * lines inserted or replacing the player's line in that scope.
 */
export async function writeRatings(
  tx: Tx,
  history: readonly HistoryRows[],
  lines: readonly RatingLine[],
): Promise<void> {
  const flat = history.flatMap(({ match, steps }) => steps.map((s) => ({ match, s })));
  const parts: SQL[] = [];
  for (let i = 0; i < Math.max(flat.length, lines.length); i += BATCH) {
    const rows = flat.slice(i, i + BATCH);
    const some = lines.slice(i, i + BATCH);
    const statements: SQL[] = [];
    if (rows.length > 0)
      statements.push(sql`h as (
        insert into rating_history (match_id, user_id, rated_order, mu, sigma, rating, matches)
        select * from unnest(${columnSource(
          rows.map((r) => r.match.id),
          'int',
        )}, ${columnSource(
          rows.map((r) => r.s.userId),
          'int',
        )}, ${columnSource(
          rows.map((r) => r.match.order),
          'int8',
        )}, ${columnSource(
          rows.map((r) => r.s.mu),
          'float8',
        )}, ${columnSource(
          rows.map((r) => r.s.sigma),
          'float8',
        )}, ${columnSource(
          rows.map((r) => r.s.rating),
          'int',
        )}, ${columnSource(
          rows.map((r) => r.s.matches),
          'int',
        )}))`);
    if (some.length > 0)
      statements.push(sql`r as (
        insert into ratings (scope, user_id, mu, sigma, rating, matches, last_order)
        select * from unnest(${columnSource(
          some.map((l) => l.scope),
          'int',
        )}, ${columnSource(
          some.map((l) => l.userId),
          'int',
        )}, ${columnSource(
          some.map((l) => l.mu),
          'float8',
        )}, ${columnSource(
          some.map((l) => l.sigma),
          'float8',
        )}, ${columnSource(
          some.map((l) => l.rating),
          'int',
        )}, ${columnSource(
          some.map((l) => l.matches),
          'int',
        )}, ${columnSource(
          some.map((l) => l.lastOrder),
          'int8',
        )})
        on conflict (scope, user_id) do update
           set mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,
               matches = excluded.matches, last_order = excluded.last_order)`);
    parts.push(sql`with ${sql.join(statements, sql`, `)} select 1`);
  }
  for (const part of parts) await tx.execute(part);
}

/** These players lose their line in one scope (none of their matches is rated there any more). */
export async function dropRatings(tx: Tx, scope: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(sql`delete from ratings where scope = ${scope} and user_id = any(${intArray(userIds)})`);
}

/** Every line of one scope goes (a season replayed from its start), or of every scope. */
export async function clearRatings(tx: Tx, scope?: number): Promise<void> {
  await tx.execute(
    scope === undefined ? sql`delete from ratings` : sql`delete from ratings where scope = ${scope}`,
  );
}

/** The history from rated_order `from` on goes (all of it when null); answers whose it held. */
export async function cutHistory(tx: Tx, from: number | null): Promise<number[]> {
  if (from === null) {
    await tx.execute(sql`delete from rating_history`);
    return [];
  }
  const rows = await queryRows<{ user_id: number }>(
    tx,
    sql`delete from rating_history where rated_order >= ${from} returning user_id`,
  );
  return [...new Set(rows.map((r) => Number(r.user_id)))];
}

/** Each of these players' last all-time rating left in the history (none: not rated yet). */
export async function lastHistory(tx: Tx, userIds: readonly number[]): Promise<Map<number, ScopeRating>> {
  if (userIds.length === 0) return new Map();
  const rows = await queryRows<StateRow & { user_id: number; rated_order: number | string }>(
    tx,
    sql`select distinct on (user_id) user_id, rated_order, mu, sigma, matches
          from rating_history where user_id = any(${intArray(userIds)})
         order by user_id, rated_order desc`,
  );
  return new Map(rows.map((r) => [Number(r.user_id), scopeRating(r, r.rated_order)]));
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
