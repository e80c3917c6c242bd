import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
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

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A game store: where matches are played and leagues run (docs/decisions/014). */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    neighborhood: text('neighborhood').notNull(),
    city: text('city').notNull().default('Buenos Aires'),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    /**
     * Bumped with each new logo, so its URL changes and can be cached for long; null: never had
     * one. Kept when the logo is deleted (store_logos says whether there is one), so that a later
     * logo never reuses a URL a browser already keeps.
     */
    logoVersion: integer('logo_version'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_name_lower_key').on(sql`lower(btrim(${t.name}))`),
    check('stores_name_not_blank', sql`length(btrim(${t.name})) > 0`),
  ],
);

/** A store's logo, checked and (for SVG) sanitised before it is stored. */
export const storeLogos = pgTable('store_logos', {
  storeId: integer('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Who organises a store: they edit it, run its leagues and enter its results. */
export const storeOrganisers = pgTable(
  'store_organisers',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.userId] }), index('store_organisers_user_idx').on(t.userId)],
);

/**
 * A season: rankings are per season. At most one is open (closed_at null): the current one.
 * A match belongs to the season whose dates hold its date (matches.season_id).
 */
export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seasons_one_open')
      .on(sql`(true)`)
      .where(sql`${t.closedAt} is null`),
    uniqueIndex('seasons_name_lower_key').on(sql`lower(btrim(${t.name}))`),
    check('seasons_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('seasons_name_not_blank', sql`length(btrim(${t.name})) > 0`),
  ],
);

/** A store's league. Its status follows its dates and its organiser (domain leagueStatus). */
export const leagues = pgTable(
  'leagues',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Deleted leagues are kept a while so that a delete can be undone (Deshacer). */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('leagues_store_idx').on(t.storeId),
    check('leagues_name_not_blank', sql`length(btrim(${t.name})) > 0`),
  ],
);

export const leagueParticipants = pgTable(
  'league_participants',
  {
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.leagueId, t.userId] }),
    index('league_participants_user_idx').on(t.userId),
  ],
);

/**
 * A player's season totals from approved matches: kept up to date as matches are approved or
 * annulled, and always recomputable from them (rankings/rebuild). store_id 0 is the whole
 * community (Ranking General); any other is that store's ranking.
 */
export const standings = pgTable(
  'standings',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matches: integer('matches').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    points: integer('points').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.storeId, t.userId] }),
    // A ranking page: one season and store, best first.
    index('standings_rank_idx').on(t.seasonId, t.storeId, t.points.desc(), t.wins.desc(), t.userId),
    index('standings_user_idx').on(t.userId, t.seasonId),
    check('standings_counts_check', sql`${t.matches} >= 0 and ${t.wins} >= 0 and ${t.wins} <= ${t.matches}`),
  ],
);

/**
 * How many lines each ranking has (store 0: Ranking General), for a page's total without counting
 * them (docs/decisions/031). Kept by triggers on standings, in the statement that adds or removes
 * lines, so every writer (approvals, annulments, the rebuild, a line fixed by hand) keeps it; a
 * ranking with no line has no row.
 */
export const rankingSizes = pgTable(
  'ranking_sizes',
  {
    seasonId: integer('season_id').notNull(),
    storeId: integer('store_id').notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.seasonId, t.storeId] }),
    check('ranking_sizes_lines_check', sql`${t.lines} >= 0`),
  ],
);

/**
 * The metagame's counts (docs/decisions/028): each player's appearances with each race in a
 * season's approved matches, in the whole community (store 0) and at the match's store; kept as
 * the standings are, in the same transactions, and recomputable with them (rankings/rebuild).
 * `leads` counts the matches this line stands for: each match is counted once, on the line of its
 * player with the lowest user id, so the season's match count is a sum of small lines and no one
 * row is written by every approval.
 */
export const raceTallies = pgTable(
  'race_tallies',
  {
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    storeId: integer('store_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    race: text('race').notNull(),
    appearances: integer('appearances').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    leads: integer('leads').notNull().default(0),
  },
  (t) => [
    // The metagame reads one season and store: a range of this key.
    primaryKey({ columns: [t.seasonId, t.storeId, t.userId, t.race] }),
    check(
      'race_tallies_counts_check',
      sql`${t.appearances} >= 0 and ${t.wins} >= 0 and ${t.wins} <= ${t.appearances} and ${t.leads} >= 0 and ${t.leads} <= ${t.appearances}`,
    ),
  ],
);

/**
 * A store's tournament (docs/decisions/015). Its status follows started_at / finished_at and the
 * registration switch (domain tournamentStatus); its structure is in tournament_brackets (the
 * elimination and round-robin stages) and tournament_pairings (every game to play).
 */
export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** The season holding its start day, when one does: its matches count there. */
    seasonId: integer('season_id').references(() => seasons.id),
    type: text('type').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    rules: text('rules').notNull().default(''),
    playerCap: smallint('player_cap').notNull(),
    bestOf: smallint('best_of').notNull(),
    registrationOpen: boolean('registration_open').notNull().default(true),
    tier: text('tier').notNull().default('Torneo'),
    /** Swiss: the planned rounds (null: suggested at the start) and the playoff size. */
    swissRounds: smallint('swiss_rounds'),
    topCut: smallint('top_cut').notNull().default(0),
    /** The random seed of the seeding and of the pairings' lots, recorded at the start. */
    seed: integer('seed'),
    /** swiss → playoff, or main for a bracket; null before the start. */
    phase: text('phase'),
    /** The Swiss or playoff round being played; 0 before the first pairing. */
    currentRound: smallint('current_round').notNull().default(0),
    winnerId: integer('winner_id').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'tournaments_type_check',
      sql`${t.type} in ('single_elimination', 'double_elimination', 'round_robin', 'swiss')`,
    ),
    check('tournaments_name_not_blank', sql`length(btrim(${t.name})) > 0`),
    check('tournaments_cap_check', sql`${t.playerCap} between 2 and 256`),
    check('tournaments_best_of_check', sql`${t.bestOf} in (1, 3)`),
    check('tournaments_tier_check', sql`${t.tier} in ('Torneo', 'Arena')`),
    check('tournaments_top_cut_check', sql`${t.topCut} in (0, 4, 8)`),
    check('tournaments_phase_check', sql`${t.phase} is null or ${t.phase} in ('swiss', 'playoff', 'main')`),
    check('tournaments_finish_check', sql`${t.finishedAt} is null or ${t.startedAt} is not null`),
    index('tournaments_store_idx').on(t.storeId, t.startsAt.desc()),
    index('tournaments_starts_idx').on(t.startsAt.desc(), t.id.desc()),
  ],
);
