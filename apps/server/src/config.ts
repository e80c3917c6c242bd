import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import webpush from 'web-push';
import { z } from 'zod/mini';
import { MATCH_GUARDS, PENDING_MATCH_DELAYS } from '@mitos/domain/constants';
import type { HttpTimeouts, TlsFiles } from './http/node-server';

/**
 * The default of LIVE_STANDINGS_INTERVAL_MS: open screens are told at most this often that only
 * the season counts changed (an evening of approvals), docs/decisions/061.
 */
export const STANDINGS_INTERVAL_MS = 5_000;

const booleanFromEnv = z.pipe(
  z.optional(z.enum(['true', 'false', '1', '0', ''])),
  z.transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1')),
);

/** A number read from its variable, within [min, max], `fallback` when unset. */
const numberFromEnv = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.minimum(min), z.maximum(max)), fallback);

/** The same, a whole number. */
const integerFromEnv = (min: number, max: number, fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);

/** A timeout in seconds: fractions allowed, never 0 (which would turn it off). */
const seconds = (fallback: number) => numberFromEnv(0.1, 3600, fallback);

/** A delay in hours after a match was recorded: fractions allowed (an operator trying it out). */
const hours = (fallback: number) => numberFromEnv(0.01, 24 * 365, fallback);

/** A string of at least one character, when set. */
const optionalText = z.optional(z.string().check(z.minLength(1)));

/** A string matching `pattern`, when set. */
const textMatching = (pattern: RegExp, message: string) => z.string().check(z.regex(pattern, { message }));

/**
 * PGlite's shared_buffers, MB. PostgreSQL's default (128 MB) lives inside PGlite's WebAssembly
 * memory, which never shrinks: a smaller cache leaves the pages to the operating system's file
 * cache, which the bench found as fast for the reads that miss the read cache (decision 026).
 */
const PGLITE_SHARED_BUFFERS_MB = 16;

// zod/mini, as the rest of the server: the full zod would load a second copy of its schemas for
// this one object (decision 056).
const EnvSchema = z.object({
  PORT: integerFromEnv(0, 65535, 3000),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  DATABASE_URL: z.optional(
    z.string().check(
      z.refine((v) => v === '' || v === 'memory://' || /^postgres(ql)?:\/\//.test(v), {
        message: 'must be empty, memory:// or a postgres:// address',
      }),
    ),
  ),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  SESSION_SECRET: z.optional(
    z.string().check(z.minLength(32, { message: 'must be at least 32 characters' })),
  ),
  COOKIE_SECURE: booleanFromEnv,
  WEB_DIST: z.optional(z.string()),
  TRUST_PROXY: booleanFromEnv,
  /** The server's own HTTPS (and HTTP/2): a PEM certificate chain and its key, both or neither. */
  TLS_CERT_FILE: optionalText,
  TLS_KEY_FILE: optionalText,
  AUTH_RATE_LIMIT: integerFromEnv(1, 1_000_000, 30),
  AUTH_ACCOUNT_LIMIT: integerFromEnv(1, 1_000_000, 100),
  READ_CACHE_MB: numberFromEnv(0, 4096, 32),
  PGLITE_SHARED_BUFFERS_MB: integerFromEnv(1, 1024, PGLITE_SHARED_BUFFERS_MB),
  READ_CACHE_VERIFY: booleanFromEnv,
  MATCH_CREATE_LIMIT: integerFromEnv(1, 1_000_000, MATCH_GUARDS.createdPerHour),
  MATCH_PENDING_LIMIT: integerFromEnv(1, 1_000_000, MATCH_GUARDS.pendingPerOpponent),
  REQUEST_TIMEOUT_SECONDS: seconds(30),
  HEADERS_TIMEOUT_SECONDS: seconds(15),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(65),
  DB_CONNECT_TIMEOUT_MS: integerFromEnv(100, 600_000, 5_000),
  /** Whoever registers or signs in with one of these emails is an admin (the first admin of an install). */
  ADMIN_EMAILS: z.optional(z.string().check(z.maxLength(10_000))),
  DB_QUERY_TIMEOUT_MS: integerFromEnv(0, 3_600_000, 5_000),
  /** The VAPID pair the push services know this server by (docs/decisions/019); both or neither. */
  VAPID_PUBLIC_KEY: z.optional(
    textMatching(/^B[A-Za-z0-9_-]{86}$/, 'must be a base64url P-256 public key (87 characters)'),
  ),
  VAPID_PRIVATE_KEY: z.optional(
    textMatching(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)'),
  ),
  VAPID_SUBJECT: z._default(
    textMatching(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address'),
    'mailto:admin@mitos.local',
  ),
  /** Subscriptions may point at this machine over http: only for tests, which run a push service there. */
  PUSH_ALLOW_LOOPBACK: booleanFromEnv,
  /** The address players reach the app at (https://partidas.example.ar): absolute links and link previews. */
  PUBLIC_URL: z.optional(
    z.pipe(
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }),
      z.transform((v) => new URL(v).origin),
    ),
  ),
  REMINDER_FIRST_HOURS: hours(PENDING_MATCH_DELAYS.firstReminderHours),
  REMINDER_SECOND_HOURS: hours(PENDING_MATCH_DELAYS.secondReminderHours),
  PENDING_FINAL_HOURS: hours(PENDING_MATCH_DELAYS.finalRuleHours),
  JOBS_POLL_MS: integerFromEnv(100, 3_600_000, 30_000),
  LIVE_STANDINGS_INTERVAL_MS: integerFromEnv(1_000, 60_000, STANDINGS_INTERVAL_MS),
});

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string;
      /** The embedded PostgreSQL's own page cache, inside its WebAssembly memory (decision 026). */
      sharedBuffersMb?: number;
    }
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string };

export interface AppConfig {
  port: number;
  host: string;
  logLevel: string;
  database: DatabaseTarget;
  dataDir: string;
  sessionSecret: string;
  /** Secure cookies and HSTS: true or false when COOKIE_SECURE says so, null to follow each request's scheme. */
  cookieSecure: boolean | null;
  webDist: string | null;
  trustProxy: boolean;
  /** HTTPS with HTTP/2 on the server itself (TLS_CERT_FILE, TLS_KEY_FILE); null: plain HTTP. */
  tls: TlsFiles | null;
  /** Sign-in and registration attempts allowed per IP address every 15 minutes. */
  authRateLimit: number;
  /** Failed sign-ins per account, from every address, every 15 minutes before only known addresses may try. */
  authAccountLimit: number;
  /** Bytes of serialized answers the read cache keeps; 0 turns it off. */
  readCacheBytes: number;
  /** Compare every cached answer served with a fresh read (tests; doubles the reads). */
  readCacheVerify: boolean;
  /** What one player may record (organisers are not limited): decision 012. */
  matchLimits: MatchLimits;
  /** How long a slow client may take (see http/node-server.ts). */
  timeouts: HttpTimeouts;
  /** PostgreSQL: how long to wait for a connection, and for a query (0: no limit). */
  databaseTimeouts: DatabaseTimeouts;
  /** Lower-case emails that are made admins when they register or sign in (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** When a pending match's reminders and final rule come (decision 020). */
  pendingMatchDelays: PendingMatchDelays;
  /** How often each process looks for due jobs (scheduled_jobs). */
  jobsPollMs: number;
  /**
   * At most one `community_changed` that only says the season counts changed (approvals) per
   * this interval per process (LIVE_STANDINGS_INTERVAL_MS; docs/decisions/061).
   */
  liveStandingsIntervalMs: number;
  /**
   * The app's own origin for absolute links (shared links' previews, docs/decisions/021), from
   * PUBLIC_URL; unset: each request's own scheme and host.
   */
  publicUrl?: string;
  push: PushConfig;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushConfig {
  vapid: VapidKeys;
  /** mailto: or https: address the push services may contact the operator at. */
  subject: string;
  /** Accept subscriptions whose endpoint is on this machine (http allowed): tests only. */
  allowLoopback: boolean;
}

/** Milliseconds after a pending match was recorded (docs/decisions/020). */
export interface PendingMatchDelays {
  firstReminderMs: number;
  secondReminderMs: number;
  finalRuleMs: number;
}

export interface MatchLimits {
  /** Matches a player may record per hour. */
  perHour: number;
  /** Matches by one creator that may wait for the same player's answer at once. */
  pendingPerOpponent: number;
}

export interface DatabaseTimeouts {
  connectMs: number;
  queryMs: number;
}

export class ConfigError extends Error {}

const HOUR_MS = 60 * 60 * 1000;

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

/** Whether `publicKey` is the P-256 public key of `privateKey` (a pasted pair that got mixed up). */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url') === publicKey;
  } catch {
    return false;
  }
}

/**
 * The VAPID pair kept in DATA_DIR, created once like the session secret: every process started on
 * the same directory signs with the same key, so the subscriptions browsers made stay valid.
 */
function persistedVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid-keys.json');
  const read = (): VapidKeys => {
    const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') {
      throw new ConfigError(`Invalid ${file}: expected {"publicKey", "privateKey"}`);
    }
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  };
  if (existsSync(file)) return read();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw err;
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The certificate and key files read (relative to where the command was typed), and checked to be
 * a pair: a wrong path or a mismatched key stops the start with the variable's name, rather than
 * a server that fails every connection.
 */
function tlsFiles(cwd: string, certFile: string | undefined, keyFile: string | undefined): TlsFiles | null {
  if ((certFile === undefined) !== (keyFile === undefined)) {
    throw new ConfigError('Invalid TLS_CERT_FILE: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither');
  }
  if (certFile === undefined || keyFile === undefined) return null;
  const read = (name: string, file: string) => {
    try {
      return readFileSync(path.resolve(cwd, file));
    } catch (err) {
      throw new ConfigError(`Invalid ${name}: cannot read ${file} (${(err as NodeJS.ErrnoException).code})`);
    }
  };
  const files = { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
  try {
    createSecureContext(files);
  } catch (err) {
    throw new ConfigError(
      `Invalid TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its key (${(err as Error).message})`,
    );
  }
  return files;
}

/**
 * zod's own words for a bad value, in the Spanish the API answers in, whether or not the app (which
 * makes them zod's default) is loaded: the operator commands read the configuration without it.
 */
const ENV_ERRORS = { error: z.locales.es().localeError };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env, ENV_ERRORS);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  if (e.HEADERS_TIMEOUT_SECONDS > e.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS');
  }
  if (!(
    e.REMINDER_FIRST_HOURS < e.REMINDER_SECOND_HOURS && e.REMINDER_SECOND_HOURS < e.PENDING_FINAL_HOURS
  )) {
    throw new ConfigError(
      'Invalid REMINDER_SECOND_HOURS: the delays must grow: REMINDER_FIRST_HOURS < REMINDER_SECOND_HOURS < PENDING_FINAL_HOURS',
    );
  }
  // Relative to where the command was typed: npm runs workspace scripts from their own folder
  // but keeps the original folder in INIT_CWD.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid VAPID_PUBLIC_KEY: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither',
    );
  }
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && !isVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid VAPID_PUBLIC_KEY: it is not the public key of VAPID_PRIVATE_KEY');
  }
  const tls = tlsFiles(env.INIT_CWD ?? process.cwd(), e.TLS_CERT_FILE, e.TLS_KEY_FILE);
  const url = e.DATABASE_URL ?? '';
  const database: DatabaseTarget =
    url === ''
      ? { kind: 'pglite', dataDir: path.join(dataDir, 'pglite'), sharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB }
      : url === 'memory://'
        ? { kind: 'pglite-memory' }
        : { kind: 'postgres', url };
  return {
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database,
    dataDir,
    sessionSecret:
      e.SESSION_SECRET ??
      (database.kind === 'pglite-memory' ? randomBytes(48).toString('base64url') : persistedSecret(dataDir)),
    cookieSecure: e.COOKIE_SECURE ?? null,
    webDist: e.WEB_DIST ?? null,
    trustProxy: e.TRUST_PROXY ?? false,
    tls,
    authRateLimit: e.AUTH_RATE_LIMIT,
    authAccountLimit: e.AUTH_ACCOUNT_LIMIT,
    readCacheBytes: Math.round(e.READ_CACHE_MB * 1024 * 1024),
    readCacheVerify: e.READ_CACHE_VERIFY ?? false,
    matchLimits: { perHour: e.MATCH_CREATE_LIMIT, pendingPerOpponent: e.MATCH_PENDING_LIMIT },
    timeouts: {
      requestMs: Math.round(e.REQUEST_TIMEOUT_SECONDS * 1000),
      headersMs: Math.round(e.HEADERS_TIMEOUT_SECONDS * 1000),
      keepAliveMs: Math.round(e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    },
    databaseTimeouts: { connectMs: e.DB_CONNECT_TIMEOUT_MS, queryMs: e.DB_QUERY_TIMEOUT_MS },
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : database.kind === 'pglite-memory'
            ? webpush.generateVAPIDKeys()
            : persistedVapidKeys(dataDir),
      subject: e.VAPID_SUBJECT,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK ?? env.NODE_ENV === 'test',
    },
    ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL } : {}),
    pendingMatchDelays: {
      firstReminderMs: Math.round(e.REMINDER_FIRST_HOURS * HOUR_MS),
      secondReminderMs: Math.round(e.REMINDER_SECOND_HOURS * HOUR_MS),
      finalRuleMs: Math.round(e.PENDING_FINAL_HOURS * HOUR_MS),
    },
    jobsPollMs: e.JOBS_POLL_MS,
    liveStandingsIntervalMs: e.LIVE_STANDINGS_INTERVAL_MS,
  };
}
