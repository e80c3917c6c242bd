import { and, asc, eq, ilike, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { users } from '../db/schema/index';
import type { UserRole } from '@mitos/domain/constants';
import { usernameSkeleton } from '@mitos/domain/username-skeleton';

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
  const [row] = await db
    .insert(users)
    .values({ ...values, usernameSkeleton: usernameSkeleton(values.username) })
    .returning();
  return row!;
}

/**
 * Fills the skeleton of users created before it existed (migration 0003 cannot compute it in
 * SQL). The oldest account of a group of look-alikes gets the skeleton; the younger ones keep a
 * null skeleton and their name (nobody is renamed), and no new look-alike of them can register.
 * Answers how many rows were filled and which ids were left as look-alikes.
 */
export async function backfillUsernameSkeletons(db: Db): Promise<{ filled: number; lookAlikes: number[] }> {
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.usernameSkeleton))
    .orderBy(asc(users.id));
  let filled = 0;
  const lookAlikes: number[] = [];
  for (const row of rows) {
    try {
      const updated = await db
        .update(users)
        .set({ usernameSkeleton: usernameSkeleton(row.username) })
        .where(and(eq(users.id, row.id), isNull(users.usernameSkeleton)))
        .returning({ id: users.id });
      filled += updated.length;
    } catch (err) {
      if (uniqueViolation(err) !== 'users_username_skeleton_key') throw err;
      lookAlikes.push(row.id);
    }
  }
  return { filled, lookAlikes };
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
