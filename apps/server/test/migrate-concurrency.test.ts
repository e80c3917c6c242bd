import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { adminUrl, databaseUrl, testDatabaseName } from './pg-urls';

const pgUrl = process.env.TEST_DATABASE_URL;
const created: string[] = [];

afterAll(async () => {
  if (!pgUrl || created.length === 0) return;
  const admin = new pg.Client({ connectionString: adminUrl(pgUrl) });
  await admin.connect();
  for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe.runIf(pgUrl)('migrations on PostgreSQL', () => {
  it('several processes starting at once on a new database migrate one at a time, each without error', async () => {
    const name = testDatabaseName(inject('runId'));
    const admin = new pg.Client({ connectionString: adminUrl(pgUrl!) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    const url = databaseUrl(pgUrl!, name);
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
