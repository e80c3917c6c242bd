import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { builtScript } from './process-helpers';

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

/** The JavaScript of the test run's server bundle (global-setup): each file's name and text. */
function bundleFiles(): [string, string][] {
  const dir = inject('serverBundle');
  const files = [
    ...readdirSync(dir).filter((f) => f.endsWith('.js')),
    ...readdirSync(path.join(dir, 'chunks'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join('chunks', f)),
  ];
  return files.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]);
}

describe('the server’s bundle', () => {
  it('holds one zod, its Fastify provider’s too, with its Spanish messages and no other language (decision 056)', () => {
    const sources = bundleFiles()
      .map(([, text]) => text)
      .join('\n');
    // Neither imported from node_modules at run time, where each would load a zod of its own…
    expect(sources).not.toMatch(/(from|import\()\s*["']zod(\/[^"']*)?["']/);
    expect(sources).not.toMatch(/(from|import\()\s*["']fastify-type-provider-zod["']/);
    // …nor zod's 63 other languages: English and German, say (esbuild escapes "á" and "ü").
    expect(sources).toContain('Entrada inv\\xE1lida: se esperaba');
    expect(sources).not.toContain('Invalid input: expected');
    expect(sources).not.toContain('Eingabe: erwartet');
    // drizzle-orm too, and its pg and PGlite drivers stay imports of their own packages.
    expect(sources).not.toMatch(/(from|import\()\s*["']drizzle-orm(\/[^"']*)?["']/);
    expect(sources).toMatch(/from\s*["']pg["']/);
  });

  it('is plain ASCII, which V8 keeps at one byte a character, and carries no comments (decision 056)', () => {
    const files = bundleFiles();
    expect(files.length).toBeGreaterThan(5);
    for (const [name, text] of files) {
      expect(/[^\x00-\x7f]/.exec(text)?.[0], name).toBeUndefined();
      // A line of its own starting a comment, but the source map's address.
      expect(text, name).not.toMatch(/^\s*(\/\/(?!# sourceMappingURL=)|\/\*\*)/m);
    }
  });

  it('names a bad setting in zod’s Spanish words, from the server and from an operator command', () => {
    for (const script of ['src/server.ts', 'src/db/migrate-cli.ts']) {
      const run = spawnSync(process.execPath, builtScript(script), {
        cwd: serverDir,
        encoding: 'utf8',
        env: { ...process.env, PORT: 'ochenta', DATABASE_URL: 'memory://' },
        timeout: 30_000,
      });
      expect(run.status, script).not.toBe(0);
      expect(run.stderr, script).toContain(
        'Invalid PORT: Entrada inválida: se esperaba número, recibido NaN',
      );
    }
  });
});
