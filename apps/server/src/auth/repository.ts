import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { sessions } from '../db/schema/index';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Db | Tx,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The session row of a refresh token, locked so two refreshes with one token cannot both rotate it. */
export async function lockSessionByHash(tx: Tx, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

/** The application's clock, not the database's: the grace window is measured against it. */
export async function markRotated(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(sessions).set({ rotatedAt: at }).where(eq(sessions.id, id));
}

export async function revokeFamily(db: Db | Tx, familyId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

export async function findSessionByHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
}
