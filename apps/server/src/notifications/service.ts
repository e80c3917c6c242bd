import type { CachedRead } from '../cache/cached-read';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { notificationCount } from '../matches/repository/lists';

/** SPEC §4: matches waiting for the user's approval plus the user's rejected list. */
export function countNotifications(db: Db, userId: number): Promise<number> {
  return notificationCount(db, userId);
}

/** GET /api/notifications/count, kept until a match of the user's changes. */
export const countRead: CachedRead<AppContext, number> = {
  key: (userId) => `count:${userId}`,
  topics: (userId) => [`matches:${userId}`],
  read: async (ctx, userId) => ({ payload: { count: await countNotifications(ctx.database.db, userId) } }),
};
