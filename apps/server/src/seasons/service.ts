import { MSG } from '@mitos/domain/messages';
import { communityDay, isAdmin } from '@mitos/domain/community-rules';
import type { TSeason } from '@mitos/domain/community';
import type { CachedRead } from '../cache/cached-read';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import { uniqueViolation } from '../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { presentSeason } from './presenter';
import * as repo from './repository';

/** GET /api/seasons: newest first, the open one marked current. */
export const seasonsRead: CachedRead<AppContext, null> = {
  key: () => 'seasons',
  topics: () => ['community'],
  read: async (ctx) => ({ payload: (await repo.listSeasons(ctx.database.db)).map(presentSeason) }),
};

function rethrowTaken(err: unknown): never {
  const index = uniqueViolation(err);
  if (index === 'seasons_one_open') throw conflict(MSG.seasonAlreadyOpen);
  if (index === 'seasons_name_lower_key') throw conflict(MSG.seasonNameTaken);
  throw err;
}

/**
 * Opens a season (admins). Its dates may not overlap another season's (a match's day names one
 * season), and only one season is open at a time: the current one is closed first.
 */
export async function openSeason(
  ctx: AppContext,
  user: SessionUser,
  input: { name: string; startsOn: string; endsOn: string },
): Promise<TSeason> {
  if (!isAdmin(user)) throw forbidden(MSG.adminOnly);
  if (input.endsOn < input.startsOn) throw badRequest(MSG.seasonDates, { endsOn: [MSG.seasonDates] });
  try {
    return await ctx.changes.commit(async (tx, announce) => {
      announce({ community: true });
      if (await repo.currentSeason(tx)) throw conflict(MSG.seasonAlreadyOpen);
      if (await repo.overlapping(tx, input.startsOn, input.endsOn)) throw badRequest(MSG.seasonOverlaps);
      return presentSeason(await repo.insertSeason(tx, input));
    });
  } catch (err) {
    rethrowTaken(err);
  }
}

/**
 * Closes a season (admins): its ranking stays viewable, no match is recorded in it any more. A
 * season closed before its last day ends that day, so the next one may start tomorrow. Closing a
 * closed season is refused (409): the admin's screen is out of date.
 */
export async function closeSeason(ctx: AppContext, user: SessionUser, id: number): Promise<TSeason> {
  if (!isAdmin(user)) throw forbidden(MSG.adminOnly);
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    const season = await repo.findSeason(tx, id, { lock: true });
    if (!season) throw notFound(MSG.seasonNotFound);
    if (season.closedAt !== null) throw conflict(MSG.seasonAlreadyClosed);
    return presentSeason(await repo.closeSeason(tx, id, communityDay(new Date())));
  });
}
