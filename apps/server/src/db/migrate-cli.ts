import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase(config.database);
await database.migrate();
await database.close();
console.log(`Migraciones aplicadas (${database.kind}).`);
