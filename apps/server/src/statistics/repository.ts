import { sql, type SQL } from 'drizzle-orm';
import type {
  PlayerMatchRow,
  RaceAppearances,
  ScoredMatch,
  StatPlayer,
} from '@mitos/domain/player-statistics-rules';
import { queryRows, type Db, type Tx } from '../db/client';
import { GENERAL } from '../rankings/tallies';

/*
 * The reads behind the statistics (issue 17): compact rows of approved matches, counted by the
 * rules of packages/domain/src/player-statistics-rules.ts. A match counts once it is approved,
 * which means every player approved it; match_players.match_status mirrors the match's status so
 * that a player's approved matches come from match_players_user_approved_idx.
 */

/** The score of the team of `mp` (a match_players row) and of the other team of its match `m`. */
const OWN_SCORE = sql.raw('case when mp.team = 1 then m.team1_score else m.team2_score end');
const OTHER_SCORE = sql.raw('case when mp.team = 1 then m.team2_score else m.team1_score end');

const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/** Whether the user exists and, when one is asked, the season. */
export async function userAndSeasonExist(
  db: Db | Tx,
  userId: number,
  seasonId: number | undefined,
): Promise<{ user: boolean; season: boolean }> {
  const season =
    seasonId === undefined ? sql`true` : sql`exists (select 1 from seasons where id = ${seasonId}::int)`;
  const [row] = await queryRows<{ user: boolean; season: boolean }>(
    db,
    sql`select exists (select 1 from users where id = ${userId}::int) as "user", ${season} as season`,
  );
  return { user: Boolean(row?.user), season: Boolean(row?.season) };
}

/**
 * The statement of playerMatchRows: one row per approved match of the user (of one season when
 * asked), with the deck they played, the other team and the all-time rating after the match:
 * its own rating_history row, found by that table's key (the form takes each period's last one).
 */
export function playerMatchRowsQuery(userId: number, seasonId: number | undefined): SQL {
  const inSeason = seasonId === undefined ? sql`` : sql`and m.season_id = ${seasonId}::int`;
  return sql`
    select mp.match_id as "matchId", m.match_date as "playedAt",
           ${OWN_SCORE} as "ownScore", ${OTHER_SCORE} as "opponentScore",
           mp.deck_id as "deckId", mp.deck_name as "deckName", mp.deck_raza as "deckRace",
           rh.rating as "ratingAfter",
           (select json_agg(json_build_object('id', o.user_id, 'username', u.username, 'race', o.deck_raza)
                            order by o.position, o.user_id)
              from match_players o join users u on u.id = o.user_id
             where o.match_id = mp.match_id and o.team <> mp.team) as opponents
      from match_players mp
      join matches m on m.id = mp.match_id
      left join rating_history rh on rh.match_id = mp.match_id and rh.user_id = mp.user_id
     where mp.user_id = ${userId}::int and mp.match_status = 'approved' and m.approval_status = 'approved'
           ${inSeason}`;
}

export async function playerMatchRows(
  db: Db | Tx,
  userId: number,
  seasonId: number | undefined,
): Promise<PlayerMatchRow[]> {
  const rows = await queryRows<{
    matchId: number;
    playedAt: string | Date;
    ownScore: number;
    opponentScore: number;
    deckId: number | null;
    deckName: string;
    deckRace: string;
    ratingAfter: number | null;
    opponents: StatPlayer[] | string | null;
  }>(db, playerMatchRowsQuery(userId, seasonId));
  return rows.map((r) => {
    const opponents =
      typeof r.opponents === 'string' ? (JSON.parse(r.opponents) as StatPlayer[]) : (r.opponents ?? []);
    return {
      matchId: Number(r.matchId),
      playedAt: toDate(r.playedAt),
      ownScore: Number(r.ownScore),
      opponentScore: Number(r.opponentScore),
      deck: { id: r.deckId === null ? null : Number(r.deckId), name: r.deckName, race: r.deckRace },
      opponents: opponents.map((o) => ({ id: Number(o.id), username: o.username, race: o.race })),
      ratingAfter: r.ratingAfter === null ? null : Number(r.ratingAfter),
    };
  });
}

/** The users with these ids that exist, by id. */
export async function usernames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; username: string }>(
    db,
    sql`select id, username from users where id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

/**
 * The statement of headToHeadRows. The matches both played are found first from their approved
 * index entries alone, joined on (match_date, match_id) as the home search does (approvedPage):
 * two index-only scans, not a probe of the opponent in each of the player's matches (10,000 at
 * the city's size). Only those shared matches are then read for their teams and scores
 * (decision 031).
 */
export function headToHeadQuery(userId: number, opponentId: number): SQL {
  return sql`
    with shared as materialized (
      select mp.match_id
        from match_players mp
        join match_players op
          on op.user_id = ${opponentId}::int and op.match_status = 'approved'
         and op.match_date = mp.match_date and op.match_id = mp.match_id
       where mp.user_id = ${userId}::int and mp.match_status = 'approved')
    select mp.match_id as "matchId", m.match_date as "playedAt",
           ${OWN_SCORE} as "ownScore", ${OTHER_SCORE} as "opponentScore"
      from shared s
      join match_players mp on mp.match_id = s.match_id and mp.user_id = ${userId}::int
      join match_players op on op.match_id = s.match_id and op.user_id = ${opponentId}::int and op.team <> mp.team
      join matches m on m.id = s.match_id
     where m.approval_status = 'approved'`;
}

/** The approved matches the two played on opposite teams, from the first one's side. */
export async function headToHeadRows(
  db: Db | Tx,
  userId: number,
  opponentId: number,
): Promise<ScoredMatch[]> {
  const rows = await queryRows<{
    matchId: number;
    playedAt: string | Date;
    ownScore: number;
    opponentScore: number;
  }>(db, headToHeadQuery(userId, opponentId));
  return rows.map((r) => ({
    matchId: Number(r.matchId),
    playedAt: toDate(r.playedAt),
    ownScore: Number(r.ownScore),
    opponentScore: Number(r.opponentScore),
  }));
}

/**
 * The statement of metagameLines: whether the store asked exists, how many approved matches the
 * season has (at that store), and each race's appearances in them, all summed from the race
 * tallies (docs/decisions/028) the approvals keep: one range of their key, whatever the number of
 * matches. A null season has none. The whole community is the tallies' store 0.
 */
export function metagameQuery(seasonId: number | null, storeId: number | undefined): SQL {
  const found =
    storeId === undefined ? sql`true` : sql`exists (select 1 from stores where id = ${storeId}::int)`;
  const counted = sql`t.season_id = ${seasonId}::int and t.store_id = ${storeId ?? GENERAL}::int`;
  return sql`
    select s.found, s.matches, r.*
      from (select ${found} as found,
                   (select coalesce(sum(t.leads), 0)::int from race_tallies t where ${counted}) as matches) s
      left join lateral (
        select t.race, sum(t.appearances)::int as appearances, sum(t.wins)::int as wins,
               count(*)::int as players
          from race_tallies t
         where ${counted}
         group by t.race) r on s.found`;
}

/** A season's metagame (at one store when asked); undefined when the store does not exist. */
export async function metagameLines(
  db: Db | Tx,
  seasonId: number | null,
  storeId: number | undefined,
): Promise<{ matches: number; races: RaceAppearances[] } | undefined> {
  const rows = await queryRows<{
    found: boolean;
    matches: number;
    race: string | null;
    appearances: number | null;
    wins: number | null;
    players: number | null;
  }>(db, metagameQuery(seasonId, storeId));
  if (!rows[0]?.found) return undefined;
  return {
    matches: Number(rows[0].matches),
    races: rows
      .filter((r) => r.race !== null)
      .map((r) => ({
        race: r.race!,
        appearances: Number(r.appearances),
        wins: Number(r.wins),
        players: Number(r.players),
      })),
  };
}
