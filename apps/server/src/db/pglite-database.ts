import { mkdirSync } from 'node:fs';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseTarget } from '../config';
import { MIGRATIONS_FOLDER, type Database, type DrizzleDb } from './database';
import { tightenTree } from './data-dir';
import { PgliteStatements } from './pglite-statements';
import { drizzleRawConfig, runBuiltWith } from './raw-query';

/** drizzle's options for a raw statement: rows as objects, dates and intervals as PGlite wrote them. */
let rawOptions: QueryOptions | undefined;

// A statement queryRows built goes to PgliteStatements (or its transaction) as drizzle's `execute`
// sends it.
runBuiltWith(PgliteSession, (session, query) => {
  rawOptions ??= drizzleRawConfig<QueryOptions>(session);
  return (session.client as Pick<PGlite, 'query'>).query(query.sql, query.params, rawOptions);
});

/** The embedded database (client.ts's openDatabase loads this module only for it). */
export async function openPglite(
  target: Exclude<DatabaseTarget, { kind: 'postgres' }>,
  pglite?: PGlite,
): Promise<Database> {
  let client = pglite;
  if (!client) {
    if (target.kind === 'pglite') mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
    client =
      target.kind === 'pglite'
        ? await PGlite.create(target.dataDir, {
            ...(target.sharedBuffersMb === undefined
              ? {}
              : {
                  startParams: [
                    ...PGlite.defaultStartParams,
                    '-c',
                    `shared_buffers=${target.sharedBuffersMb}MB`,
                  ],
                }),
          })
        : await PGlite.create();
    // PGlite copies its initial files 0666 and rewrites a few 0644 at every start, whatever the umask.
    if (target.kind === 'pglite') tightenTree(target.dataDir);
  }
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  // The handlers of `listen`, also told of a NOTIFY that a prepared statement's answer brings
  // (PGlite tells them of those its own reading finds).
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const statements = new PgliteStatements(client, {
    onNotification: (channel, payload) => {
      for (const handler of listeners.get(channel) ?? []) queueMicrotask(() => handler(payload));
    },
  });
  // Statements that run again are prepared once (docs/decisions/035).
  const db = drizzlePglite(statements as unknown as PGlite) as unknown as DrizzleDb;
  return {
    db,
    kind: 'pglite',
    // PGlite runs one statement at a time on its only connection; its repeated statements are
    // prepared by PgliteStatements.
    transaction: (work) => db.transaction(work),
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    // A NOTIFY is a repeated statement too: prepared, one call into the backend, its own
    // notification read by PgliteStatements and told to `listen`'s handlers.
    async notify(channel, payload) {
      await statements.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async listen(channel, handler) {
      const unsubscribe = await client.listen(channel, handler);
      const handlers = listeners.get(channel) ?? new Set();
      listeners.set(channel, handlers.add(handler));
      return () => {
        handlers.delete(handler);
        return unsubscribe();
      };
    },
    async ping() {
      await statements.query('select 1');
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
