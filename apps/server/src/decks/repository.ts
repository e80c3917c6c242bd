import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { decks, users } from '../db/schema/index';

export type DeckRow = typeof decks.$inferSelect;

export function listDecksOfUser(db: Db | Tx, userId: number): Promise<DeckRow[]> {
  return db
    .select()
    .from(decks)
    .where(eq(decks.userId, userId))
    .orderBy(desc(decks.isDefault), desc(decks.id));
}

export async function findDefaultDeck(db: Db, userId: number): Promise<DeckRow | undefined> {
  const [row] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.userId, userId), eq(decks.isDefault, true)))
    .limit(1);
  return row;
}

export async function findOwnDeck(db: Db | Tx, userId: number, deckId: number): Promise<DeckRow | undefined> {
  const [row] = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, deckId), eq(decks.userId, userId)))
    .limit(1);
  return row;
}

/** Serialises every deck change of one user: their user row is the lock. */
export async function lockUser(tx: Tx, userId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return rows.length > 0;
}

export async function countDecks(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(decks)
    .where(eq(decks.userId, userId));
  return row?.n ?? 0;
}

export async function insertDeck(
  tx: Tx,
  values: { userId: number; name: string; raza: string; description: string | null; isDefault: boolean },
): Promise<DeckRow> {
  const [row] = await tx.insert(decks).values(values).returning();
  return row!;
}

export async function updateDeck(
  tx: Tx,
  userId: number,
  deckId: number,
  values: { name: string; raza: string; description?: string | null },
): Promise<DeckRow | undefined> {
  const [row] = await tx
    .update(decks)
    .set(values)
    .where(and(eq(decks.id, deckId), eq(decks.userId, userId)))
    .returning();
  return row;
}

export async function makeDefault(tx: Tx, userId: number, deckId: number): Promise<void> {
  // Unset first: the partial unique index allows one default per user at every moment.
  await tx
    .update(decks)
    .set({ isDefault: false })
    .where(and(eq(decks.userId, userId), eq(decks.isDefault, true)));
  await tx
    .update(decks)
    .set({ isDefault: true })
    .where(and(eq(decks.id, deckId), eq(decks.userId, userId)));
}

export async function deleteDeck(tx: Tx, userId: number, deckId: number): Promise<void> {
  await tx.delete(decks).where(and(eq(decks.id, deckId), eq(decks.userId, userId)));
}
