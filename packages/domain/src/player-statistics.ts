import { z } from 'zod/mini';
import { ZId, ZIdParam } from './common';
import * as MSG from './message-texts';
import { ZPersonRef, ZSeason } from './community';

/**
 * The API contracts of Mitos Rating and of the statistics players look at (issue 17): a player's
 * rating, their statistics (form over time, decks, races, matchups, opponents, streaks), a
 * head-to-head, and the community's metagame. Everything counts approved matches only (every
 * player approved), as SPEC §9 says; a win is a higher own score, as in GET /api/users/:id/stats.
 */

// ---------------------------------------------------------------------------------------------
// Mitos Rating
// ---------------------------------------------------------------------------------------------

/** One rating: the number shown (the conservative ordinal, scaled), the model's μ and σ. */
export const ZRatingLine = z.object({
  /** What players read: 1000 for a new player, higher is better. */
  rating: z.int(),
  mu: z.number(),
  sigma: z.number(),
  /** Approved matches rated. */
  matches: z.int(),
  /** Fewer than RATING_PROVISIONAL_MATCHES matches: shown as Provisional. */
  provisional: z.boolean(),
});
export type TRatingLine = z.infer<typeof ZRatingLine>;

/** GET /api/users/:id/rating. null lines: no approved match there yet. */
export const ZPlayerRating = z.object({
  allTime: z.nullable(ZRatingLine),
  /** The current season (or the asked one). */
  season: z.nullable(ZSeason),
  seasonRating: z.nullable(ZRatingLine),
});
export type TPlayerRating = z.infer<typeof ZPlayerRating>;

export const ZPlayerRatingQuery = z.strictObject({ seasonId: z.optional(ZId) });

// ---------------------------------------------------------------------------------------------
// A player's statistics
// ---------------------------------------------------------------------------------------------

export const STAT_PERIODS = ['week', 'month'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

/** GET /api/users/:id/statistics: form by week or month (default month), of one season or all. */
export const ZPlayerStatisticsQuery = z.strictObject({
  period: z._default(z.optional(z.enum(STAT_PERIODS, { error: MSG.badRequest })), 'month'),
  /** Only that season's matches; absent: every match. */
  seasonId: z.optional(ZId),
});
export type TPlayerStatisticsQuery = z.input<typeof ZPlayerStatisticsQuery>;

/** Played, won and the rounded win percentage (0 when nothing was played). */
export const ZRecord = z.object({
  matches: z.int(),
  wins: z.int(),
  winRate: z.int(),
});
export type TRecord = z.infer<typeof ZRecord>;

/** One week (from Monday) or month, by its first day YYYY-MM-DD (Buenos Aires time). */
export const ZFormPoint = z.extend(ZRecord, {
  period: z.string(),
  /** The all-time Mitos Rating after the period's last match; null before the first one. */
  rating: z.nullable(z.int()),
});
export type TFormPoint = z.infer<typeof ZFormPoint>;

/** One of the player's decks as it was when played (a deleted deck keeps its name, id null). */
export const ZDeckRecord = z.extend(ZRecord, {
  deckId: z.nullable(z.int()),
  name: z.string(),
  raza: z.string(),
});
export type TDeckRecord = z.infer<typeof ZDeckRecord>;

export const ZRaceRecord = z.extend(ZRecord, { race: z.string() });
export type TRaceRecord = z.infer<typeof ZRaceRecord>;

/** The player's race against an opponent's race: in 2v2, one line per opponent. */
export const ZMatchupRecord = z.extend(ZRecord, { ownRace: z.string(), opponentRace: z.string() });
export type TMatchupRecord = z.infer<typeof ZMatchupRecord>;

export const ZOpponentRecord = z.extend(ZRecord, { opponent: ZPersonRef });
export type TOpponentRecord = z.infer<typeof ZOpponentRecord>;

export const ZStreaks = z.object({
  /** The run the latest matches make: wins or losses, and how long; null before any match. */
  current: z.nullable(z.object({ kind: z.enum(['win', 'loss']), length: z.int() })),
  longestWin: z.int(),
  longestLoss: z.int(),
});
export type TStreaks = z.infer<typeof ZStreaks>;

export const ZPlayerStatistics = z.object({
  period: z.enum(STAT_PERIODS),
  seasonId: z.nullable(z.int()),
  totals: ZRecord,
  /** Oldest first; only the periods with matches. */
  form: z.array(ZFormPoint),
  /** Most played first. */
  byDeck: z.array(ZDeckRecord),
  byRace: z.array(ZRaceRecord),
  matchups: z.array(ZMatchupRecord),
  /** The ten most played opponents, most played first. */
  opponents: z.array(ZOpponentRecord),
  streaks: ZStreaks,
});
export type TPlayerStatistics = z.infer<typeof ZPlayerStatistics>;

/** GET /api/users/:id/head-to-head/:opponentId: the two players' ids. */
export const ZHeadToHeadParams = z.object({ id: ZIdParam, opponentId: ZIdParam });

/** GET /api/users/:id/head-to-head/:opponentId: the matches they played on opposite sides. */
export const ZHeadToHead = z.extend(ZRecord, {
  opponent: ZPersonRef,
  losses: z.int(),
  /** The ten latest, newest first, from the player's side. */
  recent: z.array(
    z.object({
      matchId: z.int(),
      matchDate: z.string(),
      ownScore: z.int(),
      opponentScore: z.int(),
      won: z.boolean(),
    }),
  ),
});
export type THeadToHead = z.infer<typeof ZHeadToHead>;

// ---------------------------------------------------------------------------------------------
// The community's metagame
// ---------------------------------------------------------------------------------------------

/** GET /api/metagame: the current season unless asked, the whole community unless a store is. */
export const ZMetagameQuery = z.strictObject({
  seasonId: z.optional(ZId),
  storeId: z.optional(ZId),
});
export type TMetagameQuery = z.input<typeof ZMetagameQuery>;

export const ZMetagameRace = z.extend(ZRecord, {
  race: z.string(),
  /** Distinct players who played it. */
  players: z.int(),
  /** Its share of every player's appearance in the matches counted, rounded %. */
  share: z.int(),
});
export type TMetagameRace = z.infer<typeof ZMetagameRace>;

export const ZMetagame = z.object({
  season: z.nullable(ZSeason),
  storeId: z.nullable(z.int()),
  /** Approved matches counted. */
  matches: z.int(),
  /** Most played first. */
  races: z.array(ZMetagameRace),
});
export type TMetagame = z.infer<typeof ZMetagame>;
