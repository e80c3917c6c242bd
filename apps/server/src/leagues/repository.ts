import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { leagueParticipants, leagues, matches, stores, users } from '../db/schema/index';

export type LeagueRecord = typeof leagues.$inferSelect;

export interface LeagueRow {
  id: number;
  name: string;
  storeId: number;
  store: string;
  startsOn: string;
  finishedAt: Date | null;
  participants: number;
  joined: boolean;
}

const leagueColumns = (userId: number) => ({
  id: leagues.id,
  name: leagues.name,
  storeId: leagues.storeId,
  store: stores.name,
  startsOn: leagues.startsOn,
  finishedAt: leagues.finishedAt,
  participants: sql<number>`(select count(*)::int from ${leagueParticipants} where ${leagueParticipants.leagueId} = ${leagues.id})`,
  joined: sql<boolean>`exists (select 1 from ${leagueParticipants} where ${leagueParticipants.leagueId} = ${leagues.id} and ${leagueParticipants.userId} = ${userId})`,
});

/** The leagues not deleted, of one store or all, newest start first, as `userId` sees them. */
export function listLeagues(db: Db | Tx, userId: number, storeId?: number): Promise<LeagueRow[]> {
  return db
    .select(leagueColumns(userId))
    .from(leagues)
    .innerJoin(stores, eq(stores.id, leagues.storeId))
    .where(and(isNull(leagues.deletedAt), storeId === undefined ? undefined : eq(leagues.storeId, storeId)))
    .orderBy(desc(leagues.startsOn), desc(leagues.id));
}

export async function findLeagueRow(db: Db | Tx, id: number, userId: number): Promise<LeagueRow | undefined> {
  const [row] = await db
    .select(leagueColumns(userId))
    .from(leagues)
    .innerJoin(stores, eq(stores.id, leagues.storeId))
    .where(and(eq(leagues.id, id), isNull(leagues.deletedAt)))
    .limit(1);
  return row;
}

/**
 * A league's row, locked for the rest of the transaction: a delete, its undo, a finish and the
 * participants' changes of one league go one at a time. Deleted leagues only when asked.
 */
export async function lockLeague(
  tx: Tx,
  id: number,
  options: { deleted?: boolean } = {},
): Promise<LeagueRecord | undefined> {
  const [row] = await tx.select().from(leagues).where(eq(leagues.id, id)).for('update');
  if (!row || (row.deletedAt !== null && !options.deleted)) return undefined;
  return row;
}

export async function insertLeague(
  tx: Tx,
  values: { name: string; storeId: number; startsOn: string; createdBy: number },
): Promise<number> {
  const [row] = await tx.insert(leagues).values(values).returning({ id: leagues.id });
  return row!.id;
}

export async function updateLeague(
  tx: Tx,
  id: number,
  values: Partial<{
    name: string;
    storeId: number;
    startsOn: string;
    finishedAt: Date;
    deletedAt: Date | null;
  }>,
): Promise<void> {
  await tx.update(leagues).set(values).where(eq(leagues.id, id));
}

/** Whether any match names the league (then it has results and is never deleted). */
export async function hasResults(db: Db | Tx, leagueId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(eq(matches.leagueId, leagueId))
    .limit(1);
  return row !== undefined;
}

export function participantsOf(db: Db | Tx, leagueId: number) {
  return db
    .select({ id: users.id, username: users.username, torCode: users.torCode })
    .from(leagueParticipants)
    .innerJoin(users, eq(users.id, leagueParticipants.userId))
    .where(eq(leagueParticipants.leagueId, leagueId))
    .orderBy(asc(leagueParticipants.joinedAt), asc(users.id));
}

/** Adds a participant; false when they already take part. */
export async function addParticipant(tx: Tx, leagueId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .insert(leagueParticipants)
    .values({ leagueId, userId })
    .onConflictDoNothing()
    .returning({ userId: leagueParticipants.userId });
  return rows.length > 0;
}

export async function removeParticipant(tx: Tx, leagueId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(leagueParticipants)
    .where(and(eq(leagueParticipants.leagueId, leagueId), eq(leagueParticipants.userId, userId)))
    .returning({ userId: leagueParticipants.userId });
  return rows.length > 0;
}
