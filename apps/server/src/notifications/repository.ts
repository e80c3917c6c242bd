import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { PageKey } from '../matches/cursor';
import { beforeKey, keyOf, keyedIds, newestFirst, type KeyedId } from '../matches/repository/lists';

// The inbox (SPEC §4): the matches waiting for the user, their rejected list, and the count of both.

/** Pending matches the user plays in: waiting for them and waiting for others. */
export function pendingPage(db: Db, userId: number, limit: number, after?: PageKey): Promise<KeyedId[]> {
  return keyedIds(
    db,
    sql`
    select mp.match_id as id, ${keyOf('mp.match_date')} as key
      from match_players mp
     where mp.user_id = ${userId} and mp.match_status = 'pending'
           ${beforeKey('mp.match_date', 'mp.match_id', after)}
     order by ${newestFirst('mp.match_date', 'mp.match_id')}
     limit ${limit + 1}`,
  );
}

/** Not accepted and not closed by the user, who is not the one who rejected it. */
function stillShownTo(userId: number, matchColumn: string): SQL {
  const id = sql.raw(matchColumn);
  return sql`
    and not exists (
      select 1 from match_players own
       where own.match_id = ${id} and own.user_id = ${userId} and own.approval_status = 'rejected')
    and not exists (
      select 1 from match_events e
       where e.user_id = ${userId} and e.type in ('rejection_accepted', 'closed') and e.match_id = ${id})`;
}

/** The rejected list: matches the user plays in (one index) or created (another), merged. */
function rejectedQuery(userId: number, limit: number | null, after?: PageKey): SQL {
  const cap = limit === null ? sql`` : sql`limit ${limit + 1}`;
  return sql`
    (select mp.match_id as id, mp.match_date as at
       from match_players mp
      where mp.user_id = ${userId} and mp.match_status = 'rejected'
            ${beforeKey('mp.match_date', 'mp.match_id', after)}
            ${stillShownTo(userId, 'mp.match_id')}
      order by ${newestFirst('mp.match_date', 'mp.match_id')} ${cap})
    union
    (select m.id, m.match_date as at
       from matches m
      where m.created_by = ${userId} and m.approval_status = 'rejected'
            ${beforeKey('m.match_date', 'm.id', after)}
            ${stillShownTo(userId, 'm.id')}
      order by ${newestFirst('m.match_date', 'm.id')} ${cap})`;
}

export function rejectedPage(db: Db, userId: number, limit: number, after?: PageKey): Promise<KeyedId[]> {
  return keyedIds(
    db,
    sql`
    select r.id, ${keyOf('r.at')} as key
      from (${rejectedQuery(userId, limit, after)}) r
     order by ${newestFirst('r.at', 'r.id')}
     limit ${limit + 1}`,
  );
}

/**
 * SPEC §4 notification count: matches waiting for the user's approval plus their rejected list,
 * plus the Comunicados of their tournaments they have not read (decision 015).
 */
export async function notificationCount(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`
    select (
      (select count(*) from match_players mp
        where mp.user_id = ${userId} and mp.match_status = 'pending' and mp.approval_status = 'pending')
      + (select count(*) from (${rejectedQuery(userId, null)}) r)
      + (select count(*) from tournament_participants tp
           join tournament_announcements a
             on a.tournament_id = tp.tournament_id and a.created_at > tp.announcements_seen_at
          where tp.user_id = ${userId} and tp.status <> 'waitlisted')
    )::int as count`,
  );
  return Number(row?.count ?? 0);
}
