import type { Db } from '../db/client';
import { notificationCount } from '../matches/repository/lists';

/** SPEC §4: matches waiting for the user's approval plus the user's rejected list. */
export function countNotifications(db: Db, userId: number): Promise<number> {
  return notificationCount(db, userId);
}
