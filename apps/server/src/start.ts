import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { claimDataDir } from './db/data-dir';
import { maintainEmbedded } from './db/maintenance';
import { reachableUrls, startupLine } from './http/reachability';
import { mappedStack } from './http/stack-mapping';
import { closeOnSignals } from './lifecycle';
import { backfillUsernameSkeletons } from './users/repository';
import { ensureFirstSeason } from './seasons/repository';

/** The configuration from the environment, or the process exits 1 with its one-line message. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env, usage?: string): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(usage ? `${err.message}\n${usage}` : err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * For an entry point's failed start (a database that cannot be opened, a migration that fails):
 * the error with its frames in `src/` (docs/decisions/033), and exit code 1.
 */
export function exitWithStack(err: unknown): never {
  console.error(mappedStack(err));
  process.exit(1);
}

export interface StartOptions {
  config: AppConfig;
  /** What the data directory's lock calls this process in its message (`server`, `demo`…). */
  command: string;
  /** Runs on the migrated database before the app is built (the demo seeds it here). */
  prepare?: (database: Database) => Promise<void>;
}

export interface StartedServer {
  app: FastifyInstance;
  database: Database;
  port: number;
}

/**
 * How every entry point (npm start, the demo, the benchmark's server) starts the app: claims the
 * embedded database's directory, opens and migrates the database, builds the app, brings older
 * users' look-alike skeletons up to date, makes the first season on a fresh install, keeps the embedded database vacuumed, stops gracefully
 * on SIGTERM and SIGINT, listens, and says where it can be reached.
 */
export async function startServer({ config, command, prepare }: StartOptions): Promise<StartedServer> {
  // One process at a time on an embedded database directory (exits 1 with a message if taken).
  claimDataDir(config, command);
  const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
  await database.migrate();
  await prepare?.(database);
  // A fresh install has a current season from its first start (docs/decisions/014).
  await ensureFirstSeason(database.db);
  const app = await buildApp({ config, database });
  // Users from before migration 0003 get their look-alike skeleton (docs/decisions/008).
  const skeletons = await backfillUsernameSkeletons(database.db);
  if (skeletons.lookAlikes.length > 0)
    app.log.warn({ userIds: skeletons.lookAlikes }, 'existing users whose names look like an older one');
  const stopMaintenance = await maintainEmbedded(
    database,
    (err) => app.log.error({ err }, 'embedded database maintenance failed'),
    // The embedded database on disk only: the demo's in-memory one is new at every start.
    config.database.kind === 'pglite' ? { stampFile: path.join(config.dataDir, 'last-vacuum') } : {},
  );
  app.addHook('onClose', async () => stopMaintenance());
  closeOnSignals(app, database);

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  app.log.info(
    startupLine(
      reachableUrls(config.host, port, networkInterfaces(), config.tls ? 'https' : 'http'),
      config.cookieSecure,
      config.trustProxy,
      config.tls !== null,
    ),
  );
  return { app, database, port };
}
