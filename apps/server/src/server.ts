import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { claimDataDir, restrictNewFiles } from './db/data-dir';
import { maintainEmbedded } from './db/maintenance';
import { closeOnSignals } from './lifecycle';
import { backfillUsernameSkeletons } from './users/repository';
import { reachableUrls, startupLine } from './http/reachability';

async function main() {
  // Before anything is written: the database, the secret and backups are for this user only.
  restrictNewFiles();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // One process at a time on an embedded database directory (exits 1 with a message if taken).
  claimDataDir(config, 'server');
  const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
  await database.migrate();
  const app = await buildApp({ config, database });
  // Users from before migration 0003 get their look-alike skeleton (docs/decisions/008).
  const skeletons = await backfillUsernameSkeletons(database.db);
  if (skeletons.lookAlikes.length > 0)
    app.log.warn({ userIds: skeletons.lookAlikes }, 'existing users whose names look like an older one');
  const stopMaintenance = await maintainEmbedded(database, (err) =>
    app.log.error({ err }, 'embedded database maintenance failed'),
  );
  app.addHook('onClose', async () => stopMaintenance());

  closeOnSignals(app, database);

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  app.log.info(
    startupLine(
      reachableUrls(config.host, port, networkInterfaces()),
      config.cookieSecure,
      config.trustProxy,
    ),
  );
}

await main();
