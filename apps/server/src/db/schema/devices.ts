import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { matches } from './matches';

/**
 * A request a client sent with an Idempotency-Key (issue 18): a match recorded or answered from a
 * phone that may send it again (offline queue, lost response, double tap). The key is accepted
 * once per user; a repeat answers the match it produced instead of acting twice. Written in the
 * same transaction as the action, so two sends racing wait on this primary key.
 */
export const requestKeys = pgTable(
  'request_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was used for: create, approve, reject (a key is never reused for another). */
    action: text('action').notNull(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('request_keys_created_idx').on(t.createdAt),
    check('request_keys_key_check', sql`${t.key} ~ '^[A-Za-z0-9_-]{16,64}$'`),
    check('request_keys_action_check', sql`${t.action} in ('create', 'approve', 'reject')`),
  ],
);

/** A device that accepted Web Push for a user (issue 18); gone when its push service says so. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** A label the player recognises the device by ("Chrome en Android"). */
    device: text('device'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * A player's settings (issue 18); no row means every default. Which kinds of push they receive,
 * and whether signed-out visitors may see a summary of their approved matches.
 */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pushApproval: boolean('push_approval').notNull().default(true),
  pushRejected: boolean('push_rejected').notNull().default(true),
  pushAnnouncement: boolean('push_announcement').notNull().default(true),
  pushReminder: boolean('push_reminder').notNull().default(true),
  publicMatches: boolean('public_matches').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Durable timers (issue 18): reminders, expiry and escalation of a pending match. Every process
 * polls the due rows with FOR UPDATE SKIP LOCKED, so exactly one runs each; they survive restarts.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Which step of its kind comes next (first reminder, second reminder, final rule). */
    step: smallint('step').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('scheduled_jobs_run_at_idx').on(t.runAt),
    uniqueIndex('scheduled_jobs_kind_match_key').on(t.kind, t.matchId),
  ],
);
