import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';

/** Rows per INSERT: large enough to be fast, small enough to keep each statement's memory modest. */
export const BATCH = 5_000;

/**
 * A column travels as one text joined by the unit separator and is split by PostgreSQL: both
 * drivers send one string far faster than they serialise an array element by element. The
 * empty string stands for NULL (so no value written this way may be the empty string).
 */
const SEPARATOR = '\x1f';
export function columnSource(values: readonly unknown[], type: string): SQL {
  const text = values.map((v) => (v === null || v === undefined ? '' : String(v))).join(SEPARATOR);
  return sql`string_to_array(${text}, E'\\x1f', '')::${sql.raw(type)}[]`;
}

/** One INSERT … SELECT FROM unnest(…) per batch: one parameter per column whatever the row count. */
export async function insertColumns(
  tx: Tx,
  table: string,
  columns: ReadonlyArray<readonly [name: string, type: string, values: unknown[]]>,
): Promise<void> {
  const total = columns[0]?.[2].length ?? 0;
  for (let start = 0; start < total; start += BATCH) {
    const slice = (values: unknown[]) => values.slice(start, start + BATCH);
    const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
    const sources: SQL[] = columns.map(([, type, values]) => columnSource(slice(values), type));
    await tx.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${sql.join(sources, sql`, `)})`,
    );
  }
}
