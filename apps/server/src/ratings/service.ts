import { MSG } from '@mitos/domain/messages';
import { isProvisional } from '@mitos/domain/rating';
import type { TPlayerRating, TRatingLine } from '@mitos/domain/player-statistics';
import type { FastifyBaseLogger } from 'fastify';
import type { CachedRead } from '../cache/cached-read';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { presentSeason } from '../seasons/presenter';
import { askedOrCurrentSeason } from '../seasons/repository';
import { findUserById } from '../users/repository';
import { settleRatings } from './engine';
import { ALL_TIME, playerRatings, type StoredRating } from './repository';

function present(r: StoredRating | undefined): TRatingLine | null {
  if (!r) return null;
  return { rating: r.rating, mu: r.mu, sigma: r.sigma, matches: r.matches, provisional: isProvisional(r) };
}

/** A player's Mitos Rating: all-time and of the season (the current one unless asked). */
export async function playerRating(
  ctx: AppContext,
  userId: number,
  seasonId?: number,
): Promise<TPlayerRating> {
  const db = ctx.database.db;
  if (!(await findUserById(db, userId))) throw notFound(MSG.userNotFound);
  const season = await askedOrCurrentSeason(db, seasonId);
  if (season === undefined) throw notFound(MSG.seasonNotFound);
  const lines = await playerRatings(db, userId, season ? [ALL_TIME, season.id] : [ALL_TIME]);
  return {
    allTime: present(lines.get(ALL_TIME)),
    season: season && presentSeason(season),
    seasonRating: season ? present(lines.get(season.id)) : null,
  };
}

/** GET /api/users/:id/rating: kept until the ratings, the player's matches or the seasons change. */
export const playerRatingRead: CachedRead<AppContext, { userId: number; seasonId?: number | undefined }> = {
  key: ({ userId, seasonId }) => `rating:${userId}:${seasonId ?? 'current'}`,
  topics: ({ userId }) => ['community', 'ratings', `matches:${userId}`],
  read: async (ctx, { userId, seasonId }) => ({ payload: await playerRating(ctx, userId, seasonId) }),
};

/**
 * Rates what the last commit queued, before the writer is answered, and tells every process the
 * ratings changed (rankings by rating, profiles). Every commit that
 * announces match or community changes is followed; the queue is looked at first, so one that
 * queued nothing costs one small query. Answers a function that rates what is queued now: the
 * app calls it once it runs, for what a crash left queued.
 */
export function keepRatingsSettled(
  ctx: Pick<AppContext, 'database' | 'changes'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  /** What settles the queue (engine.ts's; a test's own). */
  settleQueue: typeof settleRatings = settleRatings,
): () => Promise<void> {
  const settle = async () => {
    const players = await settleQueue(ctx.database);
    if (players.length > 0) void ctx.changes.publish({ ratings: true });
  };
  // Commits that arrive while a settle runs share the next one (docs/decisions/024): it starts
  // after their commits, so it rates what they queued, and under load one settle (a transaction
  // under the rating lock, which every process takes in turn) serves many writers at once.
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const settleAfterNow = (): Promise<void> => {
    if (!running) {
      running = settle().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => {})
      .then(() => {
        next = null;
        return settleAfterNow();
      });
    return next;
  };
  // And the commits of one turn of the event loop share one (decision 057): on PGlite a request's
  // statements never wait for I/O, so each request runs whole, its commit included, in one turn,
  // and a settle started at once always found its own approval alone in the queue. Started once
  // the turn's other requests have been read and run, it rates all of theirs.
  let turn: Promise<void> | null = null;
  const settleAfterTurn = (): Promise<void> =>
    (turn ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      turn = null;
      return settleAfterNow();
    }));
  ctx.changes.followCommits(async (changes) => {
    if (changes.some((c) => c.community || c.standings || (c.matches?.length ?? 0) > 0))
      await settleAfterTurn();
  });
  return () =>
    settleAfterNow().catch((err: unknown) => log.error({ err }, 'could not rate the queued matches'));
}
