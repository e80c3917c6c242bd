import type { THeadToHead, TPlayerRating, TPlayerStatistics } from '@mitos/domain/player-statistics';
import { currentSeason as SEASON } from './community-fixtures';

/** All-time 1084 after 12 matches; 1040 and Provisional in the season, after 4. */
export function ratingFixture(over: Partial<TPlayerRating> = {}): TPlayerRating {
  return {
    allTime: { rating: 1084, mu: 28.4, sigma: 5.1, matches: 12, provisional: false },
    season: SEASON,
    seasonRating: { rating: 1040, mu: 27.1, sigma: 6.0, matches: 4, provisional: true },
    ...over,
  };
}

/** Twelve approved matches over two months, with two decks, two races and two opponents. */
export function statisticsFixture(over: Partial<TPlayerStatistics> = {}): TPlayerStatistics {
  return {
    period: 'month',
    seasonId: null,
    totals: { matches: 12, wins: 7, winRate: 58 },
    form: [
      { period: '2026-02-01', matches: 5, wins: 2, winRate: 40, rating: 1012 },
      { period: '2026-03-01', matches: 7, wins: 5, winRate: 71, rating: 1084 },
    ],
    byDeck: [
      { deckId: 2, name: 'Muralla', raza: 'Defensor', matches: 8, wins: 5, winRate: 63 },
      { deckId: null, name: 'Viejo Fuego', raza: 'Dragon', matches: 4, wins: 2, winRate: 50 },
    ],
    byRace: [
      { race: 'Defensor', matches: 8, wins: 5, winRate: 63 },
      { race: 'Dragon', matches: 4, wins: 2, winRate: 50 },
    ],
    matchups: [
      { ownRace: 'Defensor', opponentRace: 'Faerie', matches: 5, wins: 4, winRate: 80 },
      { ownRace: 'Dragon', opponentRace: 'Titan', matches: 4, wins: 1, winRate: 25 },
    ],
    opponents: [
      { opponent: { id: 8, username: 'mateo' }, matches: 7, wins: 4, winRate: 57 },
      { opponent: { id: 9, username: 'carla' }, matches: 5, wins: 3, winRate: 60 },
    ],
    streaks: { current: { kind: 'win', length: 3 }, longestWin: 4, longestLoss: 1 },
    ...over,
  };
}

export const EMPTY_STATISTICS = statisticsFixture({
  totals: { matches: 0, wins: 0, winRate: 0 },
  form: [],
  byDeck: [],
  byRace: [],
  matchups: [],
  opponents: [],
  streaks: { current: null, longestWin: 0, longestLoss: 0 },
});

/** lucia against mateo: 7 matches, 4 won, 2 lost, 1 drawn. */
export function headToHeadFixture(over: Partial<THeadToHead> = {}): THeadToHead {
  return {
    opponent: { id: 8, username: 'mateo' },
    matches: 7,
    wins: 4,
    losses: 2,
    winRate: 57,
    recent: [
      { matchId: 61, matchDate: '2026-03-20T21:00:00.000Z', ownScore: 2, opponentScore: 0, won: true },
      { matchId: 58, matchDate: '2026-03-12T21:00:00.000Z', ownScore: 1, opponentScore: 2, won: false },
      { matchId: 55, matchDate: '2026-03-02T21:00:00.000Z', ownScore: 1, opponentScore: 1, won: false },
    ],
    ...over,
  };
}
