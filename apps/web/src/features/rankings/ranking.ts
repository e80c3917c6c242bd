import * as MSG from '@mitos/domain/message-texts';
import type { TRankingRow, TStore } from '@mitos/domain/community';
import type { TTeam } from '@mitos/domain/matches';
import { ApiError, errorMessage } from '../../lib/api-client';
import type { RankingRow } from '../../components/ranking-table';

/** The server's rows as the table shows them: its position, the TOR code and the rank's name. */
export function rankingRows(rows: readonly TRankingRow[]): RankingRow[] {
  return rows.map((row) => ({
    id: row.userId,
    position: row.position,
    name: row.name,
    code: row.torCode,
    rank: row.rank.name,
    matches: row.matches,
    wins: row.wins,
    points: row.points,
    rating: row.rating,
    ratingProvisional: row.ratingProvisional,
  }));
}

/** A team's players by name, joined by commas; a player without a name reads Usuario. */
export function teamNames(team: Pick<TTeam, 'players'>): string {
  return team.players.map((p) => p.username || MSG.fallbackUser).join(', ');
}

/** Where a store is: neighbourhood, city. */
export function storeLocation(store: Pick<TStore, 'location'>): string {
  return [store.location.neighborhood, store.location.city].filter(Boolean).join(', ');
}

/** The pages of a ranking of `total` rows. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A failed community write: the server's Spanish text, or the connection message when offline. */
export function writeErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.isNetworkError) return MSG.connectionError;
  return errorMessage(err, MSG.internal);
}

export const isNotFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/** A path id is a plain positive integer; anything else can only be "not found". */
export function parseStoreId(raw: string | undefined): number {
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
}
