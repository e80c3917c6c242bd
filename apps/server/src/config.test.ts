import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** A self-signed certificate for 127.0.0.1, its key, and a key of another pair (test/fixtures/tls). */
const TLS_FIXTURES = fileURLToPath(new URL('../test/fixtures/tls', import.meta.url));

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'mitos-config-'));

describe('loadConfig', () => {
  it('defaults to embedded PGlite under DATA_DIR on 127.0.0.1:3000 and keeps a generated secret', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({
      kind: 'pglite',
      dataDir: path.join(dir, 'pglite'),
      sharedBuffersMb: 16,
    });
    expect(config.cookieSecure).toBeNull();
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('gives embedded PGlite the shared_buffers PGLITE_SHARED_BUFFERS_MB names, and refuses a bad one', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir, PGLITE_SHARED_BUFFERS_MB: '128' }).database).toMatchObject({
      kind: 'pglite',
      sharedBuffersMb: 128,
    });
    for (const bad of ['0', '-4', 'mucho', '2048', '1.5'])
      expect(() => loadConfig({ DATA_DIR: dir, PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(
        /PGLITE_SHARED_BUFFERS_MB/,
      );
  });

  it('reads memory:// and postgres:// database addresses', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: tmp() }).database).toEqual({
      kind: 'pglite-memory',
    });
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: tmp() }).database).toEqual({ kind: 'postgres', url });
  });

  it('limits what a player records, 30 an hour and 10 waiting on one player unless told otherwise', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://' }).matchLimits).toEqual({
      perHour: 30,
      pendingPerOpponent: 10,
    });
    const tuned = loadConfig({
      DATABASE_URL: 'memory://',
      MATCH_CREATE_LIMIT: '100',
      MATCH_PENDING_LIMIT: '3',
    });
    expect(tuned.matchLimits).toEqual({ perHour: 100, pendingPerOpponent: 3 });
    expect(() => loadConfig({ DATABASE_URL: 'memory://', MATCH_CREATE_LIMIT: '0' })).toThrow(
      /^Invalid MATCH_CREATE_LIMIT/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'memory://', MATCH_PENDING_LIMIT: 'muchas' })).toThrow(
      /^Invalid MATCH_PENDING_LIMIT/,
    );
  });

  it('stops with a one-line message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(/^Invalid PORT/);
    // zod's detail, in Spanish, without the app loaded (the operator commands).
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(
      'Invalid PORT: Entrada inválida: se esperaba número, recibido NaN',
    );
    expect(() => loadConfig({ LOG_LEVEL: 'fuerte' })).toThrow(/^Invalid LOG_LEVEL: Opción inválida/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^Invalid PORT: Demasiado grande/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'corto' })).toThrow(/^Invalid SESSION_SECRET/);
    expect(() => loadConfig({ COOKIE_SECURE: 'quizas' })).toThrow(/^Invalid COOKIE_SECURE/);
  });

  it('leaves Secure cookies to the scheme of each request, whatever the bind address, unless COOKIE_SECURE says', () => {
    // null: decided per request (X-Forwarded-Proto behind a trusted proxy, else plain HTTP).
    expect(loadConfig({ HOST: '0.0.0.0', DATA_DIR: tmp() }).cookieSecure).toBeNull();
    expect(loadConfig({ HOST: '192.168.1.20', DATA_DIR: tmp() }).cookieSecure).toBeNull();
    expect(loadConfig({ HOST: '0.0.0.0', COOKIE_SECURE: 'false', DATA_DIR: tmp() }).cookieSecure).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', COOKIE_SECURE: 'true', DATA_DIR: tmp() }).cookieSecure).toBe(true);
  });

  it('cuts slow clients: 30 s for a request, 15 s for its headers, 65 s for an idle kept-alive connection', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).timeouts).toEqual({
      requestMs: 30_000,
      headersMs: 15_000,
      keepAliveMs: 65_000,
    });
    const env = { DATA_DIR: tmp(), REQUEST_TIMEOUT_SECONDS: '60', HEADERS_TIMEOUT_SECONDS: '0.5' };
    expect(loadConfig({ ...env, KEEP_ALIVE_TIMEOUT_SECONDS: '75' }).timeouts).toEqual({
      requestMs: 60_000,
      headersMs: 500,
      keepAliveMs: 75_000,
    });
  });

  it('refuses a timeout of 0 (which would turn it off) and headers allowed longer than the request', () => {
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/^Invalid REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_SECONDS: 'mucho' })).toThrow(
      /^Invalid KEEP_ALIVE_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '10', HEADERS_TIMEOUT_SECONDS: '20' })).toThrow(
      /^Invalid HEADERS_TIMEOUT_SECONDS/,
    );
  });

  it('reads the sign-in budgets per address and per account', () => {
    const defaults = loadConfig({ DATA_DIR: tmp() });
    expect(defaults.authRateLimit).toBe(30);
    expect(defaults.authAccountLimit).toBe(100);
    expect(loadConfig({ AUTH_ACCOUNT_LIMIT: '500', DATA_DIR: tmp() }).authAccountLimit).toBe(500);
    expect(() => loadConfig({ AUTH_ACCOUNT_LIMIT: '0', DATA_DIR: tmp() })).toThrow(
      /^Invalid AUTH_ACCOUNT_LIMIT/,
    );
  });

  it('keeps the generated secret readable by its owner only, in a folder only its owner can open', () => {
    const dir = path.join(tmp(), 'nuevo');
    loadConfig({ DATA_DIR: dir });
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o077).toBe(0);
  });

  it('reads the database timeouts, 5 s each by default, and refuses bad ones', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).databaseTimeouts).toEqual({ connectMs: 5_000, queryMs: 5_000 });
    expect(
      loadConfig({ DATA_DIR: tmp(), DB_CONNECT_TIMEOUT_MS: '1500', DB_QUERY_TIMEOUT_MS: '0' })
        .databaseTimeouts,
    ).toEqual({ connectMs: 1_500, queryMs: 0 });
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: '0' })).toThrow(/^Invalid DB_CONNECT_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_MS: 'pronto' })).toThrow(/^Invalid DB_QUERY_TIMEOUT_MS/);
    expect(() => loadConfig({ DB_QUERY_TIMEOUT_MS: '-1' })).toThrow(/^Invalid DB_QUERY_TIMEOUT_MS/);
  });

  it('keeps a generated VAPID pair in DATA_DIR like the session secret, and takes one from the environment', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(first.vapid.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.vapid.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:admin@mitos.local');
    const file = path.join(dir, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.vapid);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A second process on the same directory signs with the same key.
    expect(loadConfig({ DATA_DIR: dir }).push.vapid).toEqual(first.vapid);

    const other = webpush.generateVAPIDKeys();
    const fromEnv = loadConfig({
      DATA_DIR: tmp(),
      VAPID_PUBLIC_KEY: other.publicKey,
      VAPID_PRIVATE_KEY: other.privateKey,
      VAPID_SUBJECT: 'https://mitos.example.ar/contacto',
    }).push;
    expect(fromEnv.vapid).toEqual({ publicKey: other.publicKey, privateKey: other.privateKey });
    expect(fromEnv.subject).toBe('https://mitos.example.ar/contacto');

    // In-memory data keeps nothing on disk.
    const memoryDir = tmp();
    loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: memoryDir });
    expect(existsSync(path.join(memoryDir, 'vapid-keys.json'))).toBe(false);
  });

  it('refuses half a VAPID pair, a mixed-up pair and a bad subject', () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const base = { DATABASE_URL: 'memory://' };
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(
      /^Invalid VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ ...base, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(
      /^Invalid VAPID_PUBLIC_KEY/,
    );
    expect(() =>
      loadConfig({ ...base, VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/^Invalid VAPID_PUBLIC_KEY: it is not the public key/);
    expect(() =>
      loadConfig({ ...base, VAPID_PUBLIC_KEY: 'corta', VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/^Invalid VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'admin@mitos.local' })).toThrow(
      /^Invalid VAPID_SUBJECT/,
    );
  });

  it('serves HTTPS when given a certificate and its key, read where the command was typed', () => {
    const base = { DATABASE_URL: 'memory://' };
    expect(loadConfig(base).tls).toBeNull();
    const config = loadConfig({
      ...base,
      INIT_CWD: TLS_FIXTURES,
      TLS_CERT_FILE: 'cert.pem',
      TLS_KEY_FILE: 'key.pem',
    });
    expect(config.tls?.cert).toEqual(readFileSync(path.join(TLS_FIXTURES, 'cert.pem')));
    expect(config.tls?.key).toEqual(readFileSync(path.join(TLS_FIXTURES, 'key.pem')));
  });

  it('refuses half a TLS pair, a file it cannot read and a key that is not the certificate’s', () => {
    const base = { DATABASE_URL: 'memory://', INIT_CWD: TLS_FIXTURES };
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: 'cert.pem' })).toThrow(
      'Invalid TLS_CERT_FILE: set both TLS_CERT_FILE and TLS_KEY_FILE, or neither',
    );
    expect(() => loadConfig({ ...base, TLS_KEY_FILE: 'key.pem' })).toThrow(
      /^Invalid TLS_CERT_FILE: set both/,
    );
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: 'falta.pem', TLS_KEY_FILE: 'key.pem' })).toThrow(
      'Invalid TLS_CERT_FILE: cannot read falta.pem (ENOENT)',
    );
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'other-key.pem' })).toThrow(
      /^Invalid TLS_KEY_FILE: TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its key/,
    );
    // The key where the certificate goes, and the other way round.
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: 'key.pem', TLS_KEY_FILE: 'cert.pem' })).toThrow(
      /^Invalid TLS_KEY_FILE/,
    );
    expect(() => loadConfig({ ...base, TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: '' })).toThrow(
      /^Invalid TLS_KEY_FILE/,
    );
  });

  it('accepts push endpoints on this machine only in tests or when PUSH_ALLOW_LOOPBACK says so', () => {
    const base = { DATABASE_URL: 'memory://' };
    expect(loadConfig(base).push.allowLoopback).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).push.allowLoopback).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'false' }).push.allowLoopback).toBe(
      false,
    );
    expect(loadConfig({ ...base, PUSH_ALLOW_LOOPBACK: 'true' }).push.allowLoopback).toBe(true);
  });
  it('reminds a pending match at 24 h and 72 h and applies its final rule at 168 h unless told otherwise', () => {
    const hour = 60 * 60 * 1000;
    const defaults = loadConfig({ DATABASE_URL: 'memory://' });
    expect(defaults.pendingMatchDelays).toEqual({
      firstReminderMs: 24 * hour,
      secondReminderMs: 72 * hour,
      finalRuleMs: 168 * hour,
    });
    expect(defaults.jobsPollMs).toBe(30_000);
    const tuned = loadConfig({
      DATABASE_URL: 'memory://',
      REMINDER_FIRST_HOURS: '0.5',
      REMINDER_SECOND_HOURS: '12',
      PENDING_FINAL_HOURS: '48',
      JOBS_POLL_MS: '1000',
    });
    expect(tuned.pendingMatchDelays).toEqual({
      firstReminderMs: hour / 2,
      secondReminderMs: 12 * hour,
      finalRuleMs: 48 * hour,
    });
    expect(tuned.jobsPollMs).toBe(1000);
    expect(() => loadConfig({ DATABASE_URL: 'memory://', REMINDER_FIRST_HOURS: '0' })).toThrow(
      /^Invalid REMINDER_FIRST_HOURS/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'memory://', PENDING_FINAL_HOURS: 'nunca' })).toThrow(
      /^Invalid PENDING_FINAL_HOURS/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'memory://', JOBS_POLL_MS: '5' })).toThrow(
      /^Invalid JOBS_POLL_MS/,
    );
    expect(defaults.liveStandingsIntervalMs).toBe(5_000);
    expect(
      loadConfig({ DATABASE_URL: 'memory://', LIVE_STANDINGS_INTERVAL_MS: '2000' }).liveStandingsIntervalMs,
    ).toBe(2_000);
    // Under a second it would tell screens more often than any other community change.
    expect(() => loadConfig({ DATABASE_URL: 'memory://', LIVE_STANDINGS_INTERVAL_MS: '500' })).toThrow(
      /^Invalid LIVE_STANDINGS_INTERVAL_MS/,
    );
    // A reminder after the final rule would never be sent.
    expect(() => loadConfig({ DATABASE_URL: 'memory://', REMINDER_SECOND_HOURS: '200' })).toThrow(
      /^Invalid REMINDER_SECOND_HOURS/,
    );
  });
});
