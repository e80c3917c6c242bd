import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { expireRejected } from './service';

/** Often enough that a rejection expires within minutes of its stated delay (decision 012). */
const EVERY_MS = 10 * 60 * 1000;

/**
 * Sweeps expired rejections now and every ten minutes; answers a function that stops the schedule
 * and waits for a sweep under way. A failed sweep (the database away) is logged and tried again
 * at the next turn.
 */
export function scheduleExpiry(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = expireRejected(ctx).then(
      (expired) => {
        if (expired > 0) log.info({ expired }, 'rejected matches expired');
      },
      (err: unknown) => log.warn({ err }, 'expiring rejected matches failed'),
    );
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
