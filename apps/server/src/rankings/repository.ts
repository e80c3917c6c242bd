import { sql, type SQL } from 'drizzle-orm';
import type { Tier } from '@mitos/domain/constants';
import { outcomeOf, standingDelta } from '@mitos/domain/community-rules';
import { queryRows, type Database, type Db, type Tx } from '../db/client';
import { outcomeSql, pointsSql } from './points-sql';

// ---------------------------------------------------------------------------------------------
// Standings: each player's season line, in Ranking General (store 0) and at the match's store.
// Kept up to date as matches are approved or annulled, and recomputable from approved matches.
// ---------------------------------------------------------------------------------------------

/** The store_id of Ranking General: the whole community. */
export const GENERAL = 0;

/**
 * Each player's line of one match, `sign` times: in Ranking General and, when the match names a
 * store, in that store's ranking. Rows come out in (store, user) order so that concurrent
 * approvals sharing players lock their standings in the same order and never deadlock.
 */
const OUTCOME = outcomeSql(sql`p.team`, sql`m.team1_score`, sql`m.team2_score`);
const POINTS = pointsSql(sql`m.tier`, OUTCOME);

function deltasOf(matchId: number, sign: 1 | -1): SQL {
  return sql`
    select m.season_id, s.store_id, p.user_id, ${sign}::int as matches,
           case when ${OUTCOME} = 'win' then ${sign}::int else 0 end as wins,
           ${sign}::int * ${POINTS} as points
      from matches m
      join match_players p on p.match_id = m.id
     cross join lateral (values (${GENERAL}::int), (m.store_id)) s(store_id)
     where m.id = ${matchId}::int and m.season_id is not null and s.store_id is not null
     order by s.store_id, p.user_id`;
}

/**
 * One match's points added to its season's standings, as one INSERT … ON CONFLICT DO UPDATE adding
 * to what is there: atomic per row, so approvals of different matches by the same players never
 * lose an update. Usable as a WITH part (the approval folds it into its one statement) or alone.
 */
export function standingsAdd(matchId: number): SQL {
  return sql`
    insert into standings (season_id, store_id, user_id, matches, wins, points)
    ${deltasOf(matchId, 1)}
    on conflict (season_id, store_id, user_id) do update
       set matches = standings.matches + excluded.matches,
           wins = standings.wins + excluded.wins,
           points = standings.points + excluded.points`;
}

/** What the standings need of a match: its season, store, tier, scores and players' teams. */
export interface CountedMatch {
  seasonId: number | null;
  storeId: number | null;
  tier: string;
  team1Score: number;
  team2Score: number;
  players: readonly { userId: number; team: number }[];
}

/**
 * The lines one match adds (sign 1) or takes away (−1), by the domain's rules (standingDelta,
 * outcomeOf): the same numbers the SQL of deltasOf and of the rebuild computes. In (store, user)
 * order, the order the approvals lock them in. None for a match without a season.
 */
export function linesOf(match: CountedMatch, sign: 1 | -1): StandingLine[] {
  if (match.seasonId === null) return [];
  const stores = match.storeId === null ? [GENERAL] : [GENERAL, match.storeId];
  const players = [...match.players].sort((a, b) => a.userId - b.userId);
  return stores.flatMap((storeId) =>
    players.map((p) => ({
      seasonId: match.seasonId!,
      storeId,
      userId: p.userId,
      ...standingDelta(
        match.tier as Tier,
        outcomeOf(p.team === 1 ? 1 : 2, match.team1Score, match.team2Score),
        sign,
      ),
    })),
  );
}

/**
 * Lines added to the standings as one INSERT … VALUES … ON CONFLICT DO UPDATE: what an approval
 * folds into its one statement, its numbers computed from the match it holds locked (no join to
 * read them again).
 */
export function standingsAddLines(lines: readonly StandingLine[]): SQL {
  const values = lines.map(
    (l) =>
      sql`(${l.seasonId}::int, ${l.storeId}::int, ${l.userId}::int, ${l.matches}::int, ${l.wins}::int, ${l.points}::int)`,
  );
  return sql`
    insert into standings (season_id, store_id, user_id, matches, wins, points)
    values ${sql.join(values, sql`, `)}
    on conflict (season_id, store_id, user_id) do update
       set matches = standings.matches + excluded.matches,
           wins = standings.wins + excluded.wins,
           points = standings.points + excluded.points`;
}

/**
 * One match's points taken from its season's standings. Not an upsert: PostgreSQL checks the
 * proposed row (negative counts) before it looks for the conflict. The lines are locked first in
 * the order approvals take them, so an annulment racing approvals of the same players cannot
 * deadlock; lines left without matches go, as a rebuild would not write them.
 */
async function standingsSubtract(tx: Tx, matchId: number): Promise<void> {
  const key = sql`(st.season_id, st.store_id, st.user_id) = (d.season_id, d.store_id, d.user_id)`;
  await queryRows(
    tx,
    sql`
    select 1 from standings st, (${deltasOf(matchId, -1)}) d
     where ${key} order by st.store_id, st.user_id for update of st`,
  );
  await queryRows(
    tx,
    sql`
    update standings st
       set matches = st.matches + d.matches, wins = st.wins + d.wins, points = st.points + d.points
      from (${deltasOf(matchId, -1)}) d
     where ${key}`,
  );
  await queryRows(
    tx,
    sql`
    delete from standings st
     using (${deltasOf(matchId, -1)}) d
     where ${key} and st.matches = 0`,
  );
}

/**
 * Adds (1) or removes (−1) one match's points in its season's standings, inside the caller's
 * transaction: for any write that approves or annuls a match (the admin's Resultados too). Nothing
 * for a match without a season.
 */
export async function applyStandings(tx: Tx, matchId: number, sign: 1 | -1): Promise<void> {
  if (sign === 1) await queryRows(tx, standingsAdd(matchId), { prepared: true });
  else await standingsSubtract(tx, matchId);
}

/**
 * Every standing computed afresh from the approved matches, in one transaction: what the
 * incremental updates must always equal. The table is locked against the approvals meanwhile (they
 * wait, then add to the rebuilt lines); reads go on. Answers how many lines were written.
 */
export async function rebuildStandings(database: Database): Promise<number> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`lock table standings in exclusive mode`);
    await tx.execute(sql`delete from standings`);
    const rows = await queryRows<{ lines: number }>(
      tx,
      sql`
      with lines as (
        insert into standings (season_id, store_id, user_id, matches, wins, points)
        select m.season_id, s.store_id, p.user_id, count(*)::int,
               count(*) filter (where ${OUTCOME} = 'win')::int,
               sum(${POINTS})::int
          from matches m
          join match_players p on p.match_id = m.id
         cross join lateral (values (${GENERAL}::int), (m.store_id)) s(store_id)
         where m.approval_status = 'approved' and m.season_id is not null and s.store_id is not null
         group by m.season_id, s.store_id, p.user_id
        returning 1)
      select count(*)::int as lines from lines`,
    );
    return Number(rows[0]?.lines ?? 0);
  });
}

export interface StandingLine {
  seasonId: number;
  storeId: number;
  userId: number;
  matches: number;
  wins: number;
  points: number;
}

/** Every line, in key order: for the tests comparing the incremental standings with a rebuild. */
export async function allStandings(db: Db | Tx): Promise<StandingLine[]> {
  const rows = await queryRows<StandingLine>(
    db,
    sql`
    select season_id as "seasonId", store_id as "storeId", user_id as "userId", matches, wins, points
      from standings order by season_id, store_id, user_id`,
  );
  return rows.map((r) => ({
    seasonId: Number(r.seasonId),
    storeId: Number(r.storeId),
    userId: Number(r.userId),
    matches: Number(r.matches),
    wins: Number(r.wins),
    points: Number(r.points),
  }));
}

// ---------------------------------------------------------------------------------------------
// Reads: a ranking page, a player's line, and the stores looked up by the reads.
// ---------------------------------------------------------------------------------------------

export async function storeExists(db: Db | Tx, storeId: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from stores where id = ${storeId}::int`);
  return rows.length > 0;
}

export interface RankingLine {
  userId: number;
  name: string;
  torCode: string | null;
  matches: number;
  wins: number;
  points: number;
  /** The player's Mitos Rating of the season, and how many matches rated it; null: none yet. */
  rating: { rating: number; matches: number } | null;
}

export type RankingSort = 'points' | 'rating';

/**
 * The ranking's order: points, then wins, then fewer matches, then the name. NULLS LAST as in
 * standings_rank_idx (drizzle's `.desc()`; the columns are never null): a plain DESC means NULLS
 * FIRST, and PostgreSQL would sort every line instead of reading the index in order.
 */
const RANKING_ORDER = sql.raw(
  's.points desc nulls last, s.wins desc nulls last, s.matches asc, u.username asc, s.user_id asc',
);

/**
 * One page of a season's ranking (store 0: Ranking General), best first, and how many lines it has,
 * in one statement. The page walks standings_rank_idx (season, store, points, wins) and sorts only
 * the ties it reads; the total counts the same index's entries for that season and store.
 */
export async function rankingPage(
  db: Db | Tx,
  seasonId: number,
  storeId: number,
  offset: number,
  limit: number,
  sort: RankingSort = 'points',
): Promise<{ total: number; lines: RankingLine[] }> {
  const rows = await queryRows<
    { total: number; rating: number | null; ratedMatches: number | null } & {
      [K in Exclude<keyof RankingLine, 'rating'>]: RankingLine[K] | null;
    }
  >(db, rankingPageQuery(seasonId, storeId, offset, limit, sort));
  return {
    total: Number(rows[0]?.total ?? 0),
    lines: rows
      .filter((r) => r.userId !== null)
      .map((r) => ({
        userId: Number(r.userId),
        name: r.name!,
        torCode: r.torCode,
        matches: Number(r.matches),
        wins: Number(r.wins),
        points: Number(r.points),
        rating: r.rating === null ? null : { rating: Number(r.rating), matches: Number(r.ratedMatches) },
      })),
  };
}

/**
 * The statement of rankingPage, for EXPLAIN in the tests. By rating: the season's Mitos Rating
 * first (players without one last), then the ranking's order; every line of the season and store
 * is sorted then, as the rating is not part of standings_rank_idx.
 */
export function rankingPageQuery(
  seasonId: number,
  storeId: number,
  offset: number,
  limit: number,
  sort: RankingSort = 'points',
): SQL {
  const order = sort === 'rating' ? sql`rt.rating desc nulls last, ${RANKING_ORDER}` : RANKING_ORDER;
  return sql`
    select t.total, r.*
      from (select count(*)::int as total from standings
             where season_id = ${seasonId}::int and store_id = ${storeId}::int) t
      left join lateral (
        select s.user_id as "userId", u.username as name, u.tor_code as "torCode", s.matches, s.wins, s.points,
               rt.rating, rt.matches as "ratedMatches"
          from standings s join users u on u.id = s.user_id
          left join ratings rt on rt.scope = s.season_id and rt.user_id = s.user_id
         where s.season_id = ${seasonId}::int and s.store_id = ${storeId}::int
         order by ${order}
         limit ${limit}::int offset ${offset}::int) r on true`;
}

export interface PlayerStanding {
  torCode: string | null;
  /** Null when the player has no line this season (has not played). */
  line: { position: number; matches: number; wins: number; points: number } | null;
  stores: { id: number; name: string }[];
}

/**
 * A player's Ranking General line of a season with their place in it (1 + the lines ahead in the
 * ranking's order), and the stores they played at that season, their best first. Undefined for a
 * user that does not exist.
 */
export async function playerStanding(
  db: Db | Tx,
  userId: number,
  seasonId: number | null,
): Promise<PlayerStanding | undefined> {
  const [row] = await queryRows<{
    torCode: string | null;
    position: number | null;
    matches: number | null;
    wins: number | null;
    points: number | null;
    stores: { id: number; name: string }[] | string;
  }>(
    db,
    sql`
    select u.tor_code as "torCode", me.position, me.matches, me.wins, me.points,
           (select coalesce(json_agg(json_build_object('id', st.id, 'name', st.name)
                                     order by l.points desc, st.name), '[]')
              from standings l join stores st on st.id = l.store_id
             where l.season_id = ${seasonId}::int and l.user_id = u.id and l.store_id <> ${GENERAL}) as stores
      from users u
      left join lateral (
        select s.matches, s.wins, s.points,
               1 + (select count(*)::int from standings o join users ou on ou.id = o.user_id
                     where o.season_id = s.season_id and o.store_id = s.store_id
                       and (o.points, o.wins, -o.matches) >= (s.points, s.wins, -s.matches)
                       and ((o.points, o.wins, -o.matches) > (s.points, s.wins, -s.matches)
                            or (ou.username, o.user_id) < (u.username, u.id))) as position
          from standings s
         where s.season_id = ${seasonId}::int and s.store_id = ${GENERAL} and s.user_id = u.id) me on true
     where u.id = ${userId}::int`,
  );
  if (!row) return undefined;
  return {
    torCode: row.torCode,
    line:
      row.position === null
        ? null
        : {
            position: Number(row.position),
            matches: Number(row.matches),
            wins: Number(row.wins),
            points: Number(row.points),
          },
    stores:
      typeof row.stores === 'string' ? (JSON.parse(row.stores) as PlayerStanding['stores']) : row.stores,
  };
}
