import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import type { Database } from './client';

const EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Embedded PGlite has no autovacuum (its only process is a standalone backend): without this, its
 * planner statistics and visibility map are never refreshed and dead rows never reclaimed, and
 * index-only scans keep reading the table. Runs `vacuum analyze` now and every six hours.
 * Answers a function that stops the schedule. PostgreSQL servers run their own autovacuum.
 *
 * With a `stampFile` (the server's: DATA_DIR/last-vacuum), each vacuum touches it, and a start
 * less than six hours after the last vacuum waits for the rest of those six hours instead of
 * vacuuming first: a vacuum of a database of 100,000 matches takes seconds, and a restart (a
 * deploy) would otherwise answer nothing meanwhile (docs/decisions/023). PGlite keeps no
 * last_vacuum of its own across restarts.
 */
export async function maintainEmbedded(
  database: Database,
  onError: (err: unknown) => void,
  options: { stampFile?: string } = {},
): Promise<() => void> {
  const pglite = database.pglite;
  if (database.kind !== 'pglite' || !pglite) return () => {};
  const { stampFile } = options;
  const run = async () => {
    await pglite.exec('vacuum analyze');
    if (stampFile) await writeFile(stampFile, new Date().toISOString());
  };
  const since = stampFile ? sinceLastVacuum(stampFile) : null;
  let firstDelay = EVERY_MS;
  if (since === null || since >= EVERY_MS) await run();
  else firstDelay = EVERY_MS - since;
  let timer: NodeJS.Timeout;
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      if (pglite.closed) return;
      run().catch(onError);
      schedule(EVERY_MS);
    }, delay);
    timer.unref();
  };
  schedule(firstDelay);
  return () => clearTimeout(timer);
}

/** Milliseconds since the stamp was last touched; null without one. */
function sinceLastVacuum(stampFile: string): number | null {
  try {
    return Math.max(0, Date.now() - statSync(stampFile).mtimeMs);
  } catch {
    return null;
  }
}
