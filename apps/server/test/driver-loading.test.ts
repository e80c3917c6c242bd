import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Each database driver loads only for its own kind of database (db/client.ts's openDatabase): a
 * server on PostgreSQL never loads PGlite, one on PGlite never loads node-postgres. Seen from a
 * real process that imports everything `npm start` imports and opens the database, with a loader
 * hook that writes down every module resolved.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'mitos-drivers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function modulesResolved(kind: 'postgres' | 'pglite-memory'): string[] {
  const log = path.join(dir, `${kind}.log`);
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      path.join(here, 'fixtures', 'log-resolved.mjs'),
      path.join(here, 'fixtures', 'open-database.ts'),
      kind,
    ],
    { cwd: serverDir, env: { ...process.env, RESOLVED_LOG: log }, encoding: 'utf8', timeout: 60_000 },
  );
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n');
}

const PGLITE = /\/node_modules\/(@electric-sql\/pglite|drizzle-orm\/pglite)\//;
const NODE_POSTGRES = /\/node_modules\/(pg|pg-pool|pg-protocol|drizzle-orm\/node-postgres)\//;

describe('the database drivers', () => {
  it('on PostgreSQL: node-postgres loads, PGlite does not', () => {
    const modules = modulesResolved('postgres');
    expect(modules.some((url) => NODE_POSTGRES.test(url))).toBe(true);
    expect(modules.filter((url) => PGLITE.test(url))).toEqual([]);
  });

  it('on PGlite: PGlite loads, node-postgres does not', () => {
    const modules = modulesResolved('pglite-memory');
    expect(modules.some((url) => PGLITE.test(url))).toBe(true);
    expect(modules.filter((url) => NODE_POSTGRES.test(url))).toEqual([]);
  });
});
