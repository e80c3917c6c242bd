import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { queryRows, type Db, type Tx } from '../src/db/client';
import { uniqueViolation } from '../src/db/errors';
import { createTestDatabase, createUser } from './helpers';

const database = await createTestDatabase();
afterAll(() => database.close());

/** A statement of every kind of value the repositories read, all built by buildRawQuery. */
const everyKind = (marker: string) => sql`
  select ${marker}::text as marker, 7::int as n, 12345678901::bigint as big, 2.50::numeric as price,
         true as yes, null::text as nothing, '2026-12-07 19:52:43.5+00'::timestamptz as at,
         '2026-12-07 19:52:43'::timestamp as local, '2026-12-07'::date as day,
         '1 day 02:00:00'::interval as span, json_build_object('a', 1, 'b', array[1, 2]) as doc,
         array['2026-12-07'::date] as days, array[1.5::numeric] as prices`;

/** The rows drizzle's own `execute` answers. */
async function drizzleRows(db: Db | Tx, query: ReturnType<typeof everyKind>) {
  return ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
}

function sessionOf(db: Db | Tx) {
  return (db as unknown as { session: { prepareQuery(...args: unknown[]): unknown } }).session;
}

describe(`a statement built by the server goes straight to the driver (${database.kind})`, () => {
  it('answers the rows drizzle’s own execute answers, in a transaction and outside one', async () => {
    const outside = await queryRows<Record<string, unknown>>(database.db, everyKind('fuera'));
    expect(outside).toEqual(await drizzleRows(database.db, everyKind('fuera')));
    // drizzle's parsers: dates, timestamps and intervals as PostgreSQL wrote them.
    expect(outside[0]).toMatchObject({ n: 7, yes: true, nothing: null, doc: { a: 1, b: [1, 2] } });
    expect(typeof outside[0]!.at).toBe('string');
    expect(typeof outside[0]!.day).toBe('string');
    expect(typeof outside[0]!.span).toBe('string');
    await database.transaction(async (tx) => {
      const inside = await queryRows(tx, everyKind('dentro'));
      expect(inside).toEqual(await drizzleRows(tx, everyKind('dentro')));
    });
  });

  it('makes no drizzle prepared query for it', async () => {
    const statement = (i: number) => sql`select ${i}::int as i`;
    await queryRows(database.db, statement(0));
    const outside = vi.spyOn(sessionOf(database.db), 'prepareQuery');
    for (let i = 1; i <= 5; i++) expect(await queryRows(database.db, statement(i))).toEqual([{ i }]);
    expect(outside).not.toHaveBeenCalled();
    outside.mockRestore();
    await database.transaction(async (tx) => {
      const inside = vi.spyOn(sessionOf(tx), 'prepareQuery');
      for (let i = 1; i <= 5; i++) expect(await queryRows(tx, statement(i))).toEqual([{ i }]);
      expect(inside).not.toHaveBeenCalled();
    });
  });

  it('fails as drizzle’s execute fails: its error, the driver’s as its cause, nothing written', async () => {
    const failure = await queryRows(database.db, sql`select 1 / ${0}::int as x`).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as DrizzleQueryError).message).toBe('Failed query: select 1 / $1::int as x\nparams: 0');
    expect((failure as { cause: { code: string } }).cause.code).toBe('22012');

    const user = await createUser(database, { username: 'repetida' });
    const repeated = await database
      .transaction(async (tx) => {
        await queryRows(tx, sql`update users set username = ${'cambiada'} where id = ${user.id}`);
        await queryRows(
          tx,
          sql`insert into users (username, email, password_hash)
          select ${'cambiada'}, email || '.otro', password_hash from users where id = ${user.id}`,
        );
      })
      .catch((e: unknown) => e);
    expect(uniqueViolation(repeated)).toMatch(/username/);
    const [row] = await queryRows<{ username: string }>(
      database.db,
      sql`select username from users where id = ${user.id}`,
    );
    expect(row).toEqual({ username: 'repetida' });
  });
});
