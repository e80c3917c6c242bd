import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { DataDirBusyError, LOCK_FILE, lockDataDir, type DataDirLock } from './data-dir-lock';

/**
 * DATA_DIR holds the embedded database (with password hashes and emails), the session secret and
 * backups: only its owner may read it. New files are private from the start (umask), and what an
 * older version or another tool left open is closed at start.
 */

const POSIX = process.platform !== 'win32';

/** Makes everything this process creates from now on private to its user (0700 / 0600). */
export function restrictNewFiles(): void {
  if (POSIX) process.umask(0o077);
}

/** What the app itself keeps in DATA_DIR. */
function isOurs(name: string): boolean {
  return (
    name === 'pglite' ||
    name === 'session-secret' ||
    name === 'vapid-keys.json' ||
    name === 'backups' ||
    name.startsWith(LOCK_FILE) ||
    name.startsWith('pglite.before-restore-')
  );
}

const owned = (mode: { uid: number }) => !POSIX || mode.uid === process.getuid?.();

/** Closes every file under `dir` to 0600 and every folder to 0700 (owned entries only, no symlinks). */
export function tightenTree(dir: string): void {
  if (!POSIX) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    try {
      const st = lstatSync(file);
      if (!owned(st)) continue;
      if (entry.isDirectory()) {
        if ((st.mode & 0o077) !== 0) chmodSync(file, 0o700);
        tightenTree(file);
      } else if ((st.mode & 0o077) !== 0) chmodSync(file, 0o600);
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Creates DATA_DIR private (0700), or closes an existing one that others can read: when this
 * user owns it and it holds only the app's own files; otherwise it is left alone and a warning
 * says what to do. The app's own files inside are closed to 0600. Answers the warnings to print.
 */
export function secureDataDir(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (!POSIX) return [];
  const warnings: string[] = [];
  const st = statSync(dir);
  const open = (st.mode & 0o077) !== 0;
  const mode = (st.mode & 0o777).toString(8);
  const entries = readdirSync(dir);
  if (open && owned(st) && entries.every(isOurs)) {
    chmodSync(dir, 0o700);
    warnings.push(
      `Permisos de ${dir} corregidos: ${mode} → 700 (solo su dueño puede leer la base y el secreto). / ` +
        `Fixed permissions of ${dir}: ${mode} → 700.`,
    );
  } else if (open) {
    warnings.push(
      `Atención: ${dir} es legible por otros usuarios (modo ${mode}); ejecutá chmod 700 ${dir}. / ` +
        `Warning: ${dir} is readable by other users (mode ${mode}); run chmod 700 ${dir}.`,
    );
  }
  for (const name of entries.filter(isOurs)) {
    const file = path.join(dir, name);
    try {
      const entry = lstatSync(file);
      if (entry.isSymbolicLink() || !owned(entry)) continue;
      if (entry.isDirectory()) {
        if ((entry.mode & 0o077) !== 0) chmodSync(file, 0o700);
        tightenTree(file);
      } else if ((entry.mode & 0o077) !== 0) chmodSync(file, 0o600);
    } catch {
      // gone meanwhile
    }
  }
  return warnings;
}

/**
 * What every command that uses DATA_DIR does first: closes its permissions and, for the embedded
 * database, takes the directory's lock. A directory held by another process (the server, or another
 * command) stops this one with a one-line message and exit code 1.
 */
export function claimDataDir(
  config: Pick<AppConfig, 'database' | 'dataDir'>,
  command: string,
): DataDirLock | null {
  if (config.database.kind === 'pglite-memory') return null;
  const embedded = config.database.kind === 'pglite';
  // With PostgreSQL DATA_DIR keeps only the generated session secret, when there is one.
  if (!embedded && !existsSync(config.dataDir)) return null;
  try {
    for (const warning of secureDataDir(config.dataDir)) console.warn(warning);
    return embedded ? lockDataDir(config.dataDir, command) : null;
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
