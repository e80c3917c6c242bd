import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * The confusable skeleton of the username (Unicode TR39, case-folded), unique so that no two
     * players look the same. Null only for look-alikes that existed before the rule (kept as they
     * were: see docs/decisions/008) and for rows not yet backfilled at start.
     */
    usernameSkeleton: text('username_skeleton'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('player'),
    /** The player's TOR code (Código TOR), optional and unique; kept upper case. */
    torCode: text('tor_code'),
    /**
     * A player an organiser added before they had an account (docs/decisions/014): no sign-in is
     * possible until they claim it with the invitation code, whose hash is kept here.
     */
    placeholder: boolean('placeholder').notNull().default(false),
    claimCodeHash: text('claim_code_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_username_skeleton_key').on(t.usernameSkeleton),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('player', 'judge', 'tournament_admin', 'admin')`),
    uniqueIndex('users_tor_code_key').on(t.torCode),
    check('users_tor_code_check', sql`${t.torCode} is null or ${t.torCode} ~ '^[A-Z0-9-]{3,12}$'`),
    uniqueIndex('users_claim_code_key').on(t.claimCodeHash),
  ],
);

/**
 * One row per refresh token. Tokens of one sign-in share a family; presenting a token that was
 * already rotated revokes the whole family (someone copied it).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * Sign-in and registration counters (per address, per account and address, per account), shared
 * by every process on the database. A row counts hits in a fixed window that ends at expires_at;
 * the key is a hash, so the table holds no email or address in the clear.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('auth_throttle_expires_idx').on(t.expiresAt)],
);
