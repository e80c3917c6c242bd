import { sql } from 'drizzle-orm';
import { COMMUNITY_TIME_ZONE } from '@mitos/domain/constants';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/client';

/** The community's zone as a literal of the statement's text (the same text on every call). */
const COMMUNITY_ZONE_SQL = sql.raw(`'${COMMUNITY_TIME_ZONE}'`);

/**
 * The counters of Panel de Administración, in one statement. Today is the community's day
 * (Buenos Aires). An organiser counts their stores' matches; an admin (stores = null) all of them.
 */
export async function adminCounters(
  db: Db,
  scope: { today: string; stores: readonly number[] | null },
): Promise<{ tournamentsInProgress: number; matchesToday: number; pendingReports: number }> {
  const inScope =
    scope.stores === null
      ? sql`true`
      : scope.stores.length === 0
        ? sql`false`
        : sql`m.store_id in (${sql.join(
            scope.stores.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const tournamentScope =
    scope.stores === null
      ? sql`true`
      : scope.stores.length === 0
        ? sql`false`
        : sql`t.store_id in (${sql.join(
            scope.stores.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const [row] = await queryRows<{ today: number; reports: number; tournaments: number }>(
    db,
    sql`select
          (select count(*)::int from tournaments t
            where ${tournamentScope} and t.started_at is not null and t.finished_at is null) as tournaments,
          (select count(*)::int from matches m
            where ${inScope} and m.approval_status <> 'cancelled'
              and (m.match_date at time zone ${COMMUNITY_ZONE_SQL})::date = ${scope.today}::date) as today,
          (select count(*)::int from matches m
            where ${inScope} and m.approval_status = 'rejected') as reports`,
  );
  return {
    tournamentsInProgress: row?.tournaments ?? 0,
    matchesToday: row?.today ?? 0,
    pendingReports: row?.reports ?? 0,
  };
}

/** Each player's default deck, copied into an entered result (none: the SPEC's fallback names). */
export async function defaultDecksOf(
  tx: Tx,
  userIds: readonly number[],
): Promise<Map<number, { id: number; name: string; raza: string }>> {
  const rows = await queryRows<{ userId: number; id: number; name: string; raza: string }>(
    tx,
    sql`select user_id as "userId", id, name, raza from decks
         where is_default and user_id in (${sql.join(
           userIds.map((id) => sql`${id}::int`),
           sql`, `,
         )})`,
  );
  return new Map(rows.map((r) => [Number(r.userId), { id: r.id, name: r.name, raza: r.raza }]));
}

/** An entered result counts at once: the match and its players' copy of the status are approved. */
export async function approveEntered(tx: Tx, matchId: number, at: Date): Promise<void> {
  await tx.execute(sql`
    with m as (
      update matches set approval_status = 'approved', approval_updated_at = ${at.toISOString()}::timestamptz
       where id = ${matchId} returning id)
    update match_players set match_status = 'approved' where match_id in (select id from m)`);
}

export interface EnteredResultRow {
  matchId: number;
  storeId: number;
  store: string;
  round: number | null;
  player1Id: number;
  player1: string;
  player2Id: number;
  player2: string;
  winningTeam: 'team1' | 'team2' | null;
  matchDate: string;
  enteredById: number | null;
  enteredBy: string | null;
}

/** The results entered at these stores (null: all), newest first. */
export async function enteredResults(
  db: Db,
  stores: readonly number[] | null,
  limit: number,
): Promise<EnteredResultRow[]> {
  if (stores !== null && stores.length === 0) return [];
  const inScope =
    stores === null
      ? sql`true`
      : sql`m.store_id in (${sql.join(
          stores.map((id) => sql`${id}::int`),
          sql`, `,
        )})`;
  return queryRows<EnteredResultRow>(
    db,
    sql`
    select m.id as "matchId", m.store_id as "storeId", s.name as store, m.round,
           p1.user_id as "player1Id", u1.username as player1, p2.user_id as "player2Id", u2.username as player2,
           m.winning_team as "winningTeam", m.match_date as "matchDate",
           e.user_id as "enteredById", eu.username as "enteredBy"
      from match_events e
      join matches m on m.id = e.match_id
      join stores s on s.id = m.store_id
      join match_players p1 on p1.match_id = m.id and p1.team = 1
      join users u1 on u1.id = p1.user_id
      join match_players p2 on p2.match_id = m.id and p2.team = 2
      join users u2 on u2.id = p2.user_id
      left join users eu on eu.id = e.user_id
     where e.type = 'entered' and m.approval_status = 'approved' and ${inScope}
     order by m.match_date desc, m.id desc
     limit ${limit}`,
  );
}
