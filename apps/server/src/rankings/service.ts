import { MSG } from '@mitos/domain/messages';
import { rankFor } from '@mitos/domain/community-points';
import { isProvisional } from '@mitos/domain/rating';
import type { TRanking, TStanding } from '@mitos/domain/community';
import type { CachedRead } from '../cache/cached-read';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { presentSeason } from '../seasons/presenter';
import { askedOrCurrentSeason as findSeason } from '../seasons/repository';
import { playerStanding, rankingPage, storeExists, type RankingSort } from './repository';
import { GENERAL } from './tallies';

const rankOf = (points: number) => {
  const { level, name } = rankFor(points);
  return { level, name };
};

export interface RankingArgs {
  seasonId?: number | undefined;
  storeId?: number | undefined;
  page: number;
  pageSize: number;
  sort?: RankingSort | undefined;
}

/**
 * A page of a season's ranking (the current season unless asked), of the whole community or of
 * one store: best first, each line with its place, rank and TOR code. No season yet: empty.
 */
export async function ranking(ctx: AppContext, args: RankingArgs): Promise<TRanking> {
  const db = ctx.database.db;
  const season = await findSeason(db, args.seasonId);
  if (season === undefined) throw notFound(MSG.seasonNotFound);
  if (args.storeId !== undefined && !(await storeExists(db, args.storeId))) throw notFound(MSG.storeNotFound);
  const offset = (args.page - 1) * args.pageSize;
  const { total, lines } = season
    ? await rankingPage(db, season.id, args.storeId ?? GENERAL, offset, args.pageSize, args.sort)
    : { total: 0, lines: [] };
  return {
    season: season && presentSeason(season),
    storeId: args.storeId ?? null,
    sort: args.sort ?? 'points',
    total,
    page: args.page,
    pageSize: args.pageSize,
    rows: lines.map(({ rating, ...line }, i) => ({
      position: offset + i + 1,
      ...line,
      rank: rankOf(line.points),
      rating: rating?.rating ?? null,
      ratingProvisional: rating === null || isProvisional(rating),
    })),
  };
}

/** GET /api/rankings: kept until the community (a ranking, store or season) or a rating changes. */
export const rankingRead: CachedRead<AppContext, RankingArgs> = {
  key: (a) =>
    `ranking:${a.seasonId ?? 'current'}:${a.storeId ?? GENERAL}:${a.page}:${a.pageSize}:${a.sort ?? 'points'}`,
  topics: () => ['community', 'standings', 'ratings'],
  read: async (ctx, args) => ({ payload: await ranking(ctx, args) }),
};

/**
 * A player's season (the current one unless asked): place in Ranking General, matches, wins,
 * points, rank and TOR code, and the stores they played at.
 */
export async function standing(ctx: AppContext, userId: number, seasonId?: number): Promise<TStanding> {
  const db = ctx.database.db;
  const season = await findSeason(db, seasonId);
  if (season === undefined) throw notFound(MSG.seasonNotFound);
  const found = await playerStanding(db, userId, season?.id ?? null);
  if (!found) throw notFound(MSG.userNotFound);
  const line = found.line ?? { position: null, matches: 0, wins: 0, points: 0 };
  return {
    season: season && presentSeason(season),
    position: line.position,
    matches: line.matches,
    wins: line.wins,
    points: line.points,
    rank: rankOf(line.points),
    torCode: found.torCode,
    stores: found.stores,
  };
}

/** GET /api/users/:id/standing: kept until the community, the standings or the player's row change. */
export const standingRead: CachedRead<AppContext, { userId: number; seasonId?: number | undefined }> = {
  key: ({ userId, seasonId }) => `standing:${userId}:${seasonId ?? 'current'}`,
  topics: ({ userId }) => ['community', 'standings', `user:${userId}`],
  read: async (ctx, { userId, seasonId }) => ({ payload: await standing(ctx, userId, seasonId) }),
};
