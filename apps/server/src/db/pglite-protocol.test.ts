import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bindExecuteSync, readAnswer } from './pglite-protocol';
import { PgliteStatements } from './pglite-statements';

describe('bindExecuteSync', () => {
  it('writes the same bytes as PGlite’s own serializer, for any text, bytes and NULLs', () => {
    const value = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.uint8Array({ maxLength: 20 }),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.array(value, { maxLength: 8 }),
        (name, values) => {
          const own = Buffer.concat([
            protocol.serialize.bind({ statement: name, values }),
            protocol.serialize.execute({}),
            protocol.serialize.sync(),
          ]);
          expect(Buffer.from(bindExecuteSync(name, values)).equals(own)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('readAnswer', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`
      create table owners (id int primary key);
      create table pets (id int primary key, owner int not null references owners (id), name text check (name <> ''))`);
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('throws PostgreSQL’s error with every field PGlite’s own reading gives it', async () => {
    const statements = new PgliteStatements(pglite);
    const insert = 'insert into pets (id, owner, name) values ($1, $2, $3)';
    for (const values of [
      [1, 7, 'Firulais'],
      [1, 7, ''],
      ['uno', 7, 'x'],
    ]) {
      const own = (await pglite.query(insert, values).catch((err: unknown) => err)) as Record<
        string,
        unknown
      >;
      await statements.query(insert, values).catch(() => {});
      const prepared = (await statements.query(insert, values).catch((err: unknown) => err)) as Record<
        string,
        unknown
      >;
      expect(prepared).toBeInstanceOf(Error);
      for (const field of [
        'message',
        'severity',
        'code',
        'detail',
        'hint',
        'schema',
        'table',
        'column',
        'constraint',
        'routine',
      ])
        expect(prepared[field], field).toEqual(own[field]);
    }
  });

  it('reads rows, a notice and a notification from one answer, and the command’s counts', () => {
    const message = (type: string, body: Buffer) => {
      const head = Buffer.alloc(5);
      head.write(type, 0, 'latin1');
      head.writeInt32BE(body.length + 4, 1);
      return Buffer.concat([head, body]);
    };
    const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
    const int16 = (n: number) => Buffer.from([n >> 8, n & 255]);
    const int32 = (n: number) => {
      const b = Buffer.alloc(4);
      b.writeInt32BE(n);
      return b;
    };
    const field = (text: string | null) =>
      text === null ? int32(-1) : Buffer.concat([int32(Buffer.byteLength(text)), Buffer.from(text)]);
    const answer = Buffer.concat([
      message('2', Buffer.alloc(0)),
      message('N', Buffer.concat([cstring('SNOTICE'), cstring('Mcuidado'), Buffer.from([0])])),
      message('D', Buffer.concat([int16(2), field('41'), field(null)])),
      message('D', Buffer.concat([int16(2), field('-3'), field('ñandú')])),
      message('A', Buffer.concat([int32(1), cstring('canal'), cstring('{"a":1}')])),
      message('C', cstring('SELECT 2')),
      message('Z', Buffer.from('I')),
    ]);
    const heard: [string, string][] = [];
    const result = readAnswer(
      answer,
      [
        { name: 'n', dataTypeID: 23 },
        { name: 'name', dataTypeID: 25 },
      ],
      { parsers: { 23: (v: string) => Number(v) }, onNotification: (c, p) => heard.push([c, p]) },
    );
    expect(result.rows).toEqual([
      { n: 41, name: null },
      { n: -3, name: 'ñandú' },
    ]);
    expect(result).toMatchObject({ command: 'SELECT', rowCount: 2, affectedRows: 0 });
    expect(heard).toEqual([['canal', '{"a":1}']]);
  });
});
