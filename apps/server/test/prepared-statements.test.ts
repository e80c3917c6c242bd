import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client';
import { users } from '../src/db/schema/index';
import { createTestDatabase, createUser } from './helpers';

const database = await createTestDatabase();
afterAll(() => database.close());

/** The statements the session holds prepared at the protocol level whose text mentions `marker`. */
function preparedLike(tx: Parameters<Parameters<typeof database.transaction>[0]>[0], marker: string) {
  return queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from pg_prepared_statements where not from_sql and strpos(statement, ${marker}) > 0`,
  );
}

describe(`statements run again are prepared (${database.kind})`, () => {
  it('prepares a drizzle query from its second run on, and answers it the same', async () => {
    const user = await createUser(database, { username: 'preparada' });
    await database.transaction(async (tx) => {
      const marker = 'username_skeleton';
      const byId = () =>
        tx
          .select({ id: users.id, username: users.username, skeleton: users.usernameSkeleton })
          .from(users)
          .where(eq(users.id, user.id));
      const first = await byId();
      expect((await preparedLike(tx, marker))[0]?.n).toBe(0);
      const second = await byId();
      const third = await byId();
      expect((await preparedLike(tx, marker))[0]?.n).toBe(1);
      expect(first).toEqual([{ id: user.id, username: 'preparada', skeleton: expect.any(String) }]);
      expect(second).toEqual(first);
      expect(third).toEqual(first);
    });
  });

  it.runIf(database.kind === 'postgres')(
    'counts the runs of each pool apart: a text repeated on one is not prepared on another',
    async () => {
      const url = (database as { url?: string }).url!;
      const other = await openDatabase({ kind: 'postgres', url });
      try {
        const text = sql`select 'de otro pool' as other where ${1}::int = 1`;
        for (let i = 0; i < 3; i++) await queryRows(database.db, text);
        await other.transaction(async (tx) => {
          await queryRows(tx, text);
          expect((await preparedLike(tx, 'de otro pool'))[0]?.n).toBe(0);
          await queryRows(tx, text);
          expect((await preparedLike(tx, 'de otro pool'))[0]?.n).toBe(1);
        });
      } finally {
        await other.close();
      }
    },
  );

  it('leaves a statement run once unprepared, and never prepares one that does not parse', async () => {
    await database.transaction(async (tx) => {
      await queryRows(tx, sql`select 'una sola vez' as once where ${1}::int = 1`);
      expect((await preparedLike(tx, 'una sola vez'))[0]?.n).toBe(0);
    });
    for (let i = 0; i < 3; i++) {
      await expect(database.db.execute(sql`selec 'no parsea' where ${i}::int = 1`)).rejects.toThrow();
    }
    await database.transaction(async (tx) => {
      expect((await preparedLike(tx, 'no parsea'))[0]?.n).toBe(0);
    });
  });
});
