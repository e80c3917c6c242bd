import { SQL, StringChunk } from 'drizzle-orm';

/** A statement's text, with `$n` for each parameter, and the parameters in order. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** The part of a drizzle session (a database's or a transaction's) a driver's runner uses. */
export interface DrizzleSession {
  client: unknown;
  prepareQuery(
    query: BuiltQuery,
    fields: undefined,
    name: undefined,
    isResponseInArrayMode: false,
  ): { execute(): Promise<unknown> };
}

/**
 * How a driver runs a statement whose text and parameters are built: sent to the session's
 * client as drizzle's `execute` sends it (rows as objects, drizzle's value parsers), without the
 * prepared-query object drizzle makes for each statement (18 closures and two parser tables a
 * statement: the largest part of the server's allocations after drizzle's `sql`, session 48).
 */
export type RunBuilt = (session: DrizzleSession, query: BuiltQuery) => Promise<{ rows: unknown[] }>;

/** Where a driver's module puts its RunBuilt: on its drizzle session class (see runBuiltWith). */
export const RUN_BUILT = Symbol('runBuilt');

/** Gives a drizzle session class the driver's runner; queryRows uses it on any of its sessions. */
export function runBuiltWith(sessionClass: { prototype: object }, run: RunBuilt): void {
  Object.defineProperty(sessionClass.prototype, RUN_BUILT, { value: run, configurable: true });
}

/**
 * The options drizzle gives the driver for a raw statement (its `rawQueryConfig`), read once from
 * a prepared query of its own, so that a built statement's values are read as drizzle reads them.
 */
export function drizzleRawConfig<T>(session: DrizzleSession): T {
  const prepared = session.prepareQuery({ sql: '', params: [] }, undefined, undefined, false);
  return (prepared as unknown as { rawQueryConfig: T }).rawQueryConfig;
}

/**
 * The text and parameters of a raw statement written with drizzle's `sql` template: the same
 * text drizzle's dialect writes, built without it when the statement holds only text, nested
 * `sql` (not inlined), plain values (strings, numbers, booleans, bigints, NULL) and lists of
 * them, as the repositories' hand-written statements do. Undefined for anything else (a column, a
 * table, a drizzle Param, a Date…), which drizzle builds (decision 058). drizzle's builder asks
 * of every part which of a dozen kinds of its own it is, and merges one object per part: 3–5 % of
 * the server's CPU under writes.
 */
export function buildRawQuery(query: SQL): BuiltQuery | undefined {
  const params: unknown[] = [];
  let text = '';
  const add = (chunk: unknown): boolean => {
    if (chunk instanceof StringChunk) {
      const { value } = chunk;
      text += value.length === 1 ? value[0]! : value.join('');
      return true;
    }
    if (chunk instanceof SQL) {
      // sql.inlineParams() asks for its values written into the text: drizzle's to do.
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      for (const part of chunk.queryChunks) if (!add(part)) return false;
      return true;
    }
    switch (typeof chunk) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'bigint':
        params.push(chunk);
        text += `$${params.length}`;
        return true;
      case 'undefined':
        return true;
    }
    if (chunk === null) {
      params.push(null);
      text += `$${params.length}`;
      return true;
    }
    if (Array.isArray(chunk)) {
      text += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) text += ', ';
        if (!add(chunk[i])) return false;
      }
      text += ')';
      return true;
    }
    return false;
  };
  return add(query) ? { sql: text, params } : undefined;
}
