import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { postgresDatabases } from './process-helpers';

const pgUrl = process.env.TEST_DATABASE_URL;
const freshPostgresDatabase = postgresDatabases();

describe.runIf(pgUrl)('migrations on PostgreSQL', () => {
  it('several processes starting at once on a new database migrate one at a time, each without error', async () => {
    const url = await freshPostgresDatabase();
    const databases = await Promise.all([0, 1, 2, 3].map(() => openDatabase({ kind: 'postgres', url })));
    try {
      const results = await Promise.allSettled(databases.map((d) => d.migrate()));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    const folder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');
    expect(applied.rows[0].n).toBe(readdirSync(folder).filter((f) => f.endsWith('.sql')).length);
  });
});
