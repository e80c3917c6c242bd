import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UserRole } from '@mitos/domain/constants';
import { usernameSkeleton } from '@mitos/domain/username-skeleton';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/index';
import type { UserRow } from '../users/repository';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Jugadores: every user, or those whose name or TOR code holds the text; by name. */
export async function listPlayers(
  db: Db,
  query: { q: string; page: number; pageSize: number },
): Promise<{ total: number; rows: UserRow[] }> {
  const text = query.q.trim();
  const where: SQL | undefined = text
    ? or(ilike(users.username, `%${escapeLike(text)}%`), ilike(users.torCode, `%${escapeLike(text)}%`))
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.username})`, asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function lockPlayer(tx: Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/**
 * A player without an account: no email anyone knows and no password, so nobody can sign in as
 * them until they claim the row with their invitation code.
 */
export async function insertPlaceholder(
  tx: Tx,
  values: { username: string; torCode: string; claimCodeHash: string; placeholderEmail: string },
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({
      username: values.username,
      usernameSkeleton: usernameSkeleton(values.username),
      email: values.placeholderEmail,
      passwordHash: '',
      torCode: values.torCode,
      placeholder: true,
      claimCodeHash: values.claimCodeHash,
    })
    .returning();
  return row!;
}

export async function updatePlayer(
  tx: Tx,
  id: number,
  values: { username?: string; torCode?: string | null; role?: UserRole },
): Promise<UserRow | undefined> {
  const set = {
    ...(values.username !== undefined
      ? { username: values.username, usernameSkeleton: usernameSkeleton(values.username) }
      : {}),
    ...(values.torCode !== undefined ? { torCode: values.torCode } : {}),
    ...(values.role !== undefined ? { role: values.role } : {}),
  };
  if (Object.keys(set).length === 0) return lockPlayer(tx, id);
  const [row] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

/** The placeholder an invitation code opens, locked; none when the code is unknown or used. */
export async function lockPlaceholderByCode(tx: Tx, claimCodeHash: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.claimCodeHash, claimCodeHash), eq(users.placeholder, true)))
    .for('update');
  return row;
}

/** The placeholder becomes the registering player's account; its history stays theirs. */
export async function claimPlaceholder(
  tx: Tx,
  id: number,
  values: { username: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await tx
    .update(users)
    .set({
      username: values.username,
      usernameSkeleton: usernameSkeleton(values.username),
      email: values.email,
      passwordHash: values.passwordHash,
      placeholder: false,
      claimCodeHash: null,
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}
