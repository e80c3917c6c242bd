import path from 'node:path';
import type { DatabaseTarget } from '@mitos/server/config';
import type { BenchDatabase } from './protocol';

const PGLITE = 'pglite:';

/** The server's own environment for a bench database: DATA_DIR's embedded PGlite, or PostgreSQL. */
export function serverEnv(database: BenchDatabase): Record<string, string> {
  return database.startsWith(PGLITE)
    ? { DATABASE_URL: '', DATA_DIR: database.slice(PGLITE.length) }
    : { DATABASE_URL: database };
}

/** The same database as the server's configuration would name it. */
export function databaseTarget(database: BenchDatabase): DatabaseTarget {
  return database.startsWith(PGLITE)
    ? { kind: 'pglite', dataDir: path.join(database.slice(PGLITE.length), 'pglite') }
    : { kind: 'postgres', url: database };
}

export const pgliteIn = (folder: string): BenchDatabase => `${PGLITE}${folder}`;
