import { LIMITS } from '@mitos/domain/constants';
import { MSG } from '@mitos/domain/messages';
import { parseUserSearch, type TPublicUser, type TUserSummary } from '@mitos/domain/users';
import { computeStatistics, type UserStatistics } from '@mitos/domain/statistics';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { presentPublicUser } from './presenter';
import { findUserById, listUserSummaries, searchUsersByUsername } from './repository';
import { statisticsSummaries } from './stats-repository';

export function listUsers(ctx: AppContext): Promise<TUserSummary[]> {
  return listUserSummaries(ctx.database.db);
}

export async function searchUsers(ctx: AppContext, q: string): Promise<TUserSummary[]> {
  const search = parseUserSearch(q);
  if (search.kind === 'none') return [];
  if (search.kind === 'id') {
    const user = await findUserById(ctx.database.db, search.id);
    return user ? [{ id: user.id, username: user.username }] : [];
  }
  return searchUsersByUsername(ctx.database.db, search.text, LIMITS.searchResultsMax);
}

export async function getUser(ctx: AppContext, id: number): Promise<TPublicUser> {
  const user = await findUserById(ctx.database.db, id);
  if (!user) throw notFound(MSG.userNotFound);
  return presentPublicUser(user);
}

export async function getUserStatistics(ctx: AppContext, id: number): Promise<UserStatistics> {
  const user = await findUserById(ctx.database.db, id);
  if (!user) throw notFound(MSG.userNotFound);
  return computeStatistics(await statisticsSummaries(ctx.database.db, id));
}
