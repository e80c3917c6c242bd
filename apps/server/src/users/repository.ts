import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema/index';
import type { UserRole } from '@mitos/domain/constants';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db | Tx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db | Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertUser(
  db: Db | Tx,
  values: { username: string; email: string; passwordHash: string; role?: UserRole },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function listUserSummaries(db: Db): Promise<{ id: number; username: string }[]> {
  return db.select({ id: users.id, username: users.username }).from(users).orderBy(asc(users.id));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Usernames containing the text, ignoring case; prefix matches first, then shorter, then by id. */
export async function searchUsersByUsername(db: Db, text: string, limit: number) {
  const pattern = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text.toLowerCase())}%`;
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(ilike(users.username, pattern)))
    .orderBy(
      sql`case when lower(${users.username}) like ${prefix} then 0 else 1 end`,
      sql`length(${users.username})`,
      asc(users.id),
    )
    .limit(limit);
}

export async function setUserRole(db: Db, username: string, role: UserRole): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role })
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .returning();
  return row;
}
