import { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a compressed copy of the embedded database. The server must be stopped: PGlite keeps
 * the data directory to one process at a time.
 */
export async function backupPglite(dataDir: string, outFile: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir}`);
  const pg = await PGlite.create(dataDir);
  try {
    const dump = await pg.dumpDataDir('gzip');
    mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
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
  mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({ dataDir, loadDataDir: new Blob([archive]) });
  await pg.query('select 1');
  await pg.close();
  return keptAside;
}
