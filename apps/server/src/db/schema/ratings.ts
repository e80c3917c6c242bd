import { bigint, bigserial, doublePrecision, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Mitos Rating (docs/decisions/016): derived from the approved matches, never edited by hand.
 * `ratings` holds each player's current rating, all-time (scope 0) and per season (scope: the
 * season's id); `rating_history` each player's all-time rating after each match, in the order
 * the matches were rated (matches.rated_order), from which a replay starts and the form charts
 * read; `rating_queue`
 * the matches whose approval changed since they were last rated (filled by a trigger on matches,
 * emptied by the one process that holds the rating lock).
 */
export const ratings = pgTable(
  'ratings',
  {
    scope: integer('scope').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    /** The number shown (displayRating of mu, sigma). */
    rating: integer('rating').notNull(),
    matches: integer('matches').notNull(),
    /** The rated_order of the last match that rated it. */
    lastOrder: bigint('last_order', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.userId] }),
    index('ratings_rank_idx').on(t.scope, t.rating.desc(), t.userId),
  ],
);

/**
 * Derived data, rewritten whole by a rebuild: no foreign keys, whose row-by-row checks made a
 * rebuild's inserts 2.6–3.3 times slower (docs/benchmarks.md). Matches and users are never
 * deleted by the app; a replay or a rebuild rewrites what a row names.
 */
export const ratingHistory = pgTable(
  'rating_history',
  {
    matchId: integer('match_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The match's rated_order: the order of the history and of a replay. */
    ratedOrder: bigint('rated_order', { mode: 'number' }).notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    rating: integer('rating').notNull(),
    /** Matches rated so far, this one included. */
    matches: integer('matches').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    index('rating_history_user_idx').on(t.userId, t.ratedOrder),
    index('rating_history_order_idx').on(t.ratedOrder),
  ],
);

export const ratingQueue = pgTable('rating_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  matchId: integer('match_id').notNull(),
});
