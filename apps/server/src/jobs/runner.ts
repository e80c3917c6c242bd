import type { FastifyBaseLogger } from 'fastify';
import type { Changes } from '../changes/feed';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { claimDueJob, recordFailure, type JobRow } from './repository';
import { PENDING_MATCH_JOB, runPendingMatchStep, type StepOutcome } from './pending-match';

/** Jobs one turn runs at most, so that a backlog never holds a turn for long. */
const TURN_LIMIT = 500;
const MINUTE_MS = 60 * 1000;
/** A failing job is tried again after 1, 2, 4… minutes, at most an hour apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * MINUTE_MS;
}

export interface TurnResult {
  ran: number;
  failed: number;
}

/** One job's step, by its kind. */
function runJob(
  ctx: AppContext,
  tx: Tx,
  announce: (changes: Changes) => void,
  job: JobRow,
  now: Date,
): Promise<StepOutcome> {
  if (job.kind === PENDING_MATCH_JOB) return runPendingMatchStep(ctx, tx, announce, job, now);
  return Promise.reject(new Error(`unknown job kind: ${job.kind}`));
}

/**
 * Runs the jobs due at `now` (the clock is the caller's: tests pass a later time), each in a
 * transaction of its own that claims it with FOR UPDATE SKIP LOCKED, so that processes polling at
 * once never run one job twice, and survive a restart: the jobs are rows. A job's pushes go after
 * its commit. A failing job is counted, its error kept, and tried again later without stopping
 * the others. Throws only when the database cannot be reached at all.
 */
export async function runDueJobs(ctx: AppContext, now: Date = new Date()): Promise<TurnResult> {
  const result: TurnResult = { ran: 0, failed: 0 };
  while (result.ran + result.failed < TURN_LIMIT) {
    const current: { job?: JobRow } = {};
    let outcome: StepOutcome | null;
    try {
      outcome = await ctx.changes.commit(async (tx, announce) => {
        const job = await claimDueJob(tx, now);
        if (!job) return null;
        current.job = job;
        return runJob(ctx, tx, announce, job, now);
      });
    } catch (err) {
      const job = current.job;
      if (!job) throw err;
      result.failed += 1;
      const message = err instanceof Error ? err.message : String(err);
      await recordFailure(
        ctx.database.db,
        job.id,
        message,
        new Date(now.getTime() + retryDelayMs(job.attempts + 1)),
      );
      continue;
    }
    if (outcome === null) break;
    result.ran += 1;
    for (const push of outcome.pushes) {
      if (push.userIds.length > 0) ctx.push.notify(push.userIds, push.kind, push.message);
    }
  }
  return result;
}

/**
 * Runs the due jobs now and every JOBS_POLL_MS; answers a function that stops the schedule and
 * waits for a turn under way. A turn never overlaps the last one; a failed turn (the database
 * away) is logged and tried again at the next.
 */
export function scheduleJobs(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const turn = () => {
    if (running || stopped) return;
    running = runDueJobs(ctx)
      .then(
        ({ ran, failed }) => {
          if (failed > 0) log.warn({ ran, failed }, 'scheduled jobs failed');
          else if (ran > 0) log.debug({ ran }, 'scheduled jobs ran');
        },
        (err: unknown) => log.warn({ err }, 'running scheduled jobs failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(turn, 0);
  const timer = setInterval(turn, ctx.config.jobsPollMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
