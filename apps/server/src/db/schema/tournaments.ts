import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
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
import { tournaments } from './community';
import { matches } from './matches';

/**
 * A player in a tournament. Registered up to the cap, then waitlisted in sign-up order; dropped
 * mid-event keeps their results. Withdrawing before the start deletes the row.
 */
export const tournamentParticipants = pgTable(
  'tournament_participants',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    deckId: integer('deck_id').references(() => decks.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('registered'),
    seed: smallint('seed'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'date' }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    droppedAfterRound: smallint('dropped_after_round'),
    /** Comunicados published after this are unread for them (their notifications). */
    announcementsSeenAt: timestamp('announcements_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.userId] }),
    check(
      'tournament_participants_status_check',
      sql`${t.status} in ('registered', 'waitlisted', 'dropped')`,
    ),
    index('tournament_participants_user_idx').on(t.userId),
  ],
);

/** An elimination or round-robin stage: brackets-manager's data as one JSON value. */
export const tournamentBrackets = pgTable(
  'tournament_brackets',
  {
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    type: text('type').notNull(),
    /** User ids, best seed first: a replay rebuilds the stage from them. */
    seeding: jsonb('seeding').$type<number[]>().notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.stage] }),
    check('tournament_brackets_stage_check', sql`${t.stage} in ('main', 'playoff')`),
  ],
);

/**
 * One game to play: a Swiss round's table, or a bracket match once its two players are known.
 * player2 null is a bye (a 2–0 win). Its result comes from the real match `match_id` once approved,
 * or from the organiser closing the round (no match).
 */
export const tournamentPairings = pgTable(
  'tournament_pairings',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    stage: text('stage').notNull(),
    round: smallint('round').notNull(),
    tableNo: smallint('table_no').notNull(),
    bracketMatchId: integer('bracket_match_id'),
    bracketGroup: text('bracket_group'),
    player1Id: integer('player1_id')
      .notNull()
      .references(() => users.id),
    player2Id: integer('player2_id').references(() => users.id),
    status: text('status').notNull().default('pending'),
    outcome: text('outcome'),
    games1: smallint('games1'),
    games2: smallint('games2'),
    gamesDrawn: smallint('games_drawn'),
    matchId: integer('match_id').references(() => matches.id),
    pairedAt: timestamp('paired_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('tournament_pairings_stage_check', sql`${t.stage} in ('swiss', 'main', 'playoff')`),
    check('tournament_pairings_status_check', sql`${t.status} in ('pending', 'reported', 'decided', 'void')`),
    check(
      'tournament_pairings_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('player1', 'player2', 'draw', 'double_loss')`,
    ),
    check(
      'tournament_pairings_players_check',
      sql`${t.player2Id} is null or ${t.player2Id} <> ${t.player1Id}`,
    ),
    check(
      'tournament_pairings_decided_check',
      // A decided pairing has its outcome; one to play has none; a voided one keeps what it had.
      sql`(${t.status} <> 'decided' or ${t.outcome} is not null) and (${t.status} not in ('pending', 'reported') or ${t.outcome} is null)`,
    ),
    // A Swiss round's tables, and a bracket's matches, each paired once (void ones aside).
    uniqueIndex('tournament_pairings_table_key')
      .on(t.tournamentId, t.stage, t.round, t.tableNo)
      .where(sql`${t.bracketMatchId} is null and ${t.status} <> 'void'`),
    uniqueIndex('tournament_pairings_bracket_key')
      .on(t.tournamentId, t.stage, t.bracketMatchId)
      .where(sql`${t.bracketMatchId} is not null and ${t.status} <> 'void'`),
    uniqueIndex('tournament_pairings_match_key').on(t.matchId),
    index('tournament_pairings_tournament_idx').on(t.tournamentId, t.stage, t.round),
    index('tournament_pairings_player1_idx').on(t.player1Id),
    index('tournament_pairings_player2_idx').on(t.player2Id),
  ],
);

/** Comunicados: published by the tournament's managers, read by its participants. */
export const tournamentAnnouncements = pgTable(
  'tournament_announcements',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('tournament_announcements_tournament_idx').on(t.tournamentId, t.createdAt),
    check('tournament_announcements_not_blank', sql`length(btrim(${t.message})) > 0`),
  ],
);
