import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus, PlayerApprovalStatus } from '@mitos/domain/constants';
import type { ChosenPlayer } from '@mitos/domain/search-filter';
import type { MatchEventType } from '@mitos/domain/matches';
import { queryRows, type Db, type Tx } from '../db/client';
import { decks, matchEvents, matchHighlights, matchPlayers, matches, users } from '../db/schema/index';
import type { PageKey } from './cursor';

export type MatchRow = typeof matches.$inferSelect;
export type MatchPlayerRow = typeof matchPlayers.$inferSelect;
export type NewMatchPlayer = typeof matchPlayers.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Writes (each inside the caller's transaction)
// ---------------------------------------------------------------------------------------------

/** The match row, locked until the transaction ends: every transition of one match runs in turn. */
export async function lockMatch(tx: Tx, id: number): Promise<MatchRow | undefined> {
  const [row] = await tx.select().from(matches).where(eq(matches.id, id)).for('update');
  return row;
}

export function playerEntries(
  db: Db | Tx,
  matchId: number,
): Promise<{ userId: number; approvalStatus: PlayerApprovalStatus }[]> {
  return db
    .select({
      userId: matchPlayers.userId,
      approvalStatus: sql<PlayerApprovalStatus>`${matchPlayers.approvalStatus}`,
    })
    .from(matchPlayers)
    .where(eq(matchPlayers.matchId, matchId));
}

export function findUsernames(tx: Tx, ids: readonly number[]): Promise<{ id: number; username: string }[]> {
  return tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/** The decks, held so that none is deleted before the match that copies them commits. */
export function lockDecks(
  tx: Tx,
  ids: readonly number[],
): Promise<{ id: number; userId: number; name: string; raza: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: decks.id, userId: decks.userId, name: decks.name, raza: decks.raza })
    .from(decks)
    .where(inArray(decks.id, [...ids]))
    .for('key share');
}

export async function insertMatch(tx: Tx, values: typeof matches.$inferInsert): Promise<MatchRow> {
  const [row] = await tx.insert(matches).values(values).returning();
  return row!;
}

export async function insertPlayers(tx: Tx, rows: NewMatchPlayer[]): Promise<void> {
  await tx.insert(matchPlayers).values(rows);
}

export async function insertHighlights(tx: Tx, matchId: number, types: readonly string[]): Promise<void> {
  if (types.length === 0) return;
  await tx.insert(matchHighlights).values(types.map((type, position) => ({ matchId, position, type })));
}

/**
 * Appends events; one a user already has for this match is skipped (the unique index makes a
 * repeated action a no-op). Answers how many were written.
 */
export async function appendEvents(
  tx: Tx,
  events: { matchId: number; type: MatchEventType; userId: number; at: Date }[],
): Promise<number> {
  const written = await tx
    .insert(matchEvents)
    .values(events)
    .onConflictDoNothing()
    .returning({ id: matchEvents.id });
  return written.length;
}

export async function hasEvent(
  tx: Tx,
  matchId: number,
  userId: number,
  type: MatchEventType,
): Promise<boolean> {
  const rows = await tx
    .select({ id: matchEvents.id })
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, matchId), eq(matchEvents.userId, userId), eq(matchEvents.type, type)))
    .limit(1);
  return rows.length > 0;
}

export async function setPlayerStatus(
  tx: Tx,
  matchId: number,
  userId: number,
  status: PlayerApprovalStatus,
  at: Date,
): Promise<void> {
  await tx
    .update(matchPlayers)
    .set({ approvalStatus: status, statusUpdatedAt: at })
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.userId, userId)));
}

/** A match that will never be approved: the entries still waiting are closed as cancelled. */
export async function cancelWaitingEntries(tx: Tx, matchId: number, at: Date): Promise<void> {
  await tx
    .update(matchPlayers)
    .set({ approvalStatus: 'cancelled', statusUpdatedAt: at })
    .where(and(eq(matchPlayers.matchId, matchId), eq(matchPlayers.approvalStatus, 'pending')));
}

/** The only way a match's approval status changes: the match row and its players' copy together. */
export async function setMatchStatus(
  tx: Tx,
  matchId: number,
  values: { approvalStatus: ApprovalStatus; status?: string | null; lastUpdatedBy: number; at: Date },
): Promise<void> {
  await tx
    .update(matches)
    .set({
      approvalStatus: values.approvalStatus,
      ...(values.status !== undefined ? { status: values.status } : {}),
      lastUpdatedBy: values.lastUpdatedBy,
      approvalUpdatedAt: values.at,
    })
    .where(eq(matches.id, matchId));
  await tx
    .update(matchPlayers)
    .set({ matchStatus: values.approvalStatus })
    .where(eq(matchPlayers.matchId, matchId));
}

export async function touchMatch(tx: Tx, matchId: number, userId: number): Promise<void> {
  await tx.update(matches).set({ lastUpdatedBy: userId }).where(eq(matches.id, matchId));
}

// ---------------------------------------------------------------------------------------------
// Lists: each answers the ids of one page (one row beyond the limit), newest match_date first,
// walking an index from the cursor so its cost follows the page, not the table.
// ---------------------------------------------------------------------------------------------

export interface KeyedId {
  id: number;
  key: PageKey;
}

const keyOf = (dateColumn: string) => sql.raw(`(extract(epoch from ${dateColumn}) * 1000000)::bigint::text`);

function instant(micros: string): SQL {
  return sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
}

/** Rows strictly after the cursor in newest-first order; a row comparison the index can seek to. */
function beforeKey(dateColumn: string, idColumn: string, key: PageKey | undefined): SQL {
  if (!key) return sql``;
  return sql`and (${sql.raw(dateColumn)}, ${sql.raw(idColumn)}) < (${instant(key.micros)}, ${key.id})`;
}

function dateRange(dateColumn: string, from: Date | undefined, to: Date | undefined): SQL {
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
function newestFirst(dateColumn: string, idColumn: string): SQL {
  return sql.raw(`${dateColumn} desc nulls last, ${idColumn} desc nulls last`);
}

async function keyedIds(db: Db | Tx, query: SQL): Promise<KeyedId[]> {
  const rows = await queryRows<{ id: number; key: string }>(db, query);
  return rows.map((r) => ({ id: Number(r.id), key: { micros: String(r.key), id: Number(r.id) } }));
}

/** Pending matches the user plays in: waiting for them and waiting for others. */
export function pendingPage(db: Db, userId: number, limit: number, after?: PageKey): Promise<KeyedId[]> {
  return keyedIds(
    db,
    sql`
    select mp.match_id as id, ${keyOf('mp.match_date')} as key
      from match_players mp
     where mp.user_id = ${userId} and mp.match_status = 'pending'
           ${beforeKey('mp.match_date', 'mp.match_id', after)}
     order by ${newestFirst('mp.match_date', 'mp.match_id')}
     limit ${limit + 1}`,
  );
}

/** Not accepted and not closed by the user, who is not the one who rejected it. */
function stillShownTo(userId: number, matchColumn: string): SQL {
  const id = sql.raw(matchColumn);
  return sql`
    and not exists (
      select 1 from match_players own
       where own.match_id = ${id} and own.user_id = ${userId} and own.approval_status = 'rejected')
    and not exists (
      select 1 from match_events e
       where e.user_id = ${userId} and e.type in ('rejection_accepted', 'closed') and e.match_id = ${id})`;
}

/** The rejected list: matches the user plays in (one index) or created (another), merged. */
function rejectedQuery(userId: number, limit: number | null, after?: PageKey): SQL {
  const cap = limit === null ? sql`` : sql`limit ${limit + 1}`;
  return sql`
    (select mp.match_id as id, mp.match_date as at
       from match_players mp
      where mp.user_id = ${userId} and mp.match_status = 'rejected'
            ${beforeKey('mp.match_date', 'mp.match_id', after)}
            ${stillShownTo(userId, 'mp.match_id')}
      order by ${newestFirst('mp.match_date', 'mp.match_id')} ${cap})
    union
    (select m.id, m.match_date as at
       from matches m
      where m.created_by = ${userId} and m.approval_status = 'rejected'
            ${beforeKey('m.match_date', 'm.id', after)}
            ${stillShownTo(userId, 'm.id')}
      order by ${newestFirst('m.match_date', 'm.id')} ${cap})`;
}

export function rejectedPage(db: Db, userId: number, limit: number, after?: PageKey): Promise<KeyedId[]> {
  return keyedIds(
    db,
    sql`
    select r.id, ${keyOf('r.at')} as key
      from (${rejectedQuery(userId, limit, after)}) r
     order by ${newestFirst('r.at', 'r.id')}
     limit ${limit + 1}`,
  );
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

/** The chosen player plays in the match, and their team used the chosen deck when there is one. */
function playsWith(matchColumn: string, player: ChosenPlayer): SQL {
  const id = sql.raw(matchColumn);
  const deck =
    player.deckId === null
      ? sql``
      : sql`and exists (
          select 1 from match_players d
           where d.match_id = p.match_id and d.team = p.team and d.deck_id = ${player.deckId})`;
  return sql`exists (
    select 1 from match_players p
     where p.match_id = ${id} and p.user_id = ${player.userId} ${deck})`;
}

/**
 * Approved matches, newest first, with the home search applied. With a chosen player the walk
 * follows that player's own index instead of every approved match.
 */
export function approvedPage(
  db: Db,
  filter: ApprovedFilter,
  limit: number,
  after?: PageKey,
): Promise<KeyedId[]> {
  const [lead, ...others] = filter.players;
  const othersPlay = others.map((player) => sql`and ${playsWith('x.id', player)}`);
  if (!lead) {
    return keyedIds(
      db,
      sql`
      select x.id, ${keyOf('x.match_date')} as key
        from matches x
       where x.approval_status = 'approved'
             ${dateRange('x.match_date', filter.from, filter.to)}
             ${beforeKey('x.match_date', 'x.id', after)}
       order by ${newestFirst('x.match_date', 'x.id')}
       limit ${limit + 1}`,
    );
  }
  return keyedIds(
    db,
    sql`
    select x.id, ${keyOf('x.match_date')} as key
      from (select mp.match_id as id, mp.match_date, mp.team
              from match_players mp
             where mp.user_id = ${lead.userId} and mp.match_status = 'approved') x
     where true
           ${dateRange('x.match_date', filter.from, filter.to)}
           ${beforeKey('x.match_date', 'x.id', after)}
           ${
             lead.deckId === null
               ? sql``
               : sql`and exists (
                   select 1 from match_players d
                    where d.match_id = x.id and d.team = x.team and d.deck_id = ${lead.deckId})`
           }
           ${sql.join(othersPlay, sql` `)}
     order by ${newestFirst('x.match_date', 'x.id')}
     limit ${limit + 1}`,
  );
}

/** SPEC §4 notification count: matches waiting for the user's approval plus their rejected list. */
export async function notificationCount(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`
    select (
      (select count(*) from match_players mp
        where mp.user_id = ${userId} and mp.match_status = 'pending' and mp.approval_status = 'pending')
      + (select count(*) from (${rejectedQuery(userId, null)}) r)
    )::int as count`,
  );
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Reading whole matches for the JSON shape: four queries for any number of matches.
// ---------------------------------------------------------------------------------------------

export interface MatchBundle {
  match: MatchRow;
  createdByUsername: string | null;
  players: (MatchPlayerRow & { username: string })[];
  highlights: string[];
  events: { type: string; userId: number | null; username: string | null; at: Date }[];
}

/** Timestamps arrive as PostgreSQL's text from both drivers (drizzle asks for it), as Dates elsewhere. */
const toDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: string | Date | null): Date | null => (value === null ? null : toDate(value));

/** A row as read by raw SQL: the same fields, timestamps not yet Dates. */
type Raw<T> = {
  [K in keyof T]: T[K] extends Date ? string | Date : T[K] extends Date | null ? string | Date | null : T[K];
};

/**
 * Raw SQL read into plain rows: on a page of matches, drizzle's query builder and its per-field
 * mapping of nested selections cost the server more CPU than the queries themselves (a profile
 * of GET /api/matches/pending, docs/benchmarks.md).
 */
export async function loadMatches(db: Db | Tx, ids: readonly number[]): Promise<MatchBundle[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const [rows, players, highlights, events] = await Promise.all([
    queryRows<Raw<MatchRow> & { createdByUsername: string | null }>(
      db,
      sql`
      select m.id, m.match_date as "matchDate", m.match_mode as "matchMode", m.tier,
             m.approval_status as "approvalStatus", m.status, m.winning_team as "winningTeam",
             m.team1_score as "team1Score", m.team2_score as "team2Score", m.total_matches as "totalMatches",
             m.created_at as "createdAt", m.created_by as "createdBy", m.last_updated_by as "lastUpdatedBy",
             m.approval_updated_at as "approvalUpdatedAt", u.username as "createdByUsername"
        from matches m left join users u on u.id = m.created_by
       where m.id in ${list}`,
    ),
    queryRows<Raw<MatchPlayerRow> & { username: string }>(
      db,
      sql`
      select p.match_id as "matchId", p.user_id as "userId", p.team, p.position,
             p.approval_status as "approvalStatus", p.status_updated_at as "statusUpdatedAt",
             p.deck_id as "deckId", p.deck_name as "deckName", p.deck_raza as "deckRaza",
             p.match_date as "matchDate", p.match_status as "matchStatus", u.username
        from match_players p join users u on u.id = p.user_id
       where p.match_id in ${list}
       order by p.match_id, p.team, p.position`,
    ),
    queryRows<{ matchId: number; type: string }>(
      db,
      sql`
      select h.match_id as "matchId", h.type from match_highlights h
       where h.match_id in ${list}
       order by h.match_id, h.position`,
    ),
    queryRows<{
      matchId: number;
      type: string;
      userId: number | null;
      username: string | null;
      at: string | Date;
    }>(
      db,
      sql`
      select e.match_id as "matchId", e.type, e.user_id as "userId", u.username, e.at
        from match_events e left join users u on u.id = e.user_id
       where e.match_id in ${list}
       order by e.match_id, e.at, e.id`,
    ),
  ]);
  const bundles = new Map<number, MatchBundle>();
  for (const { createdByUsername, ...match } of rows) {
    bundles.set(match.id, {
      match: {
        ...match,
        matchDate: toDate(match.matchDate),
        createdAt: toDate(match.createdAt),
        approvalUpdatedAt: toDateOrNull(match.approvalUpdatedAt),
      },
      createdByUsername,
      players: [],
      highlights: [],
      events: [],
    });
  }
  for (const player of players) {
    bundles.get(player.matchId)?.players.push({
      ...player,
      statusUpdatedAt: toDateOrNull(player.statusUpdatedAt),
      matchDate: toDate(player.matchDate),
    });
  }
  for (const h of highlights) bundles.get(h.matchId)?.highlights.push(h.type);
  for (const { matchId, at, ...event } of events)
    bundles.get(matchId)?.events.push({ ...event, at: toDate(at) });
  return list.flatMap((id) => {
    const bundle = bundles.get(id);
    return bundle ? [bundle] : [];
  });
}
