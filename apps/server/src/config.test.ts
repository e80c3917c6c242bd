import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'mitos-config-'));

describe('loadConfig', () => {
  it('defaults to embedded PGlite under DATA_DIR on 127.0.0.1:3000 and keeps a generated secret', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
    expect(config.cookieSecure).toBe(false);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('reads memory:// and postgres:// database addresses', () => {
    expect(loadConfig({ DATABASE_URL: 'memory://', DATA_DIR: tmp() }).database).toEqual({
      kind: 'pglite-memory',
    });
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: tmp() }).database).toEqual({ kind: 'postgres', url });
  });

  it('stops with a one-line message naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'ochenta' })).toThrow(/^Invalid PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/^Invalid DATABASE_URL/);
    expect(() => loadConfig({ SESSION_SECRET: 'corto' })).toThrow(/^Invalid SESSION_SECRET/);
    expect(() => loadConfig({ COOKIE_SECURE: 'quizas' })).toThrow(/^Invalid COOKIE_SECURE/);
  });

  it('makes cookies secure by default off localhost, and honours COOKIE_SECURE', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DATA_DIR: tmp() }).cookieSecure).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', COOKIE_SECURE: 'false', DATA_DIR: tmp() }).cookieSecure).toBe(false);
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
});
