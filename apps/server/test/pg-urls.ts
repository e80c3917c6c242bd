import { randomBytes } from 'node:crypto';

/**
 * Test databases are named `mitos_run_<run>_<suffix>`, where <run> is the start time of the test
 * run in base 36: a run drops only its own databases, and those of runs that began more than six
 * hours ago (left behind by a killed run), so two runs on one server do not disturb each other.
 */
export const RUN_PREFIX = 'mitos_run_';
const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

export function newRunId(now = Date.now()): string {
  return now.toString(36);
}

export function templateName(runId: string): string {
  return `${RUN_PREFIX}${runId}_tpl`;
}

export function testDatabaseName(runId: string): string {
  return `${RUN_PREFIX}${runId}_${randomBytes(5).toString('hex')}`;
}

/** Whether a database belongs to this run, or to a run old enough to be abandoned. */
export function isDroppable(name: string, runId: string, now = Date.now()): boolean {
  if (!name.startsWith(RUN_PREFIX)) return false;
  const owner = name.slice(RUN_PREFIX.length).split('_')[0] ?? '';
  if (owner === runId) return true;
  const started = parseInt(owner, 36);
  return Number.isFinite(started) && now - started > STALE_AFTER_MS;
}

/** The same server, database swapped. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where CREATE and DROP DATABASE run: the database named in the URL itself. */
export function adminUrl(base: string): string {
  return base;
}
