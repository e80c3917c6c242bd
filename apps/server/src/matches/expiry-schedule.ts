import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { expireRejected } from './service';
import { purgeKeys } from '../requests/keys';

/** Often enough that a rejection expires within minutes of its stated delay (decision 012). */
const EVERY_MS = 10 * 60 * 1000;

/**
 * Sweeps expired rejections and idempotency keys past their lifetime now and every ten minutes; answers a function that stops the schedule
 * and waits for a sweep under way. A failed sweep (the database away) is logged and tried again
 * at the next turn.
 */
export function scheduleExpiry(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = Promise.all([
      expireRejected(ctx).then(
        (expired) => {
          if (expired > 0) log.info({ expired }, 'rejected matches expired');
        },
        (err: unknown) => log.warn({ err }, 'expiring rejected matches failed'),
      ),
      // Idempotency keys are remembered 30 days (docs/decisions/018).
      purgeKeys(ctx.database.db).then(
        (purged) => {
          if (purged > 0) log.info({ purged }, 'old idempotency keys purged');
        },
        (err: unknown) => log.warn({ err }, 'purging old idempotency keys failed'),
      ),
    ]).then(() => undefined);
  };
  const first = setTimeout(sweep, 0);
  const timer = setInterval(sweep, EVERY_MS);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
