import { sql, type SQL } from 'drizzle-orm';
import type { ChosenPlayer } from '@mitos/domain/search-filter';
import { queryRows, type Db, type Tx } from '../../db/client';
import type { PageKey } from '../cursor';

// ---------------------------------------------------------------------------------------------
// Lists: each answers the ids of one page (one row beyond the limit), newest match_date first,
// walking an index from the cursor so its cost follows the page, not the table.
// ---------------------------------------------------------------------------------------------

export interface KeyedId {
  id: number;
  key: PageKey;
}

export const keyOf = (dateColumn: string) =>
  sql.raw(`(extract(epoch from ${dateColumn}) * 1000000)::bigint::text`);

export function instant(micros: string): SQL {
  return sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
}

/** Rows strictly after the cursor in newest-first order; a row comparison the index can seek to. */
export function beforeKey(dateColumn: string, idColumn: string, key: PageKey | undefined): SQL {
  if (!key) return sql``;
  return sql`and (${sql.raw(dateColumn)}, ${sql.raw(idColumn)}) < (${instant(key.micros)}, ${key.id})`;
}

export function dateRange(dateColumn: string, from: Date | undefined, to: Date | undefined): SQL {
  const column = sql.raw(dateColumn);
  return sql.join(
    [
      from ? sql`and ${column} >= ${from.toISOString()}::timestamptz` : sql``,
      to ? sql`and ${column} <= ${to.toISOString()}::timestamptz` : sql``,
    ],
    sql` `,
  );
}

/**
 * The lists' order. NULLS LAST as in the indexes (drizzle's `.desc()`): a plain DESC means NULLS
 * FIRST to PostgreSQL, which would then sort every row instead of reading the index in order.
 */
export function newestFirst(dateColumn: string, idColumn: string): SQL {
  return sql.raw(`${dateColumn} desc nulls last, ${idColumn} desc nulls last`);
}

export async function keyedIds(db: Db | Tx, query: SQL): Promise<KeyedId[]> {
  const rows = await queryRows<{ id: number; key: string }>(db, query);
  return rows.map((r) => ({ id: Number(r.id), key: { micros: String(r.key), id: Number(r.id) } }));
}

/** Every match the user plays in or created. */
export function ownPage(db: Db, userId: number, limit: number, after?: PageKey): Promise<KeyedId[]> {
  return keyedIds(
    db,
    sql`
    select r.id, ${keyOf('r.at')} as key
      from (
        (select mp.match_id as id, mp.match_date as at
           from match_players mp
          where mp.user_id = ${userId} ${beforeKey('mp.match_date', 'mp.match_id', after)}
          order by ${newestFirst('mp.match_date', 'mp.match_id')}
          limit ${limit + 1})
        union
        (select m.id, m.match_date as at
           from matches m
          where m.created_by = ${userId} ${beforeKey('m.match_date', 'm.id', after)}
          order by ${newestFirst('m.match_date', 'm.id')}
          limit ${limit + 1})
      ) r
     order by ${newestFirst('r.at', 'r.id')}
     limit ${limit + 1}`,
  );
}

export interface ApprovedFilter {
  from?: Date;
  to?: Date;
  /** Every chosen player of both search teams: each must play, with their deck when one is chosen. */
  players: ChosenPlayer[];
}

/** The team of `player` (a match_players row) used the chosen deck, when one is chosen. */
function usedDeck(player: string, deckId: number | null): SQL {
  if (deckId === null) return sql``;
  const p = sql.raw(player);
  return sql`and exists (
    select 1 from match_players d
     where d.match_id = ${p}.match_id and d.team = ${p}.team and d.deck_id = ${deckId})`;
}

/**
 * Approved matches, newest first, with the home search applied. With chosen players the walk
 * follows the first one's approved matches (match_players_user_approved_idx) and joins each other
 * chosen player's on (match_date, match_id), the same index's order: PostgreSQL merges the
 * players' index entries in step and stops at the page, instead of probing every match of the
 * first player for the others (10,000 probes for two players who met twice among 10,000 each).
 * match_date and match_status are the match's own, copied to every player's row (decision 031).
 */
export function approvedPage(
  db: Db,
  filter: ApprovedFilter,
  limit: number,
  after?: PageKey,
): Promise<KeyedId[]> {
  return keyedIds(db, approvedPageQuery(filter, limit, after));
}

/** The statement of approvedPage, for EXPLAIN in the tests. */
export function approvedPageQuery(filter: ApprovedFilter, limit: number, after?: PageKey): SQL {
  const [lead, ...others] = filter.players;
  if (!lead) {
    return sql`
      select x.id, ${keyOf('x.match_date')} as key
        from matches x
       where x.approval_status = 'approved'
             ${dateRange('x.match_date', filter.from, filter.to)}
             ${beforeKey('x.match_date', 'x.id', after)}
       order by ${newestFirst('x.match_date', 'x.id')}
       limit ${limit + 1}`;
  }
  const joined = others.map((player, i) => {
    const o = `o${i}`;
    return sql`
      join match_players ${sql.raw(o)}
        on ${sql.raw(o)}.user_id = ${player.userId} and ${sql.raw(o)}.match_status = 'approved'
       and ${sql.raw(o)}.match_date = x.match_date and ${sql.raw(o)}.match_id = x.match_id
           ${usedDeck(o, player.deckId)}`;
  });
  return sql`
    select x.match_id as id, ${keyOf('x.match_date')} as key
      from match_players x ${sql.join(joined, sql` `)}
     where x.user_id = ${lead.userId} and x.match_status = 'approved'
           ${dateRange('x.match_date', filter.from, filter.to)}
           ${beforeKey('x.match_date', 'x.match_id', after)}
           ${usedDeck('x', lead.deckId)}
     order by ${newestFirst('x.match_date', 'x.match_id')}
     limit ${limit + 1}`;
}

/** A store's approved matches, newest first (Partidas - {tienda}): matches_store_approved_idx. */
export function storePage(db: Db, storeId: number, limit: number, after?: PageKey): Promise<KeyedId[]> {
  return keyedIds(
    db,
    sql`
    select x.id, ${keyOf('x.match_date')} as key
      from matches x
     where x.store_id = ${storeId}::int and x.approval_status = 'approved'
           ${beforeKey('x.match_date', 'x.id', after)}
     order by ${newestFirst('x.match_date', 'x.id')}
     limit ${limit + 1}`,
  );
}
