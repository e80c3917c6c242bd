import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema/index';

function timestamp(at: Date) {
  return sql`${at.toISOString()}::timestamptz`;
}

/**
 * Counts one hit on a key and answers the hits of its current window, this one included. One
 * statement (insert or update, atomically), so processes sharing the database count together and
 * parallel attempts cannot slip past a limit. A window that has ended starts over.
 */
export async function hit(db: Db, key: string, windowMs: number, now: Date): Promise<number> {
  const ends = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(authThrottle)
    .values({ key, hits: 1, expiresAt: ends })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        hits: sql`case when ${authThrottle.expiresAt} <= ${timestamp(now)} then 1 else ${authThrottle.hits} + 1 end`,
        expiresAt: sql`case when ${authThrottle.expiresAt} <= ${timestamp(now)} then excluded.expires_at else ${authThrottle.expiresAt} end`,
      },
    })
    .returning({ hits: authThrottle.hits });
  return row!.hits;
}

/** Takes back one hit (an attempt that turned out not to count). */
export async function unhit(db: Db, key: string, now: Date): Promise<void> {
  await db
    .update(authThrottle)
    .set({ hits: sql`greatest(${authThrottle.hits} - 1, 0)` })
    .where(and(eq(authThrottle.key, key), gt(authThrottle.expiresAt, now)));
}

/** Whether a key has a hit in a window that has not ended. */
export async function isLive(db: Db, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ key: authThrottle.key })
    .from(authThrottle)
    .where(and(eq(authThrottle.key, key), gt(authThrottle.expiresAt, now), gt(authThrottle.hits, 0)))
    .limit(1);
  return rows.length > 0;
}

/** Sets a key to one hit in a fresh window (marks something for that long). */
export async function mark(db: Db, key: string, windowMs: number, now: Date): Promise<void> {
  const ends = new Date(now.getTime() + windowMs);
  await db
    .insert(authThrottle)
    .values({ key, hits: 1, expiresAt: ends })
    .onConflictDoUpdate({ target: authThrottle.key, set: { hits: 1, expiresAt: ends } });
}

export async function forget(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

export async function deleteEnded(db: Db, now: Date): Promise<void> {
  await db.delete(authThrottle).where(lte(authThrottle.expiresAt, now));
}
