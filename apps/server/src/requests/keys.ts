import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_PATTERN } from '@mitos/domain/common';
import { MSG } from '@mitos/domain/messages';
import { queryRows, type Db, type Tx } from '../db/client';
import { AppError, badRequest } from '../errors';

/*
 * Idempotency keys (docs/decisions/018): an action sent with an Idempotency-Key is done once per
 * user and key. The key's row is written in the action's own transaction, first, so a duplicate
 * sent meanwhile waits on the row's primary key until the first commits (then replays) or rolls
 * back (then acts itself): a refused action never uses its key up.
 */

/** The actions that take a key (request_keys.action). */
export type KeyedAction = 'create' | 'approve' | 'reject';

/** A key as the client sent it, with what it is used for. */
export interface RequestKey {
  userId: number;
  key: string;
  action: KeyedAction;
}

/** How long a key is remembered: a phone offline for longer sends a new match (decision 018). */
export const KEY_LIFETIME_DAYS = 30;

/** The Idempotency-Key header's value, checked; undefined when the request sent none. */
export function keyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw badRequest(MSG.idempotencyKeyInvalid, { 'Idempotency-Key': [MSG.idempotencyKeyInvalid] });
  }
  return value;
}

const keyReused = () =>
  new AppError(422, MSG.idempotencyKeyReused, { errors: { 'Idempotency-Key': [MSG.idempotencyKeyReused] } });

/**
 * Claims the key for this action (on `matchId`, for an answer to a match) inside the action's
 * transaction. Answers null when the key is new (the caller acts, and the row commits or rolls
 * back with it), or the id of the match its first use produced (the caller answers that match
 * without acting). A key used before for another action or match is refused (422).
 */
export async function claimKey(
  tx: Tx,
  request: RequestKey,
  matchId: number | null,
): Promise<{ replay: number } | null> {
  const { userId, key, action } = request;
  // A concurrent first use of the key holds its primary key until it ends: this insert waits.
  const inserted = await queryRows<{ key: string }>(
    tx,
    sql`insert into request_keys (user_id, key, action, match_id)
        values (${userId}::int, ${key}::text, ${action}::text, ${matchId}::int)
        on conflict (user_id, key) do nothing returning key`,
  );
  if (inserted.length > 0) return null;
  // A statement of its own, so it sees the row the insert waited for (read committed).
  const [row] = await queryRows<{ action: string; matchId: number | null }>(
    tx,
    sql`select action, match_id as "matchId" from request_keys
         where user_id = ${userId}::int and key = ${key}::text`,
  );
  // Gone between the two statements (purged, or its match deleted): nothing to replay.
  if (!row || row.matchId === null) throw keyReused();
  const used = Number(row.matchId);
  if (row.action !== action || (matchId !== null && used !== matchId)) throw keyReused();
  return { replay: used };
}

/** Records which match a creation's key produced (in the creation's transaction). */
export async function bindKey(tx: Tx, request: RequestKey, matchId: number): Promise<void> {
  await queryRows(
    tx,
    sql`update request_keys set match_id = ${matchId}::int
         where user_id = ${request.userId}::int and key = ${request.key}::text`,
  );
}

/** Forgets the keys older than KEY_LIFETIME_DAYS; answers how many. Part of the periodic sweep. */
export async function purgeKeys(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - KEY_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with d as (delete from request_keys where created_at < ${cutoff.toISOString()}::timestamptz returning 1)
        select count(*)::int as n from d`,
  );
  return Number(rows[0]?.n ?? 0);
}
