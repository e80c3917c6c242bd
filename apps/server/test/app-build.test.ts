import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Builds the app in a process of its own (the tests' own processes load other modules) and
 * answers the packages of Fastify's default compilers it loaded.
 */
const PROBE = `
import { createRequire } from 'node:module';
import { loadConfig } from './src/config.ts';
import { openDatabase } from './src/db/client.ts';
import { buildApp } from './src/app.ts';
const config = loadConfig({ ...process.env, DATABASE_URL: 'memory://', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts });
await database.migrate();
const app = await buildApp({ config, database });
await app.ready();
const compilers = /node_modules[\\\\/](ajv|@fastify[\\\\/](ajv-compiler|fast-json-stringify-compiler))[\\\\/]|fast-json-stringify[\\\\/]index\\.js$/;
console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache).filter((f) => compilers.test(f))));
await app.close();
await database.close();
`;

describe('building the app', () => {
  it('never loads Fastify’s own compilers: zod validates and serialises every route (decision 030)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
      cwd: serverDir,
      encoding: 'utf8',
      env: { ...process.env, SESSION_SECRET: 'probe-secret-probe-secret-probe-secret-0123' },
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1)!)).toEqual([]);
  });
});
