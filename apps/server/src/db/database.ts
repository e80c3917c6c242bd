import { type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import path from 'node:path';
import { SERVER_ROOT } from '../package-root';

/*
 * The database as the app sees it, whichever driver is under it: client.ts opens one (loading
 * that driver's module, pglite-database or postgres-database, only then), and both drivers build
 * this.
 */

/**
 * drizzle over either driver. Built without the schema: with it, drizzle makes a relational query
 * builder for each of its tables in every transaction it opens (decision 057), an API the server
 * does not use.
 */
export type DrizzleDb = PgDatabase<PgQueryResultHKT>;
/**
 * The database's query API. Transactions are opened with `Database.transaction`, which owns the
 * connection they run on (named statements, a failed BEGIN), never with drizzle's own.
 */
export type Db = Omit<DrizzleDb, 'transaction'>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<DrizzleDb['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/**
 * The name both drivers prepare BEGIN under, once per session, to send it with a transaction's
 * first statement (docs/decisions/058).
 */
export const BEGIN_STATEMENT = 'mitos_begin';

export type Unlisten = () => Promise<void>;

export interface ListenHooks {
  onLost?(): void;
  onReconnect?(): void;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs the committed migrations. */
  migrate(): Promise<void>;
  /** Publishes a payload on a channel, seen by every process listening on this database. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Subscribes to a channel. `onLost` runs when the listening connection drops, `onReconnect` once
   * it is back: what was published meanwhile was missed, so the listener should catch up.
   */
  listen(channel: string, handler: (payload: string) => void, hooks?: ListenHooks): Promise<Unlisten>;
  /** A trivial query, to tell whether the database answers. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance when embedded (for backups). */
  pglite?: PGlite;
}
