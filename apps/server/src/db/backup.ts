import { PGlite } from '@electric-sql/pglite';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { tightenTree } from './data-dir';

/**
 * Writes a compressed copy of the embedded database, readable by its owner only (0600). The
 * server must be stopped: the command takes the data directory's lock (data-dir-lock.ts).
 */
export async function backupPglite(dataDir: string, outFile: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir}`);
  const pg = await PGlite.create(dataDir);
  try {
    const dump = await pg.dumpDataDir('gzip');
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true, mode: 0o700 });
    writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    // The mode above applies to a new file only.
    if (process.platform !== 'win32') chmodSync(outFile, 0o600);
  } finally {
    await pg.close();
    // Opening it rewrote a few files with PGlite's own modes.
    tightenTree(dataDir);
  }
}

/**
 * Replaces the embedded database with a backup. An existing database is kept beside it
 * (`<dir>.before-restore-<time>`) rather than deleted.
 */
export async function restorePglite(inFile: string, dataDir: string): Promise<string | null> {
  const archive = readFileSync(inFile);
  let keptAside: string | null = null;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    keptAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, keptAside);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pg = await PGlite.create({ dataDir, loadDataDir: new Blob([archive]) });
  await pg.query('select 1');
  await pg.close();
  tightenTree(dataDir);
  return keptAside;
}
