import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, LOCK_FILE, lockDataDir, processStart, type LockRecord } from './data-dir-lock';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'mitos-lock-'));

function record(overrides: Partial<LockRecord>): LockRecord {
  return {
    pid: process.pid,
    host: os.hostname(),
    start: processStart(process.pid),
    boot: null,
    command: 'server',
    since: new Date().toISOString(),
    nonce: 'someone-else',
    ...overrides,
  };
}

function writeLock(dir: string, value: LockRecord | string) {
  writeFileSync(path.join(dir, LOCK_FILE), typeof value === 'string' ? value : JSON.stringify(value));
}

/** A process that runs until the end of this file: a live holder that is not this process. */
const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600_000)'], { stdio: 'ignore' });
afterAll(() => {
  sleeper.kill('SIGKILL');
});

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

const holderOf = (fn: () => unknown): LockRecord | null => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DataDirBusyError) return err.holder;
    throw err;
  }
  throw new Error('the lock was granted');
};

describe('data directory lock', () => {
  it('is held by one claimant at a time, says who holds it in one line, and is given back on release', () => {
    const dir = tmp();
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'server',
    });
    let message = '';
    try {
      lockDataDir(dir, 'user:role');
    } catch (err) {
      expect(err).toBeInstanceOf(DataDirBusyError);
      message = (err as Error).message;
    }
    expect(message).not.toContain('\n');
    expect(message).toContain(`está en uso por el servidor (pid ${process.pid}`);
    expect(message).toContain('stop it first');
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
    lockDataDir(dir, 'user:role').release();
  });

  it('refuses while the recorded process is alive', () => {
    const dir = tmp();
    writeLock(dir, record({ pid: sleeper.pid!, start: processStart(sleeper.pid!) }));
    expect(holderOf(() => lockDataDir(dir, 'server'))?.pid).toBe(sleeper.pid);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
  });

  it('takes over the lock of a process that no longer runs (crash, SIGKILL)', async () => {
    const dir = tmp();
    writeLock(dir, record({ pid: await deadPid(), start: null }));
    const lock = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(processStart(process.pid) !== null)(
    'takes over when the recorded pid now belongs to a later process (pid reuse)',
    () => {
      const dir = tmp();
      writeLock(dir, record({ pid: sleeper.pid!, start: '1' }));
      lockDataDir(dir, 'server').release();
    },
  );

  it('takes over a lock naming this very pid from a previous life (a restarted container)', () => {
    const dir = tmp();
    writeLock(dir, record({ pid: process.pid, start: '1' }));
    lockDataDir(dir, 'server').release();
  });

  it('takes over the lock of a previous boot', () => {
    const boot = existsSync('/proc/sys/kernel/random/boot_id');
    const dir = tmp();
    writeLock(dir, record({ pid: sleeper.pid!, start: processStart(sleeper.pid!), boot: 'another-boot' }));
    if (boot) lockDataDir(dir, 'server').release();
    else expect(holderOf(() => lockDataDir(dir, 'server'))).not.toBeNull();
  });

  it('refuses a lock taken on another machine, telling which file to delete if that process is gone', () => {
    const dir = tmp();
    writeLock(dir, record({ host: 'otra-maquina', pid: 1 }));
    expect(() => lockDataDir(dir, 'server')).toThrow(/otra-maquina.*borrá .*mitos\.lock/);
  });

  it('waits for a lock being written, and takes over one left unreadable', () => {
    const dir = tmp();
    writeLock(dir, '');
    expect(() => lockDataDir(dir, 'server')).toThrow(DataDirBusyError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, LOCK_FILE), old, old);
    lockDataDir(dir, 'server').release();
    writeLock(dir, '{"pid":"x"');
    utimesSync(path.join(dir, LOCK_FILE), old, old);
    lockDataDir(dir, 'server').release();
  });

  it('on release, leaves alone a lock that another process took over', () => {
    const dir = tmp();
    const lock = lockDataDir(dir, 'server');
    writeLock(dir, record({ pid: sleeper.pid!, start: processStart(sleeper.pid!) }));
    lock.release();
    expect(JSON.parse(readFileSync(lock.file, 'utf8')).pid).toBe(sleeper.pid);
  });
});
