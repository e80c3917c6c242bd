import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiPlayer, builtScript, freePort, get, post, postgresDatabases, tempDirs } from './process-helpers';

/**
 * The data directory against other processes and other users: one process at a time on an
 * embedded database (a second server, or a command, is refused while the server runs), and
 * nothing in it readable by anyone but its owner. Real processes, started under umask 022 as a
 * shell would, on real directories: the compiled server and commands, as `npm start` and the
 * operators' `npm run …` run them (`builtScript`).
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pgUrl = process.env.TEST_DATABASE_URL;
const freshPostgresDatabase = postgresDatabases();

const tmp = tempDirs();

interface Launched {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/** Runs a script of the server package as its own process, with umask 022 and no session secret. */
function launch(script: string, args: string[], env: Record<string, string>): Launched {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.SESSION_SECRET;
  delete base.INIT_CWD;
  const child = spawn(
    '/bin/sh',
    ['-c', 'umask 022 && exec "$0" "$@"', process.execPath, ...builtScript(script), ...args],
    {
      cwd: serverDir,
      env: {
        ...base,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '100000',
        WEB_DIST: '/nonexistent',
        DATABASE_URL: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** Runs a command to its end; one still running after 60 s is killed (and answers code null). */
async function runCommand(script: string, args: string[], env: Record<string, string>) {
  const launched = launch(script, args, env);
  const timer = setTimeout(() => launched.child.kill('SIGKILL'), 60_000);
  const code = await launched.exited;
  clearTimeout(timer);
  return { code, output: launched.output() };
}

interface Served extends Launched {
  url: string;
}

async function serve(env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  const launched = launch('src/server.ts', [], { PORT: String(port), ...env });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (launched.child.exitCode !== null) throw new Error(`server exited early:\n${launched.output()}`);
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { ...launched, url };
    if (Date.now() > deadline) {
      launched.child.kill('SIGKILL');
      throw new Error(`server did not start:\n${launched.output()}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(server: Launched): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}

async function signIn(url: string, name: string): Promise<string> {
  const res = await post(`${url}/api/auth/login`, null, {
    email: `${name}@example.com`,
    password: 'secreto123',
  });
  return res.body.user.token as string;
}

const BUSY = /está en uso por el servidor \(pid \d+, desde [^)]+\): detenelo primero.* stop it first\.$/;

/** Every entry under `dir` (and `dir` itself) whose mode lets someone other than its owner in. */
function openEntries(dir: string): string[] {
  const found: string[] = [];
  const mode = (file: string) => statSync(file).mode & 0o777;
  if (mode(dir) & 0o077) found.push(`${dir} ${mode(dir).toString(8)}`);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (mode(file) & 0o077) found.push(`${file} ${mode(file).toString(8)}`);
  }
  return found;
}

describe('one process at a time on an embedded database directory', () => {
  it('refuses a second server with a one-line message and exit 1; after a SIGKILL the next one starts', async () => {
    const dataDir = tmp('lock');
    const first = await serve({ DATA_DIR: dataDir });
    const name = `ana${randomBytes(3).toString('hex')}`;
    try {
      await apiPlayer(first.url, name);
      const second = await runCommand('src/server.ts', [], {
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
      });
      expect(second.code).toBe(1);
      expect(second.output.trim().split('\n')).toHaveLength(1);
      expect(second.output.trim()).toMatch(BUSY);
      expect(second.output).toContain(`pid ${first.child.pid}`);
      // The first one never noticed.
      expect((await get(`${first.url}/api/decks`, await signIn(first.url, name))).status).toBe(200);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
    }
    // The lock of the killed server is left behind, and taken over.
    expect(existsSync(path.join(dataDir, 'mitos.lock'))).toBe(true);
    const third = await serve({ DATA_DIR: dataDir });
    expect((await get(`${third.url}/api/decks`, await signIn(third.url, name))).body).toHaveLength(1);
    expect(await stop(third)).toBe(0);
    expect(existsSync(path.join(dataDir, 'mitos.lock'))).toBe(false);
  }, 120_000);

  it('refuses user:role, db:backup, db:restore, db:migrate, rankings:rebuild and ratings:rebuild while the server runs; they work once it stops', async () => {
    const dataDir = tmp('cli');
    const server = await serve({ DATA_DIR: dataDir });
    const name = `beto${randomBytes(3).toString('hex')}`;
    try {
      await apiPlayer(server.url, name);
      const archive = path.join(tmp('archive'), 'copia.tar.gz');
      writeFileSync(archive, 'not read');
      const commands: [string, string[]][] = [
        ['src/users/role-cli.ts', [name, 'admin']],
        ['src/db/backup-cli.ts', ['backup']],
        ['src/db/backup-cli.ts', ['restore', archive]],
        ['src/db/migrate-cli.ts', []],
        ['src/rankings/rebuild-cli.ts', []],
        ['src/ratings/rebuild-cli.ts', []],
      ];
      for (const [script, args] of commands) {
        const result = await runCommand(script, args, { DATA_DIR: dataDir });
        expect(result.code, `${script} ${args.join(' ')}`).toBe(1);
        expect(result.output.trim()).toMatch(BUSY);
      }
      // Nothing was done behind the server's back.
      const me = await get(`${server.url}/api/auth/me`, await signIn(server.url, name));
      expect(me.body.user.role).toBe('player');
      expect(existsSync(path.join(dataDir, 'backups'))).toBe(false);
    } finally {
      expect(await stop(server)).toBe(0);
    }

    const role = await runCommand('src/users/role-cli.ts', [name, 'admin'], { DATA_DIR: dataDir });
    expect(role.code, role.output).toBe(0);
    expect(role.output).toContain('ahora tiene el rol admin');
    const rebuild = await runCommand('src/rankings/rebuild-cli.ts', [], { DATA_DIR: dataDir });
    expect(rebuild.code, rebuild.output).toBe(0);
    expect(rebuild.output).toMatch(/Rankings recalculados: 0 líneas/);
    const ratings = await runCommand('src/ratings/rebuild-cli.ts', [], { DATA_DIR: dataDir });
    expect(ratings.code, ratings.output).toBe(0);
    expect(ratings.output).toMatch(/Mitos Rating recalculado: 0 partidas, 0 temporadas/);
    const again = await serve({ DATA_DIR: dataDir });
    try {
      const me = await get(`${again.url}/api/auth/me`, await signIn(again.url, name));
      expect(me.body.user.role).toBe('admin');
    } finally {
      expect(await stop(again)).toBe(0);
    }
  }, 180_000);
});

describe.runIf(pgUrl)('commands beside running servers on PostgreSQL', () => {
  it('user:role reaches the running server at once: its cached profile drops the old role', async () => {
    const url = await freshPostgresDatabase();
    const dataDir = tmp('pg-role');
    const server = await serve({ DATABASE_URL: url, DATA_DIR: dataDir });
    const name = `cata${randomBytes(3).toString('hex')}`;
    try {
      await apiPlayer(server.url, name);
      const token = await signIn(server.url, name);
      // Asked twice: the second answer comes from the server's read cache.
      for (let i = 0; i < 2; i++)
        expect((await get(`${server.url}/api/auth/me`, token)).body.user.role).toBe('player');
      const role = await runCommand('src/users/role-cli.ts', [name, 'tournament_admin'], {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
      });
      expect(role.code, role.output).toBe(0);
      await expect
        .poll(async () => (await get(`${server.url}/api/auth/me`, token)).body.user.role, { timeout: 3_000 })
        .toBe('tournament_admin');
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 120_000);
});

describe('files readable only by their owner', () => {
  it('creates DATA_DIR 0700 with every file 0600 (database, WAL, secret, lock) and backups 0600, under umask 022', async () => {
    const dataDir = path.join(tmp('modes'), 'datos');
    const server = await serve({ DATA_DIR: dataDir });
    try {
      await apiPlayer(server.url, `dani${randomBytes(3).toString('hex')}`);
      expect(existsSync(path.join(dataDir, 'mitos.lock'))).toBe(true);
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      expect(await stop(server)).toBe(0);
    }
    expect(openEntries(dataDir)).toEqual([]);

    const backup = await runCommand('src/db/backup-cli.ts', ['backup'], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    const backups = readdirSync(path.join(dataDir, 'backups'));
    expect(backups).toHaveLength(1);
    // A backup written elsewhere, over a file that was open to everyone, is closed too.
    const elsewhere = path.join(tmp('backup-elsewhere'), 'copia.tar.gz');
    writeFileSync(elsewhere, '', { mode: 0o644 });
    expect(
      (await runCommand('src/db/backup-cli.ts', ['backup', elsewhere], { DATA_DIR: dataDir })).code,
    ).toBe(0);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o600);

    const restore = await runCommand('src/db/backup-cli.ts', ['restore', elsewhere], { DATA_DIR: dataDir });
    expect(restore.code, restore.output).toBe(0);
    expect(openEntries(dataDir)).toEqual([]);

    const again = await serve({ DATA_DIR: dataDir });
    try {
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      expect(await stop(again)).toBe(0);
    }
  }, 180_000);

  it('closes a DATA_DIR an older version left open to everyone, and says so', async () => {
    const dataDir = path.join(tmp('old-modes'), 'datos');
    mkdirSync(dataDir, { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'session-secret'), 'x'.repeat(64), { mode: 0o644 });
    const server = await serve({ DATA_DIR: dataDir });
    try {
      expect(server.output()).toContain(`Permisos de ${dataDir} corregidos: 755 → 700`);
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 120_000);

  it('leaves a DATA_DIR holding other things as it is, with a warning saying what to run', async () => {
    const dataDir = path.join(tmp('shared-modes'), 'datos');
    mkdirSync(dataDir, { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'notas.txt'), 'de otro programa', { mode: 0o644 });
    const server = await serve({ DATA_DIR: dataDir });
    try {
      expect(server.output()).toContain(
        `es legible por otros usuarios (modo 755); ejecutá chmod 700 ${dataDir}`,
      );
      expect(statSync(dataDir).mode & 0o777).toBe(0o755);
      expect(statSync(path.join(dataDir, 'notas.txt')).mode & 0o777).toBe(0o644);
      // What the app keeps there is closed all the same.
      expect(statSync(path.join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
      expect(statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700);
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 120_000);
});
