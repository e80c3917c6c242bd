import { MSG } from '@mitos/domain/messages';
import type { StatPeriod, THeadToHead, TMetagame, TPlayerStatistics } from '@mitos/domain/player-statistics';
import { headToHead, metagameRaces, playerStatistics } from '@mitos/domain/player-statistics-rules';
import type { CachedRead } from '../cache/cached-read';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import { presentSeason } from '../seasons/presenter';
import { currentSeason, findSeason } from '../seasons/repository';
import { headToHeadRows, metagameLines, playerMatchRows, userAndSeasonExist, usernames } from './repository';

export interface PlayerStatisticsArgs {
  userId: number;
  period: StatPeriod;
  seasonId?: number | undefined;
}

/** A player's statistics over their approved matches, of one season when asked. */
export async function statistics(ctx: AppContext, args: PlayerStatisticsArgs): Promise<TPlayerStatistics> {
  const db = ctx.database.db;
  const found = await userAndSeasonExist(db, args.userId, args.seasonId);
  if (!found.user) throw notFound(MSG.userNotFound);
  if (!found.season) throw notFound(MSG.seasonNotFound);
  const rows = await playerMatchRows(db, args.userId, args.seasonId);
  return playerStatistics(rows, args.period, args.seasonId ?? null);
}

/**
 * GET /api/users/:id/statistics: kept until one of the player's matches changes, one of their
 * decks does (a deleted deck loses its id in the matches) or the community does (an opponent's
 * name, an annulment). Not every rating change: an approval's rating is written before its
 * change is announced, so the player's own match change covers the form's rating, and the
 * answers of everyone else stay cached through a busy evening of approvals (docs/benchmarks.md).
 * A replay that moves other players' history (an annulment of a match of no season, two
 * approvals committed out of order) reaches their form within the cache's lifetime.
 */
export const statisticsRead: CachedRead<AppContext, PlayerStatisticsArgs> = {
  key: (a) => `statistics:${a.userId}:${a.period}:${a.seasonId ?? 'all'}`,
  topics: ({ userId }) => [`matches:${userId}`, `decks:${userId}`, 'community'],
  read: async (ctx, args) => ({ payload: await statistics(ctx, args) }),
};

export interface HeadToHeadArgs {
  userId: number;
  opponentId: number;
}

/** The approved matches two players played on opposite teams, from the first one's side. */
export async function headToHeadOf(
  ctx: AppContext,
  { userId, opponentId }: HeadToHeadArgs,
): Promise<THeadToHead> {
  if (userId === opponentId) throw badRequest(MSG.playersMustDiffer);
  const db = ctx.database.db;
  const names = await usernames(db, [userId, opponentId]);
  const opponent = names.get(opponentId);
  if (!names.has(userId) || opponent === undefined) throw notFound(MSG.userNotFound);
  return headToHead(await headToHeadRows(db, userId, opponentId), { id: opponentId, username: opponent });
}

/** GET /api/users/:id/head-to-head/:opponentId: kept until the player's matches or the community change. */
export const headToHeadRead: CachedRead<AppContext, HeadToHeadArgs> = {
  key: ({ userId, opponentId }) => `head-to-head:${userId}:${opponentId}`,
  topics: ({ userId }) => [`matches:${userId}`, 'community'],
  read: async (ctx, args) => ({ payload: await headToHeadOf(ctx, args) }),
};

export interface MetagameArgs {
  seasonId?: number | undefined;
  storeId?: number | undefined;
}

/**
 * The races played in a season's approved matches (the current season unless asked), in the
 * whole community or at one store. No season at all: nothing counted.
 */
export async function metagame(ctx: AppContext, args: MetagameArgs): Promise<TMetagame> {
  const db = ctx.database.db;
  const season =
    args.seasonId === undefined ? ((await currentSeason(db)) ?? null) : await findSeason(db, args.seasonId);
  if (season === undefined) throw notFound(MSG.seasonNotFound);
  const lines = await metagameLines(db, season?.id ?? null, args.storeId);
  if (!lines) throw notFound(MSG.storeNotFound);
  return {
    season: season && presentSeason(season),
    storeId: args.storeId ?? null,
    matches: lines.matches,
    races: metagameRaces(lines.races),
  };
}

/**
 * GET /api/metagame: kept until a season's counts change (an approval or annulment of a match with
 * a season, as for the rankings) or the community does (a season, a store).
 */
export const metagameRead: CachedRead<AppContext, MetagameArgs> = {
  key: (a) => `metagame:${a.seasonId ?? 'current'}:${a.storeId ?? 'all'}`,
  topics: () => ['community', 'standings'],
  read: async (ctx, args) => ({ payload: await metagame(ctx, args) }),
};
