import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { storeLogos, storeOrganisers, stores, users } from '../db/schema/index';

export type StoreRow = typeof stores.$inferSelect & { hasLogo: boolean };
export interface OrganiserRow {
  storeId: number;
  id: number;
  username: string;
}

const storeColumns = {
  id: stores.id,
  name: stores.name,
  neighborhood: stores.neighborhood,
  city: stores.city,
  address: stores.address,
  active: stores.active,
  logoVersion: stores.logoVersion,
  createdAt: stores.createdAt,
  // The logo's row, never its bytes: lists stay light.
  hasLogo: sql<boolean>`exists (select 1 from ${storeLogos} where ${storeLogos.storeId} = ${stores.id})`,
};

export function listStores(db: Db | Tx, options: { all: boolean }): Promise<StoreRow[]> {
  return db
    .select(storeColumns)
    .from(stores)
    .where(options.all ? undefined : eq(stores.active, true))
    .orderBy(asc(sql`lower(${stores.name})`), asc(stores.id));
}

export async function findStore(db: Db | Tx, id: number): Promise<StoreRow | undefined> {
  const [row] = await db.select(storeColumns).from(stores).where(eq(stores.id, id)).limit(1);
  return row;
}

/** Locks a store's row for the rest of the transaction: its edits, logo and organisers go one at a time. */
export async function lockStore(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).for('update');
  return rows.length > 0;
}

export async function organisersOf(db: Db | Tx, storeIds: readonly number[]): Promise<OrganiserRow[]> {
  if (storeIds.length === 0) return [];
  return db
    .select({ storeId: storeOrganisers.storeId, id: users.id, username: users.username })
    .from(storeOrganisers)
    .innerJoin(users, eq(users.id, storeOrganisers.userId))
    .where(inArray(storeOrganisers.storeId, [...storeIds]))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id));
}

export async function insertStore(
  tx: Tx,
  values: { name: string; neighborhood: string; city: string; address: string | null; active: boolean },
): Promise<number> {
  const [row] = await tx.insert(stores).values(values).returning({ id: stores.id });
  return row!.id;
}

export async function updateStore(
  tx: Tx,
  id: number,
  values: Partial<{
    name: string;
    neighborhood: string;
    city: string;
    address: string | null;
    active: boolean;
  }>,
): Promise<void> {
  await tx.update(stores).set(values).where(eq(stores.id, id));
}

export async function replaceOrganisers(tx: Tx, storeId: number, userIds: readonly number[]): Promise<void> {
  await tx.delete(storeOrganisers).where(eq(storeOrganisers.storeId, storeId));
  if (userIds.length > 0)
    await tx.insert(storeOrganisers).values(userIds.map((userId) => ({ storeId, userId })));
}

/** The ids among these that are users. */
export async function existingUserIds(db: Db | Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/**
 * Stores a store's logo and bumps its version. The version only ever grows (a deleted logo keeps
 * it), so a logo URL never names two different images: browsers keep each one for a year.
 */
export async function saveLogo(tx: Tx, storeId: number, contentType: string, bytes: Buffer): Promise<void> {
  await tx
    .insert(storeLogos)
    .values({ storeId, contentType, bytes })
    .onConflictDoUpdate({
      target: storeLogos.storeId,
      set: { contentType, bytes, updatedAt: sql`now()` },
    });
  await tx
    .update(stores)
    .set({ logoVersion: sql`coalesce(${stores.logoVersion}, 0) + 1` })
    .where(eq(stores.id, storeId));
}

export async function deleteLogo(tx: Tx, storeId: number): Promise<boolean> {
  const rows = await tx
    .delete(storeLogos)
    .where(eq(storeLogos.storeId, storeId))
    .returning({ storeId: storeLogos.storeId });
  return rows.length > 0;
}

export async function findLogo(
  db: Db | Tx,
  storeId: number,
): Promise<{ contentType: string; bytes: Buffer; version: number | null } | undefined> {
  const [row] = await db
    .select({ contentType: storeLogos.contentType, bytes: storeLogos.bytes, version: stores.logoVersion })
    .from(storeLogos)
    .innerJoin(stores, eq(stores.id, storeLogos.storeId))
    .where(and(eq(storeLogos.storeId, storeId)))
    .limit(1);
  return row;
}
