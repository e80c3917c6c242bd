import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../src/db/client';
import { createTestDatabase } from './helpers';

const database = await createTestDatabase();
afterAll(() => database.close());
afterEach(() => vi.restoreAllMocks());

await database.db.execute(
  sql`create table if not exists tx_things (id serial primary key, name text not null unique)`,
);

const insert = (name: string) => sql`insert into tx_things (name) values (${name})`;
const names = async () =>
  (await queryRows<{ name: string }>(database.db, sql`select name from tx_things order by id`)).map(
    (r) => r.name,
  );

describe(`a transaction's BEGIN goes with its first statement (${database.kind})`, () => {
  it.runIf(database.kind === 'postgres')(
    'sends BEGIN in the first statement’s round trip, and nothing for a transaction without statements',
    async () => {
      // Every connection of the pool prepares BEGIN with its first transaction.
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => database.transaction((tx) => tx.execute(insert(`antes ${i}`)))),
      );
      const sent: string[] = [];
      const submit = pg.Query.prototype.submit;
      vi.spyOn(pg.Query.prototype, 'submit').mockImplementation(function (this: pg.Query, connection) {
        sent.push((this as unknown as { text: string }).text.trim().split(/\s+/)[0]!);
        return submit.call(this, connection);
      });
      await database.transaction(async (tx) => {
        await tx.execute(insert('uno'));
        await tx.execute(insert('dos'));
      });
      // Three round trips: BEGIN and the first insert, the second insert, COMMIT.
      expect(sent).toEqual(['insert', 'insert', 'commit']);
      sent.length = 0;
      await database.transaction(async () => {});
      await database.transaction(async (tx) => tx.rollback()).catch(() => {});
      expect(sent).toEqual([]);
      expect((await names()).slice(-2)).toEqual(['uno', 'dos']);
    },
  );

  it.runIf(database.kind === 'postgres')(
    'sends BEGIN first, on its own, before a first query that cannot carry it (a callback)',
    async () => {
      await expect(
        database.transaction(async (tx) => {
          const client = (tx as unknown as { session: { client: pg.PoolClient } }).session.client;
          await new Promise<void>((resolve, reject) =>
            client.query("insert into tx_things (name) values ('por callback')", (err) =>
              err ? reject(err) : resolve(),
            ),
          );
          throw new Error('después de escribir');
        }),
      ).rejects.toThrow('después de escribir');
      expect(await names()).not.toContain('por callback');
    },
  );

  it('runs the first statement inside the transaction: a failure after it undoes it', async () => {
    const before = await names();
    for (let i = 0; i < 12; i++) {
      await expect(
        database.transaction(async (tx) => {
          await tx.execute(insert(`deshecha ${i}`));
          throw new Error('después de escribir');
        }),
      ).rejects.toThrow('después de escribir');
    }
    // A statement that fails first, then a transaction on every connection again.
    await expect(
      database.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_things (name) values (null)`);
      }),
    ).rejects.toMatchObject({ cause: { code: '23502' } });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => database.transaction((tx) => tx.execute(insert(`después ${i}`)))),
    );
    const after = await names();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `después ${i}`).sort(),
    );
  });

  it('reads what the transaction wrote, and not what another has not committed', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writing = database.transaction(async (tx) => {
      await tx.execute(insert('sin confirmar'));
      expect(await queryRows(tx, sql`select name from tx_things where name = 'sin confirmar'`)).toHaveLength(
        1,
      );
      await held;
    });
    if (database.kind === 'postgres') {
      // On PostgreSQL another connection reads meanwhile; PGlite runs one transaction at a time.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await queryRows(database.db, sql`select 1 from tx_things where name = 'sin confirmar'`)).toEqual(
        [],
      );
    }
    release();
    await writing;
    expect(await names()).toContain('sin confirmar');
  });
});
