import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === '' || v === 'memory://' || /^postgres(ql)?:\/\//.test(v), {
      message: 'must be empty, memory:// or a postgres:// address',
    })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  COOKIE_SECURE: booleanFromEnv,
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: booleanFromEnv,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(30),
  READ_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
});

export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' } | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  logLevel: string;
  database: DatabaseTarget;
  dataDir: string;
  sessionSecret: string;
  cookieSecure: boolean;
  webDist: string | null;
  trustProxy: boolean;
  /** Sign-in and registration attempts allowed per IP address every 15 minutes. */
  authRateLimit: number;
  /** Bytes of serialized answers the read cache keeps; 0 turns it off. */
  readCacheBytes: number;
  /** PostgreSQL: how long to wait for a connection, and for a query (0: no limit). */
  databaseTimeouts: DatabaseTimeouts;
}

export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
}

export class ConfigError extends Error {}

/** Reads the secret kept in DATA_DIR, creating it once, so sessions survive a restart. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  try {
    // Exclusive: of two processes starting at once, both end up with the first one's secret.
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  // Relative to where the command was typed: npm runs workspace scripts from their own folder
  // but keeps the original folder in INIT_CWD.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const url = e.DATABASE_URL ?? '';
  const database: DatabaseTarget =
    url === ''
      ? { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }
      : url === 'memory://'
        ? { kind: 'pglite-memory' }
        : { kind: 'postgres', url };
  const local = e.HOST === '127.0.0.1' || e.HOST === 'localhost' || e.HOST === '::1';
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database,
    dataDir,
    sessionSecret:
      e.SESSION_SECRET ??
      (database.kind === 'pglite-memory' ? randomBytes(48).toString('base64url') : persistedSecret(dataDir)),
    cookieSecure: e.COOKIE_SECURE ?? !local,
    webDist: e.WEB_DIST ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    authRateLimit: e.AUTH_RATE_LIMIT,
    readCacheBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
    databaseTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, queryMs: e.DB_QUERY_TIMEOUT_MS },
  };
}
