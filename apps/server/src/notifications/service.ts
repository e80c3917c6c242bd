import type { TMatch } from '@mitos/domain/matches';
import type { CachedRead } from '../cache/cached-read';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { Page } from '../matches/cursor';
import { ownListRead, pageOf, type ListQuery } from '../matches/service';
import { notificationCount, pendingPage, rejectedPage } from './repository';

/**
 * The inbox (SPEC §4): the matches waiting for the user (Pendientes), their rejected list
 * (Rechazadas) and the count of both that the bell and the live socket show.
 */

export function listPending(ctx: AppContext, userId: number, query: ListQuery): Promise<Page<TMatch>> {
  return pageOf(ctx, query, (after) => pendingPage(ctx.database.db, userId, query.limit, after));
}

export function listRejected(ctx: AppContext, userId: number, query: ListQuery): Promise<Page<TMatch>> {
  return pageOf(ctx, query, (after) => rejectedPage(ctx.database.db, userId, query.limit, after));
}

/** SPEC §4: matches waiting for the user's approval plus the user's rejected list. */
export function countNotifications(db: Db, userId: number): Promise<number> {
  return notificationCount(db, userId);
}

/** GET /api/matches/pending and /rejected, kept until a match of the user's changes. */
export const pendingRead = ownListRead('pending', listPending);
export const rejectedRead = ownListRead('rejected', listRejected);

/** GET /api/notifications/count, kept until a match of the user's changes. */
export const countRead: CachedRead<AppContext, number> = {
  key: (userId) => `count:${userId}`,
  topics: (userId) => [`matches:${userId}`],
  read: async (ctx, userId) => ({ payload: { count: await countNotifications(ctx.database.db, userId) } }),
};
