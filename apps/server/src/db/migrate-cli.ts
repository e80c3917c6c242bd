import { loadConfig } from '../config';
import { openDatabase } from './client';
import { backfillUsernameSkeletons } from '../users/repository';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
await backfillUsernameSkeletons(database.db);
await database.close();
console.log(`Migraciones aplicadas (${database.kind}).`);
