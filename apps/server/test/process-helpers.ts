import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { ENTRIES, nodeArgs } from '../build.mjs';
import { adminUrl, databaseUrl, testDatabaseName } from './pg-urls';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Empty PostgreSQL databases on TEST_DATABASE_URL's server for one test file, each answered as its
 * URL and all dropped after the file's tests.
 */
export function postgresDatabases(): () => Promise<string> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const created: string[] = [];
  afterAll(async () => {
    if (!pgUrl || created.length === 0) return;
    const admin = new pg.Client({ connectionString: adminUrl(pgUrl) });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return async () => {
    if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = testDatabaseName(inject('runId'));
    const admin = new pg.Client({ connectionString: adminUrl(pgUrl) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    created.push(name);
    return databaseUrl(pgUrl, name);
  };
}

/** Temporary folders (`mitos-<prefix>-…`) for one test file, removed after its tests. */
export function tempDirs(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), `mitos-${prefix}-`));
    made.push(dir);
    return dir;
  };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Node's arguments to run a script of the server package (`src/server.ts`, `src/users/role-cli.ts`…)
 * as `npm start` and the operators' `npm run …` run it: its bundle, with build.mjs's flags. The
 * bundle is built once per test run (global-setup), so the processes the tests start are the
 * shipped ones, and start about a second sooner than through tsx.
 */
export function builtScript(script: string): string[] {
  const entry = Object.keys(ENTRIES).find((name) => ENTRIES[name] === script);
  if (!entry) throw new Error(`${script} is not an entry point of build.mjs`);
  return [...nodeArgs(entry).slice(0, -1), path.join(inject('serverBundle'), `${entry}.js`)];
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts the real server (its bundle, as `npm start` does) as its own process and waits until it answers. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, builtScript('src/server.ts'), {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(p),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'process-test-secret-process-test-secret-0123',
      AUTH_RATE_LIMIT: '100000',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${p}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, url, port: p, exited, output: () => out };
}

export async function post(url: string, token: string | null, body?: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function get(url: string, token: string | null) {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export interface ApiPlayer {
  id: number;
  token: string;
  deckId: number;
}

/** Registers, signs in and creates a deck, through the HTTP API of a running server. */
export async function apiPlayer(base: string, name: string): Promise<ApiPlayer> {
  const email = `${name}@example.com`;
  await post(`${base}/api/auth/register`, null, { username: name, email, password: 'secreto123' });
  const login = await post(`${base}/api/auth/login`, null, { email, password: 'secreto123' });
  const token = login.body.user.token as string;
  const deck = await post(`${base}/api/decks`, token, { name: `Mazo de ${name}`, raza: 'Dragon' });
  return { id: login.body.user.id, token, deckId: deck.body.id };
}
