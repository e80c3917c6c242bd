import type { Database } from './client';

const EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Embedded PGlite has no autovacuum (its only process is a standalone backend): without this, its
 * planner statistics and visibility map are never refreshed and dead rows never reclaimed, and
 * index-only scans keep reading the table. Runs `vacuum analyze` now and every six hours.
 * Answers a function that stops the schedule. PostgreSQL servers run their own autovacuum.
 */
export async function maintainEmbedded(
  database: Database,
  onError: (err: unknown) => void,
): Promise<() => void> {
  const pglite = database.pglite;
  if (database.kind !== 'pglite' || !pglite) return () => {};
  const run = () => pglite.exec('vacuum analyze');
  await run();
  const timer = setInterval(() => {
    if (!pglite.closed) run().catch(onError);
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
