import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import webpush from 'web-push';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { wrapPglite } from '../src/db/pglite-database';
import { hashPassword } from '../src/auth/passwords';
import { insertUser, type UserRow } from '../src/users/repository';
import { issueAccessToken } from '../src/auth/tokens';
import type { UserRole } from '@mitos/domain/constants';
import { closeAfterFile } from './file-resources';
import { adminUrl, databaseUrl, templateName, testDatabaseName } from './pg-urls';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const TEST_PASSWORD = 'secreto123';

/** One VAPID pair for the test process (generating one per app would only cost time). */
export const TEST_VAPID = webpush.generateVAPIDKeys();
const HOUR = 60 * 60 * 1000;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    database: { kind: 'pglite-memory' },
    dataDir: '/tmp/mitos-test-data',
    sessionSecret: TEST_SECRET,
    cookieSecure: false,
    webDist: '/nonexistent',
    trustProxy: false,
    tls: null,
    authRateLimit: 30,
    authAccountLimit: 100,
    readCacheBytes: 32 * 1024 * 1024,
    // Every API test checks each cached answer it is served against a fresh read.
    readCacheVerify: true,
    // Tests record many matches between the same players in moments; test/match-guards.test.ts
    // checks the real limits.
    matchLimits: { perHour: 1_000_000, pendingPerOpponent: 1_000_000 },
    timeouts: { requestMs: 30_000, headersMs: 15_000, keepAliveMs: 65_000 },
    databaseTimeouts: { connectMs: 5_000, queryMs: 5_000 },
    adminEmails: [],
    // Loopback endpoints: test/push.test.ts runs a push service on 127.0.0.1.
    push: { vapid: TEST_VAPID, subject: 'mailto:admin@mitos.local', allowLoopback: true },
    pendingMatchDelays: { firstReminderMs: 24 * HOUR, secondReminderMs: 72 * HOUR, finalRuleMs: 168 * HOUR },
    // Tests run the due jobs themselves, with the clock they choose (test/reminders.test.ts).
    jobsPollMs: 3_600_000,
    liveStandingsIntervalMs: 5_000,
    ...overrides,
  };
}

/** A fresh, migrated database of its own: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = testDatabaseName(inject('runId'));
    const admin = new pg.Client({ connectionString: adminUrl(pgUrl) });
    await admin.connect();
    await admin.query(`create database ${name} template ${templateName(inject('runId'))}`);
    await admin.end();
    const url = databaseUrl(pgUrl, name);
    const database = await openDatabase({ kind: 'postgres', url });
    const close = database.close.bind(database);
    return Object.assign(database, {
      url,
      close: closeAfterFile(async () => {
        await close();
        const dropper = new pg.Client({ connectionString: adminUrl(pgUrl) });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      }),
    });
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]) });
  const database = wrapPglite(client);
  return Object.assign(database, { close: closeAfterFile(database.close.bind(database)) });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** The real app on an isolated database; closed after the file's tests (test/file-resources.ts). */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: closeAfterFile(async () => {
      await app.close();
      await database.close();
    }),
  };
}

let passwordHash: Promise<string> | null = null;
let sequence = 0;

export interface TestUser extends UserRow {
  password: string;
  token: string;
}

/** Inserts a user directly (fast) and mints an access token for them. */
export async function createUser(
  database: Database,
  values: { username?: string; email?: string; role?: UserRole } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  const row = await insertUser(database.db, {
    username: values.username ?? `jugador${tag}`,
    email: values.email ?? `jugador${tag}@example.com`,
    passwordHash: await passwordHash,
    role: values.role ?? 'player',
  });
  return { ...row, password: TEST_PASSWORD, token: tokenFor(row) };
}

export function tokenFor(user: Pick<UserRow, 'id' | 'role'>): string {
  return issueAccessToken({ sub: user.id, role: user.role as UserRole, fam: 'test' }, TEST_SECRET);
}

/** Injects a request signed in as the user (bearer token), or signed out when user is null. */
export function injectAs(
  app: FastifyInstance,
  user: Pick<UserRow, 'id' | 'role'> | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers ?? {}) } as Record<string, string>;
  if (user) headers.authorization = `Bearer ${tokenFor(user)}`;
  return app.inject({ ...options, headers });
}

/** The cookies a response set, as one Cookie header value. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export function expectErrorShape(body: unknown): asserts body is {
  success: false;
  error: string;
  message: string;
  errors?: Record<string, string[]>;
} {
  const b = body as Record<string, unknown>;
  if (b.success !== false || typeof b.error !== 'string' || typeof b.message !== 'string') {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
}
