import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';

/** A row of scheduled_jobs as the runner reads it (docs/decisions/020). */
export interface JobRow {
  id: number;
  kind: string;
  matchId: number | null;
  runAt: Date;
  step: number;
  attempts: number;
}

const iso = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/**
 * The job due first at `now` that no other process is running, locked until the transaction ends
 * (FOR UPDATE SKIP LOCKED): of several processes polling at once, each takes a different job.
 */
export async function claimDueJob(tx: Tx, now: Date): Promise<JobRow | undefined> {
  const [row] = await queryRows<Omit<JobRow, 'runAt'> & { runAt: string | Date }>(
    tx,
    sql`
    select id, kind, match_id as "matchId", run_at as "runAt", step, attempts
      from scheduled_jobs
     where run_at <= ${iso(now)}
     order by run_at, id
     limit 1
       for update skip locked`,
  );
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    matchId: row.matchId === null ? null : Number(row.matchId),
    step: Number(row.step),
    attempts: Number(row.attempts),
    runAt: new Date(row.runAt),
  };
}

/** The job's next step, due at `runAt`; a step that ran clears the failures of the last one. */
export async function moveJob(tx: Tx, id: number, step: number, runAt: Date): Promise<void> {
  await queryRows(
    tx,
    sql`update scheduled_jobs set step = ${step}, run_at = ${iso(runAt)}, attempts = 0, last_error = null
         where id = ${id}`,
  );
}

export async function deleteJob(tx: Tx, id: number): Promise<void> {
  await queryRows(tx, sql`delete from scheduled_jobs where id = ${id}`);
}

/** A step that failed: counted, its error kept, and tried again at `retryAt`. */
export async function recordFailure(db: Db, id: number, error: string, retryAt: Date): Promise<void> {
  await queryRows(
    db,
    sql`update scheduled_jobs set attempts = attempts + 1, last_error = ${error.slice(0, 1000)},
               run_at = ${iso(retryAt)}
         where id = ${id}`,
  );
}

/**
 * Counts a reminder on the entries of the match's players who have not answered; answers who
 * they are, in id order (an update returns its rows in no set order). The caller holds the
 * match's lock.
 */
export async function remindWaiting(tx: Tx, matchId: number, at: Date): Promise<number[]> {
  const rows = await queryRows<{ userId: number }>(
    tx,
    sql`update match_players set reminders = reminders + 1, reminded_at = ${iso(at)}
         where match_id = ${matchId} and approval_status = 'pending'
     returning user_id as "userId"`,
  );
  return rows.map((r) => Number(r.userId)).sort((a, b) => a - b);
}

/** The organisers of a store: whom an escalated match of it goes to. */
export async function organisersOf(tx: Tx, storeId: number): Promise<number[]> {
  const rows = await queryRows<{ userId: number }>(
    tx,
    sql`select user_id as "userId" from store_organisers where store_id = ${storeId} order by user_id`,
  );
  return rows.map((r) => Number(r.userId));
}

/** Ids of the escalated matches still pending, of these stores (every store: null), oldest first. */
export async function escalatedIds(
  db: Db,
  stores: readonly number[] | null,
  limit: number,
): Promise<number[]> {
  if (stores !== null && stores.length === 0) return [];
  const where = stores === null ? sql`` : sql`and store_id in ${[...stores]}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from matches
         where approval_status = 'pending' and escalated_at is not null ${where}
         order by escalated_at, id
         limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}
