import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';
import { GENERAL } from './tallies';

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
 * the ties it reads; the total is ranking_sizes' row, which the standings' triggers keep.
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
      from (select coalesce((select lines from ranking_sizes
                              where season_id = ${seasonId}::int and store_id = ${storeId}::int), 0) as total) t
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
