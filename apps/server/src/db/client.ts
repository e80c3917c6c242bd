import type { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, type SQL } from 'drizzle-orm';
import type { DatabaseTarget, DatabaseTimeouts } from '../config';
import type { Database, Db, Tx } from './database';
import { buildRawQuery, RUN_BUILT, type DrizzleSession, type RunBuilt } from './raw-query';

export type { Database, Db, ListenHooks, Tx, Unlisten } from './database';

/**
 * Opens the database the target names. Each driver is its own module, loaded here when it is the
 * one asked for: a server on PostgreSQL never loads PGlite, nor one on PGlite node-postgres
 * (their modules' memory: 3–5 MB of a PostgreSQL server's resident size; docs/benchmarks.md,
 * session 24).
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { pglite?: PGlite; timeouts?: DatabaseTimeouts } = {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    const { openPostgres } = await import('./postgres-database');
    return openPostgres(target.url, options.timeouts);
  }
  const { openPglite } = await import('./pglite-database');
  return openPglite(target, options.pglite);
}

/**
 * Runs raw SQL and returns its rows, on either driver (both answer with `{ rows }`). A statement
 * that runs again is prepared on either database (docs/decisions/035): GuardedClient names it on
 * PostgreSQL, PgliteStatements on PGlite. Its text is built by buildRawQuery when it can be, and
 * then sent by the driver's RunBuilt; a failure is wrapped as drizzle's own `execute` wraps it.
 */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const built = buildRawQuery(query);
  if (!built) return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  // Each driver's module gives its drizzle session class its runner (runBuiltWith).
  const session = (db as unknown as { session: DrizzleSession & { [RUN_BUILT]: RunBuilt } }).session;
  try {
    return (await session[RUN_BUILT](session, built)).rows as T[];
  } catch (err) {
    throw new DrizzleQueryError(built.sql, built.params, err as Error);
  }
}
