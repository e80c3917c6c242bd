import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgliteStatements } from './pglite-statements';
import { wrapPglite } from './pglite-database';

let pglite: PGlite;
let statements: PgliteStatements;

async function preparedNames(): Promise<string[]> {
  const result = await pglite.query<{ name: string }>(
    'select name from pg_prepared_statements where not from_sql order by name',
  );
  return result.rows.map((row) => row.name);
}

/** Counts the calls into the backend (every message PGlite sends goes through this one). */
function countCalls(): { readonly calls: number } {
  const counter = { calls: 0 };
  const own = pglite as unknown as { execProtocolRawSync(message: Uint8Array): Uint8Array };
  const original = own.execProtocolRawSync.bind(pglite);
  own.execProtocolRawSync = (message) => {
    counter.calls += 1;
    return original(message);
  };
  return counter;
}

beforeEach(async () => {
  pglite = await PGlite.create();
  statements = new PgliteStatements(pglite, { maxPrepared: 4 });
  await pglite.exec(`
    create table things (
      id serial primary key,
      name text not null unique,
      at timestamptz not null default '2026-11-24 10:00:00+00',
      amount numeric(6, 2),
      tags text[] not null default '{}',
      data jsonb
    )`);
});

afterEach(async () => {
  await pglite.close();
});

/** drizzle's options for a query whose columns it maps itself (dates left as PostgreSQL writes them). */
const asDrizzle: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
};

describe('PGlite statements run again as prepared statements', () => {
  it('prepares a statement the second time it runs, and answers as PGlite’s own query does', async () => {
    const insert = 'insert into things (name, amount, tags, data) values ($1, $2, $3, $4) returning *';
    const first = await statements.query(insert, ['uno', 1.5, ['a', 'b'], { k: 1 }]);
    expect(await preparedNames()).toEqual([]);
    const second = await statements.query(insert, ['dos', null, [], { k: [2] }]);
    expect(await preparedNames()).toHaveLength(1);
    expect(first.rows).toEqual([
      {
        id: 1,
        name: 'uno',
        at: new Date('2026-11-24T10:00:00Z'),
        amount: '1.50',
        tags: ['a', 'b'],
        data: { k: 1 },
      },
    ]);
    expect(second.rows).toEqual([
      { id: 2, name: 'dos', at: new Date('2026-11-24T10:00:00Z'), amount: null, tags: [], data: { k: [2] } },
    ]);

    const select = 'select id, name, at, tags from things where id = any($1::int[]) order by id';
    for (const options of [undefined, asDrizzle]) {
      const own = await pglite.query(select, [[1, 2]], options);
      await statements.query(select, [[1, 2]], options);
      const prepared = await statements.query(select, [[1, 2]], options);
      expect(prepared.rows).toEqual(own.rows);
      expect(prepared.fields).toEqual(own.fields);
    }
    expect((await statements.query(select, [[2]], asDrizzle)).rows).toEqual([
      [2, 'dos', '2026-11-24 10:00:00+00', []],
    ]);

    const update = 'update things set amount = $1 where name = any($2::text[])';
    await statements.query(update, [3, ['uno']]);
    const updated = await statements.query(update, [4, ['uno', 'dos']]);
    expect(updated.affectedRows).toBe(2);
    expect(await preparedNames()).toHaveLength(3);
  });

  it('keeps the statements used last, closing the least recently used beyond its limit', async () => {
    const text = (n: number) => `select ${n} + $1::int as n`;
    for (let n = 1; n <= 6; n++) {
      await statements.query(text(n), [0]);
      await statements.query(text(n), [0]);
      // The first one, used again each time, stays.
      expect((await statements.query(text(1), [n])).rows).toEqual([{ n: 1 + n }]);
    }
    expect(statements.preparedCount).toBe(4);
    expect(await preparedNames()).toHaveLength(4);
    // A statement closed is prepared again when it runs twice more.
    expect((await statements.query(text(2), [5])).rows).toEqual([{ n: 7 }]);
    expect((await statements.query(text(2), [6])).rows).toEqual([{ n: 8 }]);
    expect(await preparedNames()).toHaveLength(4);
  });

  it('throws PostgreSQL’s error for a failing statement, which still serves the next run', async () => {
    const insert = 'insert into things (name) values ($1) returning id';
    await statements.query(insert, ['uno']);
    await statements.query(insert, ['dos']);
    await expect(statements.query(insert, ['uno'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'things_name_key',
    });
    // A bad value, refused when bound.
    await expect(statements.query('select * from things where id = $1', [1])).resolves.toBeTruthy();
    await expect(statements.query('select * from things where id = $1', ['uno'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await statements.query(insert, ['tres'])).rows).toEqual([{ id: 4 }]);

    // A statement that does not parse is never kept.
    for (let i = 0; i < 3; i++) {
      await expect(statements.query('selec 1 where $1', [true])).rejects.toMatchObject({ code: '42601' });
    }
    expect(await preparedNames()).toHaveLength(2);
  });

  it('rolls a transaction back when its prepared statement fails, and runs the queries after it', async () => {
    const insert = 'insert into things (name) values ($1)';
    await statements.query(insert, ['uno']);
    await statements.query(insert, ['dos']);
    await expect(
      statements.transaction(async (tx) => {
        await tx.query(insert, ['tres']);
        await tx.query(insert, ['uno']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await statements.transaction(async (tx) => {
      await tx.query(insert, ['cuatro']);
    });
    const names = await statements.query<{ name: string }>('select name from things order by id');
    expect(names.rows.map((row) => row.name)).toEqual(['uno', 'dos', 'cuatro']);
  });

  it('runs a query after a transaction under way, not inside it', async () => {
    const count = 'select count(*)::int as n from things';
    await statements.query(count);
    await statements.query(count);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = statements.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['uno']);
      await tx.query('insert into things (name) values ($1)', ['dos']);
      await held;
      order.push('commit');
    });
    const outside = statements.query<{ n: number }>(count).then((result) => {
      order.push('query');
      return result.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await transaction;
    expect(await outside).toBe(2);
    expect(order).toEqual(['commit', 'query']);
    await expect(
      statements.transaction(async (tx) => {
        await tx.rollback();
        await tx.query(count);
      }),
    ).rejects.toThrow('Transaction is closed');
  });

  it('reads large answers, many rows, text in any script, NULLs and arrays as PGlite’s own query does', async () => {
    await pglite.exec(`insert into things (name, amount, tags, data)
      select 'cosa ' || n || ' ñandú 🐉', case when n % 3 = 0 then null else n / 7.0 end,
             array['ä', 'b' || n], case when n % 2 = 0 then jsonb_build_object('n', n) end
        from generate_series(1, 3000) n`);
    await pglite.query(`insert into things (name, data) values ($1, $2)`, [
      'grande',
      { text: 'x'.repeat(300_000) + 'ü' },
    ]);
    const select = 'select * from things where id > $1 order by id';
    for (const options of [undefined, asDrizzle]) {
      const own = await pglite.query(select, [0], options);
      await statements.query(select, [0], options);
      const prepared = await statements.query(select, [0], options);
      expect(prepared.rows).toHaveLength(3001);
      expect(prepared.rows).toEqual(own.rows);
      expect(prepared.fields).toEqual(own.fields);
      expect(prepared.affectedRows).toBe(own.affectedRows);
    }
    const bytes = 'select $1::bytea as b, $2::text as t';
    await statements.query(bytes, [new Uint8Array([0, 1, 255]), 'ñ']);
    const echoed = await statements.query<{ b: Uint8Array; t: string }>(bytes, [
      new Uint8Array([0, 1, 255]),
      'ñ',
    ]);
    expect([...echoed.rows[0]!.b]).toEqual([0, 1, 255]);
    expect(echoed.rows[0]!.t).toBe('ñ');
  });

  it('tells the listeners of a NOTIFY that a prepared statement’s answer brings', async () => {
    const database = wrapPglite(pglite);
    const heard: string[] = [];
    const unlisten = await database.listen('cosas', (payload) => heard.push(payload));
    for (const payload of ['uno', 'dos', 'tres'])
      await database.db.execute(sql`select pg_notify('cosas', ${payload})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['uno', 'dos', 'tres']);
    await unlisten();
    await database.db.execute(sql`select pg_notify('cosas', ${'cuatro'})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['uno', 'dos', 'tres']);
  });

  it('sends the server’s NOTIFY as a prepared statement, one call into the backend, heard once', async () => {
    const database = wrapPglite(pglite);
    const heard: string[] = [];
    await database.listen('cambios', (payload) => heard.push(payload));
    for (const payload of ['uno', 'dos']) await database.notify('cambios', payload);
    const counter = countCalls();
    await database.notify('cambios', 'tres');
    // Bound and executed under its name (PGlite's own query: six calls, the statement parsed again).
    expect(counter.calls).toBe(1);
    await database.ping();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['uno', 'dos', 'tres']);
  });
});

describe('PGlite transactions of the server’s own', () => {
  it('sends BEGIN with the first statement and COMMIT alone: one call each, none for an empty transaction', async () => {
    const insert = 'insert into things (name) values ($1)';
    // Prepared beforehand, with BEGIN: what is counted below is the transactions' own calls.
    for (const name of ['uno', 'dos']) await statements.transaction((tx) => tx.query(insert, [name]));
    const counter = countCalls();
    await statements.transaction(async (tx) => {
      await tx.query(insert, ['tres']);
      await tx.query(insert, ['cuatro']);
    });
    // BEGIN and the first insert, the second insert, COMMIT (PGlite's own: six).
    expect(counter.calls).toBe(3);
    await statements.transaction(async () => {});
    await statements.transaction(async (tx) => tx.rollback());
    expect(counter.calls).toBe(3);
    const names = await pglite.query<{ name: string }>('select name from things order by id');
    expect(names.rows.map((row) => row.name)).toEqual(['uno', 'dos', 'tres', 'cuatro']);
  });

  it('runs the first statement inside the transaction: a failure after it undoes it', async () => {
    const insert = 'insert into things (name) values ($1)';
    for (let i = 0; i < 3; i++) {
      await expect(
        statements.transaction(async (tx) => {
          await tx.query(insert, [`deshecha ${i}`]);
          throw new Error('después de escribir');
        }),
      ).rejects.toThrow('después de escribir');
    }
    // Rolled back by the transaction itself, and by the caller.
    await statements.transaction(async (tx) => {
      await tx.query(insert, ['también deshecha']);
      await tx.rollback();
    });
    expect((await pglite.query('select * from things')).rows).toEqual([]);
    // PGlite's session is left out of any transaction: a statement outside commits on its own.
    await statements.query(insert, ['fuera']);
    await pglite.query('select 1');
    expect((await pglite.query<{ n: number }>('select count(*)::int as n from things')).rows[0]!.n).toBe(1);
  });

  it('runs a statement run once unnamed, and a failing first statement leaves nothing behind', async () => {
    const before = statements.preparedCount;
    await statements.transaction(async (tx) => {
      const once = await tx.query<{ n: number }>('select $1::int + 1 as n', [41]);
      expect(once.rows).toEqual([{ n: 42 }]);
    });
    expect(statements.preparedCount).toBe(before);
    await expect(
      statements.transaction(async (tx) => {
        await tx.query('insert into things (name) values (null)');
      }),
    ).rejects.toMatchObject({ code: '23502' });
    await expect(statements.transaction((tx) => tx.query('selec 1'))).rejects.toMatchObject({
      code: '42601',
    });
    await statements.transaction((tx) => tx.query('insert into things (name) values ($1)', ['después']));
    expect((await pglite.query('select name from things')).rows).toEqual([{ name: 'después' }]);
  });

  it('tells the listeners of a NOTIFY made inside a transaction once it commits, and never when it rolls back', async () => {
    const database = wrapPglite(pglite);
    const heard: string[] = [];
    await database.listen('cosas', (payload) => heard.push(payload));
    await database.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('cosas', ${'confirmada'})`);
      expect(heard).toEqual([]);
    });
    await expect(
      database.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('cosas', ${'deshecha'})`);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['confirmada']);
  });

  it('refuses what drizzle never asks of a transaction', async () => {
    await statements.transaction(async (tx) => {
      expect(() => tx.exec('select 1')).toThrow('not offered');
      expect(() => tx.listen('cosas', () => {})).toThrow('not offered');
      await expect(tx.query('select 1', [], { paramTypes: [] })).rejects.toThrow('not offered');
    });
  });
});
