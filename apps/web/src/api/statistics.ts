import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  StatPeriod,
  THeadToHead,
  TMetagame,
  TPlayerRating,
  TPlayerStatistics,
} from '@mitos/domain/player-statistics';
import { api } from '../lib/api-client';
import { statisticsKeys } from './query-keys';

// The schemas (and zod with them) load with the first request, not with the screen.
const schemas = () => import('@mitos/domain/player-statistics');

/** GET /api/users/{id}/rating: the all-time Mitos Rating and the season's (the current one by default). */
export const playerRatingQuery = (userId: number, seasonId: number | null = null) =>
  queryOptions<TPlayerRating>({
    queryKey: statisticsKeys.rating(userId, seasonId),
    queryFn: ({ signal }) =>
      api(`/api/users/${userId}/rating`, {
        query: { seasonId },
        schema: () => schemas().then((m) => m.ZPlayerRating),
        signal,
      }),
  });

export function usePlayerRating(userId: number, seasonId: number | null = null) {
  return useQuery({ ...playerRatingQuery(userId, seasonId), enabled: userId > 0 });
}

export interface PlayerStatisticsQuery {
  /** The form's periods: weeks or months (the server's default). */
  period?: StatPeriod;
  /** Only that season's matches; null: every match. */
  seasonId?: number | null;
}

/** GET /api/users/{id}/statistics: form, decks, races, matchups, opponents and streaks. */
export function playerStatisticsQuery(userId: number, query: PlayerStatisticsQuery = {}) {
  const period = query.period ?? 'month';
  const seasonId = query.seasonId ?? null;
  return queryOptions<TPlayerStatistics>({
    queryKey: statisticsKeys.player(userId, period, seasonId),
    queryFn: ({ signal }) =>
      api(`/api/users/${userId}/statistics`, {
        query: { period, seasonId },
        schema: () => schemas().then((m) => m.ZPlayerStatistics),
        signal,
      }),
  });
}

export function usePlayerStatistics(userId: number, query: PlayerStatisticsQuery = {}, enabled = true) {
  return useQuery<TPlayerStatistics>({
    ...playerStatisticsQuery(userId, query),
    enabled: enabled && userId > 0,
    // Switching Semana/Mes keeps the other view on show while it loads.
    placeholderData: (previous) => previous,
  });
}

/** GET /api/users/{id}/head-to-head/{opponentId}; nothing is asked until an opponent is chosen. */
export function useHeadToHead(userId: number, opponentId: number | null) {
  return useQuery<THeadToHead>({
    queryKey: statisticsKeys.headToHead(userId, opponentId ?? 0),
    queryFn: ({ signal }) =>
      api(`/api/users/${userId}/head-to-head/${opponentId}`, {
        schema: () => schemas().then((m) => m.ZHeadToHead),
        signal,
      }),
    enabled: userId > 0 && opponentId !== null && opponentId > 0,
  });
}

export interface MetagameQuery {
  /** Default: the current season. */
  seasonId?: number | null;
  /** Default: the whole community. */
  storeId?: number | null;
}

/** GET /api/metagame: the races played, their share and win rate. */
export function useMetagame(query: MetagameQuery = {}) {
  const seasonId = query.seasonId ?? null;
  const storeId = query.storeId ?? null;
  return useQuery<TMetagame>({
    queryKey: statisticsKeys.metagame(seasonId, storeId),
    queryFn: ({ signal }) =>
      api('/api/metagame', {
        query: { seasonId, storeId },
        schema: () => schemas().then((m) => m.ZMetagame),
        signal,
      }),
    placeholderData: (previous) => previous,
  });
}
