import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';
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
function deltasOf(matchId: number, sign: 1 | -1): SQL {
  const outcome = outcomeSql(sql`p.team`, sql`m.team1_score`, sql`m.team2_score`);
  return sql`
    select m.season_id, s.store_id, p.user_id, ${sign}::int as matches,
           case when ${outcome} = 'win' then ${sign}::int else 0 end as wins,
           ${sign}::int * ${pointsSql(sql`m.tier`, outcome)} as points
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
export async function rebuildStandings(db: Db): Promise<number> {
  const outcome = outcomeSql(sql`p.team`, sql`m.team1_score`, sql`m.team2_score`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table standings in exclusive mode`);
    await tx.execute(sql`delete from standings`);
    const rows = await queryRows<{ lines: number }>(
      tx,
      sql`
      with lines as (
        insert into standings (season_id, store_id, user_id, matches, wins, points)
        select m.season_id, s.store_id, p.user_id, count(*)::int,
               count(*) filter (where ${outcome} = 'win')::int,
               sum(${pointsSql(sql`m.tier`, outcome)})::int
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
