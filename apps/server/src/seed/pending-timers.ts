import { sql } from 'drizzle-orm';
import { PENDING_MATCH_DELAYS } from '@mitos/domain/constants';
import { queryRows, type Database } from '../db/client';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The seeded pending matches as if the server had been running (decision 020): those recorded
 * over 24 h (72 h) ago already reminded their waiting players once (twice), at those times; their
 * jobs wait for their next step. Those older than the final delay are due at once, so the running
 * server applies the rule to them through the state machine (expiry, or the store's organisers).
 * Two of them (the demo user's first) move to the organiser's store, where the server escalates
 * them: the organiser has matches to confirm, and the demo user keeps theirs to answer. The
 * default delays: the seeder knows no configuration.
 */
export async function settleSeededPendingMatches(
  database: Database,
  { now, organiserId, demoUserId }: { now: Date; organiserId: number | null; demoUserId: number },
): Promise<void> {
  const first = PENDING_MATCH_DELAYS.firstReminderHours * HOUR_MS;
  const second = PENDING_MATCH_DELAYS.secondReminderHours * HOUR_MS;
  const final = PENDING_MATCH_DELAYS.finalRuleHours * HOUR_MS;
  const at = now.toISOString();
  await database.transaction(async (tx) => {
    // The seeder writes with the triggers off (session_replication_role), so it makes their jobs
    // as migration 0009's trigger would.
    await tx.execute(sql`
      insert into scheduled_jobs (kind, match_id, run_at, step)
      select 'pending-match', m.id, m.created_at, 0 from matches m
       where m.approval_status = 'pending' and m.escalated_at is null
      on conflict (kind, match_id) do nothing`);
    // The pending matches whose job was just made, with how many reminders they had by now.
    await tx.execute(sql`
      create temporary table seeded_pending on commit drop as
      select m.id, m.created_at,
             case when ${at}::timestamptz - m.created_at >= ${`${second} milliseconds`}::interval then 2
                  when ${at}::timestamptz - m.created_at >= ${`${first} milliseconds`}::interval then 1
                  else 0 end as sent
        from matches m join scheduled_jobs j on j.match_id = m.id and j.kind = 'pending-match' and j.step = 0
       where m.approval_status = 'pending' and m.tournament_id is null`);
    const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;
    await tx.execute(sql`
      update match_players p
         set reminders = s.sent,
             reminded_at = s.created_at + case when s.sent = 2 then ${interval(second)} else ${interval(first)} end
        from seeded_pending s
       where p.match_id = s.id and p.approval_status = 'pending' and s.sent > 0`);
    await tx.execute(sql`
      insert into match_events (match_id, type, user_id, at)
      select s.id, 'reminded', null::int, s.created_at + ${interval(first)} from seeded_pending s where s.sent >= 1
      union all
      select s.id, 'reminded', null::int, s.created_at + ${interval(second)} from seeded_pending s where s.sent = 2`);
    await tx.execute(sql`
      update scheduled_jobs j
         set step = s.sent + 1,
             run_at = s.created_at + case s.sent when 0 then ${interval(first)}
                                                 when 1 then ${interval(second)}
                                                 else ${interval(final)} end
        from seeded_pending s
       where j.match_id = s.id and j.kind = 'pending-match'`);
    if (organiserId === null) return;
    const [store] = await queryRows<{ storeId: number }>(
      tx,
      sql`select store_id as "storeId" from store_organisers where user_id = ${organiserId} order by store_id limit 1`,
    );
    if (!store) return;
    // Past its final delay: those waiting for the demo user (who keeps them to answer), or else the
    // oldest one, go to that store, where the server escalates them to its organiser.
    await tx.execute(sql`
      update matches set store_id = ${store.storeId}, league_id = null
       where id in (select s.id from seeded_pending s
                     where s.sent = 2 and ${at}::timestamptz - s.created_at >= ${interval(final)}
                     order by exists (select 1 from match_players p
                                       where p.match_id = s.id and p.user_id = ${demoUserId}
                                             and p.approval_status = 'pending') desc,
                              s.created_at
                     limit 2)`);
  });
}
