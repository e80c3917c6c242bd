import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServer, SERVER_DIR } from '../build.mjs';
import { openDatabase } from '../src/db/client';
import { wrapPglite } from '../src/db/pglite-database';
import { adminUrl, databaseUrl, isDroppable, newRunId, templateName } from './pg-urls';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    runId: string;
    serverBundle: string;
  }
}

/**
 * Migrates once, then every test file starts from a copy: a PGlite data dump, or a PostgreSQL
 * database created from a template database when TEST_DATABASE_URL is set. Builds the server
 * once too, for the tests that start it as its own process (process-helpers' `builtScript`).
 */
export default async function setup(project: TestProject) {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mitos-test-'));
  const runId = newRunId();
  project.provide('runId', runId);
  // Inside the package, where the bundle's imports of node_modules resolve; a folder of this run's
  // own, apart from the dist/ that `npm start` may be using.
  const bundle = path.join(SERVER_DIR, 'node_modules/.cache/test-bundle', runId);
  await buildServer(bundle);
  project.provide('serverBundle', bundle);

  const dropOwnAndStale = async (url: string) => {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    const all = await admin.query<{ datname: string }>('select datname from pg_database');
    for (const { datname } of all.rows) {
      if (isDroppable(datname, runId)) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.end();
  };

  if (pgUrl) {
    await dropOwnAndStale(pgUrl);
    const admin = new pg.Client({ connectionString: adminUrl(pgUrl) });
    await admin.connect();
    await admin.query(`create database ${templateName(runId)}`);
    await admin.end();
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(pgUrl, templateName(runId)) });
    await database.migrate();
    await database.close();
  }
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(bundle, { recursive: true, force: true });
    if (pgUrl) await dropOwnAndStale(pgUrl);
  };
}
