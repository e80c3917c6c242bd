// `npm run db:migrate`: applies the migrations. On PostgreSQL, safe beside running servers (an
// advisory lock orders concurrent migrators); the embedded database must not be in use.
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { backfillUsernameSkeletons } from '../users/repository';
import { claimDataDir, restrictNewFiles } from './data-dir';

restrictNewFiles();
const config = loadConfig();
claimDataDir(config, 'db:migrate');
const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
await database.migrate();
await backfillUsernameSkeletons(database.db);
await database.close();
console.log(`Migraciones aplicadas (${database.kind}).`);
