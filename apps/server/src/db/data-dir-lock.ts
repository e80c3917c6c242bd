import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time on an embedded database directory. PGlite has no lock of its own: two
 * processes on one directory each keep their own copy in memory and overwrite each other's files,
 * and acknowledged writes are lost. Node has no flock, so the lock is a file created atomically
 * (a complete record linked into place, which fails if the name exists) naming its holder: pid,
 * the kernel's start time of that pid, the boot and the host. A holder that no longer runs (killed,
 * crashed, machine rebooted, pid reused by another program) is recognised and its lock taken over.
 * See docs/decisions/007-data-directory.md.
 */

export const LOCK_FILE = 'mitos.lock';

export interface LockRecord {
  pid: number;
  host: string;
  /** Linux: the process's start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  start: string | null;
  /** Linux: the boot's id; pids start over after a reboot. */
  boot: string | null;
  /** What holds it: `server` or the npm script of a command. */
  command: string;
  since: string;
  nonce: string;
}

/** Who holds the lock, in one line of Spanish and one of English. */
function describeHolder(holder: LockRecord | null): { es: string; en: string } {
  if (!holder) return { es: 'otro proceso', en: 'another process' };
  const what =
    holder.command === 'server'
      ? { es: 'el servidor', en: 'the server' }
      : { es: `«npm run ${holder.command}»`, en: `"npm run ${holder.command}"` };
  const where = holder.host === os.hostname() ? '' : ` @ ${holder.host}`;
  return {
    es: `${what.es} (pid ${holder.pid}${where}, desde ${holder.since})`,
    en: `${what.en} (pid ${holder.pid}${where})`,
  };
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockRecord | null,
  ) {
    const who = describeHolder(holder);
    const elsewhere = holder !== null && holder.host !== os.hostname();
    const hint = elsewhere ? ` Si ese proceso ya no existe, borrá ${path.join(dir, LOCK_FILE)}.` : '';
    super(
      `El directorio de datos ${dir} está en uso por ${who.es}: detenelo primero y volvé a intentar.${hint}` +
        ` / The data directory is in use by ${who.en}: stop it first.`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Gives the directory back (also done at exit). */
  release(): void;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The kernel's start time of a process (Linux), to tell it from a later process given the same pid. */
export function processStart(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Fields after the command name, which is in parentheses and may itself hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

const bootId = (): string | null => readOrNull('/proc/sys/kernel/random/boot_id');

function parse(text: string): LockRecord | null {
  try {
    const value = JSON.parse(text) as Partial<LockRecord>;
    if (typeof value.pid !== 'number' || !Number.isSafeInteger(value.pid) || value.pid <= 0) return null;
    if (typeof value.host !== 'string' || typeof value.nonce !== 'string') return null;
    return {
      pid: value.pid,
      host: value.host,
      start: typeof value.start === 'string' ? value.start : null,
      boot: typeof value.boot === 'string' ? value.boot : null,
      command: typeof value.command === 'string' ? value.command : 'unknown',
      since: typeof value.since === 'string' ? value.since : '?',
      nonce: value.nonce,
    };
  } catch {
    return null;
  }
}

/** Directories this process holds, so that a second claim from the same process is refused too. */
const heldHere = new Set<string>();

/** Whether the process a lock names may still be running (when in doubt, it is). */
export function holderAlive(holder: LockRecord): boolean {
  // On another machine (a shared disk): nothing here can tell.
  if (holder.host !== os.hostname()) return true;
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) return false;
  // Our own pid in a lock we did not take: a previous life (a container restarts with the same pid).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (err) {
    // EPERM: it exists, under another user.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const start = processStart(holder.pid);
  if (holder.start && start && start !== holder.start) return false;
  return true;
}

/** A lock file that cannot be read as a record: a partly written one is given a moment to finish. */
function unreadableIsStale(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > 2_000;
  } catch {
    return true;
  }
}

/**
 * Takes the directory for this process, or throws DataDirBusyError naming who holds it. The lock
 * file is removed when the process exits; after a crash or SIGKILL the next claim takes it over.
 */
export function lockDataDir(dir: string, command: string): DataDirLock {
  const resolved = path.resolve(dir);
  const file = path.join(resolved, LOCK_FILE);
  if (heldHere.has(resolved)) throw new DataDirBusyError(resolved, parse(readOrNull(file) ?? ''));
  mkdirSync(resolved, { recursive: true, mode: 0o700 });
  const record: LockRecord = {
    pid: process.pid,
    host: os.hostname(),
    start: processStart(process.pid),
    boot: bootId(),
    command,
    since: new Date().toISOString(),
    nonce: randomBytes(12).toString('base64url'),
  };
  const text = JSON.stringify(record);

  for (let attempt = 0; attempt < 5; attempt++) {
    if (place(file, text)) {
      heldHere.add(resolved);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldHere.delete(resolved);
        process.off('exit', release);
        // Only our own lock: never one that was taken over after we were presumed dead.
        if (parse(readOrNull(file) ?? '')?.nonce === record.nonce) {
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        }
      };
      process.on('exit', release);
      return { file, release };
    }
    const current = readOrNull(file);
    if (current === null) continue; // released meanwhile: try again
    const holder = parse(current);
    if (holder ? holderAlive(holder) : !unreadableIsStale(file)) throw new DataDirBusyError(resolved, holder);
    takeOver(file, current);
  }
  throw new DataDirBusyError(resolved, parse(readOrNull(file) ?? ''));
}

/** Creates the lock file with its whole content at once; false when one exists. */
function place(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    // A file system without hard links: exclusive creation, written right after.
    try {
      writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
      return true;
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw again;
    }
  } finally {
    try {
      unlinkSync(draft);
    } catch {
      // nothing to clean
    }
  }
}

/**
 * Moves a dead holder's lock out of the way. Two processes may find the same stale lock at once:
 * the move is atomic, and a process that moved a lock other than the stale one it read (another
 * claimant's fresh lock) puts it back.
 */
function takeOver(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch {
    return; // someone else moved it first
  }
  const moved = readOrNull(aside);
  if (moved !== staleText) {
    try {
      linkSync(aside, file);
    } catch {
      // a third claimant placed its own meanwhile
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // already gone
  }
}
