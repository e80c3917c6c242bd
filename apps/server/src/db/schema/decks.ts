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
import { users } from './users';

export const decks = pgTable(
  'decks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    raza: text('raza').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('decks_user_name_key').on(t.userId, sql`lower(btrim(${t.name}))`),
    uniqueIndex('decks_one_default_per_user')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    index('decks_user_idx').on(t.userId, t.id),
    check('decks_name_not_blank', sql`length(btrim(${t.name})) > 0`),
    check(
      'decks_raza_check',
      sql`${t.raza} in ('Olimpico','Heroe','Dragon','Caballero','Desafiante','Defensor','Faraon','Sacerdote','Faerie','Sombra','Titan','Eterno')`,
    ),
  ],
);
