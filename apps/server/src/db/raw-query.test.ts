import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matches } from './schema/index';
import { buildRawQuery } from './raw-query';

const dialect = new PgDialect();
const drizzles = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

/** A plain value, a list of them, or a nested statement, as the repositories interpolate them. */
const part: fc.Memo<unknown> = fc.memo((depth) =>
  fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.bigInt(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxLength: 4 }),
    fc.string().map((text) => sql.raw(text)),
    depth > 1 ? statement(depth - 1) : fc.constant(sql`x`),
  ),
);

/** A `sql` template's texts and values, of any length, nested to `depth`. */
function statement(depth: number): fc.Arbitrary<SQL> {
  return fc.array(fc.tuple(fc.string(), part(depth)), { maxLength: 6 }).chain((pairs) =>
    fc.string().map((last) => {
      const strings = Object.assign([...pairs.map(([text]) => text), last], {
        raw: [...pairs.map(([text]) => text), last],
      }) as TemplateStringsArray;
      return sql(strings, ...pairs.map(([, value]) => value));
    }),
  );
}

describe('a raw statement built without drizzle', () => {
  it('has the text and parameters drizzle’s dialect writes, for any text, values, lists and nesting', () => {
    fc.assert(
      fc.property(statement(3), (query) => {
        expect(buildRawQuery(query)).toEqual(drizzles(query));
      }),
      { numRuns: 500 },
    );
  });

  it('writes the app’s shapes as drizzle does: lists, joins, raw parts, empty parts', () => {
    const ids = [3, 1, 2];
    const query = sql`select * from users u where u.id in ${ids} and u.name = ${'ñandú'} ${sql``}
      and ${sql.join(
        ids.map((id) => sql`(${id}::int, ${null}::text)`),
        sql`, `,
      )} ${sql.raw('order by 1')} limit ${10}`;
    const built = buildRawQuery(query)!;
    expect(built).toEqual(drizzles(query));
    expect(built.params).toEqual([3, 1, 2, 'ñandú', 3, null, 1, null, 2, null, 10]);
  });

  it('leaves to drizzle what it does not write itself: columns, tables, Dates, inlined values', () => {
    expect(buildRawQuery(sql`select ${matches.id} from matches`)).toBeUndefined();
    expect(buildRawQuery(sql`select * from ${matches}`)).toBeUndefined();
    expect(buildRawQuery(sql`select ${new Date(0)}::timestamptz`)).toBeUndefined();
    expect(buildRawQuery(sql`select ${sql`${1}`.inlineParams()}`)).toBeUndefined();
    expect(buildRawQuery(sql`select 1 where ${[1, sql`${matches.id}`]}`)).toBeUndefined();
  });
});
