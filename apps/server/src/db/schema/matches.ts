import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { decks } from './decks';
import { leagues, seasons, stores, tournaments } from './community';

export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    matchDate: timestamp('match_date', { withTimezone: true, mode: 'date' }).notNull(),
    matchMode: text('match_mode').notNull(),
    tier: text('tier').notNull(),
    approvalStatus: text('approval_status').notNull().default('pending'),
    status: text('status'),
    winningTeam: text('winning_team'),
    team1Score: smallint('team1_score').notNull().default(0),
    team2Score: smallint('team2_score').notNull().default(0),
    totalMatches: smallint('total_matches').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    lastUpdatedBy: integer('last_updated_by').references(() => users.id),
    approvalUpdatedAt: timestamp('approval_updated_at', { withTimezone: true, mode: 'date' }),
    /** Where it was played, and the league it belongs to (docs/decisions/014). */
    storeId: integer('store_id').references(() => stores.id),
    leagueId: integer('league_id').references(() => leagues.id),
    /** The season whose dates hold match_date, set when recorded: its ranking counts the match. */
    seasonId: integer('season_id').references(() => seasons.id),
    /** The round of a league or store event an organiser entered it for (Resultados). */
    round: smallint('round'),
    /** The tournament whose pairing it settles (tournament_pairings.match_id names it). */
    tournamentId: integer('tournament_id').references(() => tournaments.id),
    /**
     * Its place in the order ratings are computed (docs/decisions/016): handed out from the
     * sequence rating_order by a trigger when the match becomes approved, null otherwise.
     */
    ratedOrder: bigint('rated_order', { mode: 'number' }),
    /** A pending store match nobody answered in time, handed to the store's organisers (issue 18). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('matches_rated_order_idx')
      .on(t.ratedOrder)
      .where(sql`${t.approvalStatus} = 'approved'`),
    check(
      'matches_approval_status_check',
      sql`${t.approvalStatus} in ('pending', 'approved', 'rejected', 'cancelled')`,
    ),
    check('matches_mode_check', sql`${t.matchMode} in ('1v1', '2v2')`),
    check('matches_tier_check', sql`${t.tier} in ('Amistoso', 'Amistoso c/ Arbitro', 'Arena', 'Torneo')`),
    check(
      'matches_winning_team_check',
      sql`${t.winningTeam} is null or ${t.winningTeam} in ('team1', 'team2')`,
    ),
    check(
      'matches_scores_check',
      // A tournament's drawn game (0–0–1) is the one result without a game won.
      sql`${t.team1Score} >= 0 and ${t.team2Score} >= 0 and (${t.team1Score} + ${t.team2Score} >= 1 or (${t.tournamentId} is not null and ${t.winningTeam} is null))`,
    ),
    index('matches_approved_date_idx')
      .on(t.matchDate.desc(), t.id.desc())
      .where(sql`${t.approvalStatus} = 'approved'`),
    check('matches_total_check', sql`${t.totalMatches} >= ${t.team1Score} + ${t.team2Score}`),
    index('matches_creator_date_idx').on(t.createdBy, t.matchDate.desc(), t.id.desc()),
    // A creator's matches of the last hour, counted before each new one (decision 012).
    index('matches_creator_created_idx').on(t.createdBy, t.createdAt),
    // Rejections waiting to expire, oldest first (decision 012).
    index('matches_rejected_since_idx')
      .on(t.approvalUpdatedAt)
      .where(sql`${t.approvalStatus} = 'rejected'`),
    // A store's results, newest first (Partidas - {tienda}).
    index('matches_store_approved_idx')
      .on(t.storeId, t.matchDate.desc(), t.id.desc())
      .where(sql`${t.approvalStatus} = 'approved' and ${t.storeId} is not null`),
    index('matches_season_idx').on(t.seasonId),
    check('matches_round_check', sql`${t.round} is null or ${t.round} >= 1`),
    index('matches_league_idx').on(t.leagueId),
    index('matches_tournament_idx').on(t.tournamentId),
    // The rejected list of a creator who does not play (an admin).
    index('matches_creator_rejected_idx')
      .on(t.createdBy, t.matchDate.desc(), t.id.desc())
      .where(sql`${t.approvalStatus} = 'rejected'`),
  ],
);

/**
 * A player's place in a match, with the deck they used copied as it was when the match was
 * recorded: renaming or deleting a deck later never changes history. match_date is copied too
 * (it never changes) so a player's list pages through one index, and match_status mirrors
 * matches.approval_status (written in the same statement as it, see writeTransition in matches/repository/writes.ts) so that a
 * player's pending and rejected matches come from small partial indexes without a join.
 */
export const matchPlayers = pgTable(
  'match_players',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    team: smallint('team').notNull(),
    position: smallint('position').notNull(),
    approvalStatus: text('approval_status').notNull().default('pending'),
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true, mode: 'date' }),
    deckId: integer('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    deckName: text('deck_name').notNull(),
    deckRaza: text('deck_raza').notNull(),
    matchDate: timestamp('match_date', { withTimezone: true, mode: 'date' }).notNull(),
    matchStatus: text('match_status').notNull().default('pending'),
    /** Reminders sent to this player while their answer is awaited (issue 18), and the last. */
    reminders: smallint('reminders').notNull().default(0),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    check(
      'match_players_match_status_check',
      sql`${t.matchStatus} in ('pending', 'approved', 'rejected', 'cancelled')`,
    ),
    check('match_players_team_check', sql`${t.team} in (1, 2)`),
    check(
      'match_players_status_check',
      sql`${t.approvalStatus} in ('pending', 'approved', 'rejected', 'cancelled', 'processed')`,
    ),
    index('match_players_user_date_idx').on(t.userId, t.matchDate.desc(), t.matchId.desc()),
    index('match_players_user_pending_idx')
      .on(t.userId, t.matchDate.desc(), t.matchId.desc())
      .where(sql`${t.matchStatus} = 'pending'`),
    index('match_players_user_rejected_idx')
      .on(t.userId, t.matchDate.desc(), t.matchId.desc())
      .where(sql`${t.matchStatus} = 'rejected'`),
    // The home search by player walks that player's approved matches from the index alone;
    // through the index of all their matches it read every one from the table first.
    index('match_players_user_approved_idx')
      .on(t.userId, t.matchDate.desc(), t.matchId.desc())
      .where(sql`${t.matchStatus} = 'approved'`),
    index('match_players_deck_idx').on(t.deckId),
  ],
);

export const matchHighlights = pgTable(
  'match_highlights',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: text('type').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.type] }),
    check(
      'match_highlights_type_check',
      sql`${t.type} in ('Remontada', 'Paliza', 'Combo', 'Resiliencia', 'Sobreviviente', 'Rapida')`,
    ),
  ],
);

/** Append-only history of a match: who did what and when. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    userId: integer('user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('match_events_match_idx').on(t.matchId, t.at),
    // Every action happens at most once per user and match: a double click cannot log it twice.
    uniqueIndex('match_events_user_type_key').on(t.userId, t.type, t.matchId),
    check(
      'match_events_type_check',
      sql`${t.type} in ('created', 'approved', 'rejected', 'cancelled', 'rejection_accepted', 'closed', 'expired', 'entered', 'annulled', 'reminded', 'escalated', 'confirmed')`,
    ),
  ],
);
