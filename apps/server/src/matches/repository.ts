import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ApprovalStatus, PlayerApprovalStatus } from '@mitos/domain/constants';
import { applyTransition, type MatchState, type TransitionEffect } from '@mitos/domain/match-transitions';
import type { ChosenPlayer } from '@mitos/domain/search-filter';
import type { MatchEventType } from '@mitos/domain/matches';
import { queryRows, type Db, type Tx } from '../db/client';
import { matchEvents, matchPlayers, matches } from '../db/schema/index';
import type { PageKey } from './cursor';

export type MatchRow = typeof matches.$inferSelect;
export type MatchPlayerRow = typeof matchPlayers.$inferSelect;
export type NewMatchPlayer = typeof matchPlayers.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Writes: recording a match is two statements without a transaction (a read, then one write);
// a transition runs inside the caller's transaction (lock, then one write).
// ---------------------------------------------------------------------------------------------

/**
 * A match as a transition finds it once it holds the lock: the match row and its players'
 * entries (with usernames), and the acting user's name.
 */
export interface LockedMatch {
  match: MatchRow;
  createdByUsername: string | null;
  players: (MatchPlayerRow & { username: string })[];
  actorUsername: string | null;
}

/**
 * The match and its players' entries in one statement, locked (FOR UPDATE) so that every
 * transition of one match runs in turn. The entries are locked too: after waiting for another
 * transition, PostgreSQL reads again only the rows it locks, and a decision on the entries as they
 * were before the wait (a last approval not seen as last) would be wrong.
 */
export async function lockMatch(tx: Tx, id: number, actor: number | null): Promise<LockedMatch | undefined> {
  const rows = await queryRows<
    Raw<MatchRow> & { createdByUsername: string | null; actorUsername: string | null; player: RawPlayer }
  >(
    tx,
    sql`
    ${matchColumns('m')}, cu.username as "createdByUsername",
           (select a.username from users a where a.id = ${actor}::int) as "actorUsername",
           ${playerJson('p', 'pu')} as player
      from matches m
      join match_players p on p.match_id = m.id
      join users pu on pu.id = p.user_id
      left join users cu on cu.id = m.created_by
     where m.id = ${id}
     order by p.team, p.position
       for update of m, p`,
    { prepared: true },
  );
  const [first] = rows;
  if (!first) return undefined;
  const { createdByUsername, actorUsername, player: _player, ...match } = first;
  return {
    match: toMatchRow(match),
    createdByUsername,
    actorUsername,
    players: rows.map((r) => toPlayer(parseJsonValue(r.player))),
  };
}

export interface PlayerWithDecks {
  id: number;
  username: string;
  /** Those of the asked decks this user owns. */
  decks: { id: number; userId: number; name: string; raza: string }[];
}

/** The asked users that exist, each with those of the asked decks they own, in one statement. */
export async function findPlayersWithDecks(
  db: Db | Tx,
  userIds: readonly number[],
  deckIds: readonly number[],
): Promise<PlayerWithDecks[]> {
  const decksWanted = deckIds.length > 0 ? sql`and d.id in ${[...deckIds]}` : sql`and false`;
  const rows = await queryRows<{
    id: number;
    username: string;
    deckId: number | null;
    deckName: string | null;
    deckRaza: string | null;
  }>(
    db,
    sql`
    select u.id, u.username, d.id as "deckId", d.name as "deckName", d.raza as "deckRaza"
      from users u left join decks d on d.user_id = u.id ${decksWanted}
     where u.id in ${[...userIds]}`,
    { prepared: true },
  );
  const byUser = new Map<number, PlayerWithDecks>();
  for (const row of rows) {
    const user = byUser.get(row.id) ?? { id: row.id, username: row.username, decks: [] };
    byUser.set(row.id, user);
    if (row.deckId !== null) {
      user.decks.push({ id: row.deckId, userId: row.id, name: row.deckName!, raza: row.deckRaza! });
    }
  }
  return [...byUser.values()];
}

/** Namespace of the advisory lock that makes one creator's recordings run one at a time. */
const CREATION_LOCK = 0x4d617463; // "Matc"

/**
 * Holds, until the transaction ends, the lock on recording matches as `creatorId`: the counts
 * read after it (recentCreations) cannot be overtaken by the same creator's concurrent requests.
 */
export async function lockCreations(tx: Tx, creatorId: number): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(${CREATION_LOCK}::int, ${creatorId}::int)`, {
    prepared: true,
  });
}

/**
 * How many matches `creatorId` recorded since `since`, and for each of `playerIds` how many of
 * the creator's matches still wait for that player's answer (decision 012).
 */
export async function recentCreations(
  tx: Tx,
  creatorId: number,
  playerIds: readonly number[],
  since: Date,
): Promise<{ lastHour: number; waitingOn: { username: string; pending: number }[] }> {
  const rows = await queryRows<{ lastHour: number; username: string | null; pending: number }>(
    tx,
    sql`
    select (select count(*) from matches c
             where c.created_by = ${creatorId} and c.created_at > ${since.toISOString()}::timestamptz)::int
             as "lastHour",
           w.username, w.pending
      from (select 1) one
      left join (
        select u.username, count(*)::int as pending
          from match_players mp
          join matches m on m.id = mp.match_id
          join users u on u.id = mp.user_id
         where mp.user_id in ${[...playerIds, 0]} and mp.match_status = 'pending'
               and mp.approval_status = 'pending' and m.created_by = ${creatorId}
         group by u.username) w on true`,
  );
  return {
    lastHour: Number(rows[0]?.lastHour ?? 0),
    waitingOn: rows.flatMap((r) =>
      r.username === null ? [] : [{ username: r.username, pending: Number(r.pending) }],
    ),
  };
}

const at = (value: Date | null) =>
  value === null ? sql`null::timestamptz` : sql`${value.toISOString()}::timestamptz`;

export interface NewMatch {
  match: Omit<typeof matches.$inferInsert, 'id' | 'createdAt'> & { matchDate: Date; createdAt: Date };
  players: Omit<NewMatchPlayer, 'matchId' | 'matchDate'>[];
  highlights: readonly string[];
  events: { type: MatchEventType; userId: number; at: Date }[];
}

/** The foreign key that refuses a player's deck deleted since it was read. */
export const DECK_FOREIGN_KEY = 'match_players_deck_id_decks_id_fk';

/**
 * The match, its players, highlights and first events, written in one statement, so all or
 * nothing of it is stored without a transaction around it. A deck deleted since it was read
 * fails the statement on DECK_FOREIGN_KEY.
 */
export async function insertMatch(db: Db | Tx, input: NewMatch): Promise<MatchRow> {
  const m = input.match;
  const players = sql.join(
    input.players.map(
      (p) =>
        sql`(${p.userId}::int, ${p.team}::smallint, ${p.position}::smallint, ${p.approvalStatus ?? 'pending'}::text,
             ${at(p.statusUpdatedAt ?? null)}, ${p.deckId ?? null}::int, ${p.deckName}::text, ${p.deckRaza}::text)`,
    ),
    sql`, `,
  );
  const highlights = input.highlights.length
    ? sql`, h as (
        insert into match_highlights (match_id, position, type)
        select m.id, v.position, v.type from m, (values ${sql.join(
          input.highlights.map((type, position) => sql`(${position}::smallint, ${type}::text)`),
          sql`, `,
        )}) v(position, type))`
    : sql``;
  const events = sql.join(
    input.events.map((e, order) => sql`(${order}::int, ${e.type}::text, ${e.userId}::int, ${at(e.at)})`),
    sql`, `,
  );
  const [row] = await queryRows<Raw<MatchRow>>(
    db,
    sql`
    with m as (
      insert into matches (match_date, match_mode, tier, winning_team, team1_score, team2_score,
                           total_matches, created_at, created_by, last_updated_by)
      values (${at(m.matchDate)}, ${m.matchMode}, ${m.tier}, ${m.winningTeam ?? null}, ${m.team1Score ?? 0},
              ${m.team2Score ?? 0}, ${m.totalMatches}, ${at(m.createdAt)}, ${m.createdBy}, ${m.lastUpdatedBy ?? null})
      returning *),
    p as (
      insert into match_players (match_id, user_id, team, position, approval_status, status_updated_at,
                                 deck_id, deck_name, deck_raza, match_date)
      select m.id, v.user_id, v.team, v.position, v.approval_status, v.status_updated_at,
             v.deck_id, v.deck_name, v.deck_raza, m.match_date
        from m, (values ${players})
             v(user_id, team, position, approval_status, status_updated_at, deck_id, deck_name, deck_raza))
    ${highlights},
    e as (
      insert into match_events (match_id, type, user_id, at)
      select m.id, v.type, v.user_id, v.at from m, (values ${events}) v(ord, type, user_id, at) order by v.ord)
    ${matchColumns('m')} from m`,
    { prepared: true },
  );
  return toMatchRow(row!);
}

/** A transition's effect (decided by the domain's state machine) on one match, by one actor. */
export interface TransitionWrite extends TransitionEffect {
  matchId: number;
  /** Who acts; null for the server itself (an expiry), which leaves last_updated_by alone. */
  actor: number | null;
  at: Date;
}

/** The state the rules look at, from the locked rows. */
export function stateOf(locked: LockedMatch): MatchState {
  return {
    approvalStatus: locked.match.approvalStatus as ApprovalStatus,
    createdBy: locked.match.createdBy,
    players: locked.players.map((p) => ({
      userId: p.userId,
      approvalStatus: p.approvalStatus as PlayerApprovalStatus,
    })),
  };
}

/** What writeTransition answers: whether its event was written, and what it read back. */
export interface TransitionWritten {
  written: boolean;
  highlights: string[];
  events: MatchBundle['events'];
}

/**
 * One transition written in one statement: the entries, the match row and its players' copy of
 * its status, and the event (skipped when the user has it already: a repeated action is a no-op).
 * Answers whether the event was written, and the match's highlights and events as they were
 * before this statement (it sees everything committed before it, as it runs after the lock).
 */
export async function writeTransition(tx: Tx, w: TransitionWrite): Promise<TransitionWritten> {
  const own = w.entry && w.actor !== null ? sql`user_id = ${w.actor}` : sql`false`;
  const waiting = w.cancelWaiting ? sql`approval_status = 'pending'` : sql`false`;
  const entries =
    w.entry || w.cancelWaiting || w.match
      ? sql`, mp as (
          update match_players set
            approval_status = case when ${own} then ${w.entry ?? null}::text
                                   when ${waiting} then 'cancelled' else approval_status end,
            status_updated_at = case when ${own} or ${waiting} then ${at(w.at)} else status_updated_at end,
            match_status = ${w.match ? sql`${w.match.approvalStatus}::text` : sql`match_status`}
          where match_id = ${w.matchId} and (${own} or ${waiting} or ${w.match ? sql`true` : sql`false`}))`
      : sql``;
  const match = w.match
    ? sql`, mm as (
        update matches set approval_status = ${w.match.approvalStatus}, approval_updated_at = ${at(w.at)},
               last_updated_by = coalesce(${w.actor}::int, last_updated_by)
               ${w.match.status !== undefined ? sql`, status = ${w.match.status}` : sql``}
         where id = ${w.matchId})`
    : w.touch
      ? sql`, mm as (update matches set last_updated_by = coalesce(${w.actor}::int, last_updated_by)
                     where id = ${w.matchId})`
      : sql``;
  const [row] = await queryRows<{
    written: number;
    highlights: string[] | string;
    events: RawEvent[] | string;
  }>(
    tx,
    sql`
    with ev as (
      insert into match_events (match_id, type, user_id, at)
      values (${w.matchId}, ${w.event}, ${w.actor}::int, ${at(w.at)})
      on conflict do nothing returning id)
    ${entries} ${match}
    select (select count(*) from ev)::int as written, ${highlightsOf(sql`${w.matchId}`)} as highlights,
           ${eventsOf(sql`${w.matchId}`)} as events`,
    { prepared: true },
  );
  return {
    written: Number(row?.written ?? 0) > 0,
    highlights: parseJson(row?.highlights ?? []),
    events: parseJson(row?.events ?? []).map(toEvent),
  };
}

/**
 * What a transition written by writeTransition makes of the match it locked: the same changes,
 * applied to the rows in memory, so that the answer needs no second read. The statement and this
 * must agree; the tests compare every transition's answer with the match read afresh.
 */
export function afterTransition(
  locked: LockedMatch,
  w: TransitionWrite,
  written: TransitionWritten,
): MatchBundle {
  const match: MatchRow = { ...locked.match };
  if (w.match) {
    match.approvalStatus = w.match.approvalStatus;
    match.approvalUpdatedAt = w.at;
    if (w.match.status !== undefined) match.status = w.match.status;
  }
  if ((w.match || w.touch) && w.actor !== null) match.lastUpdatedBy = w.actor;
  const next = applyTransition(stateOf(locked), w.actor, w);
  const players = locked.players.map((p, i) => {
    const status = next.players[i]!.approvalStatus;
    return {
      ...p,
      ...(status !== p.approvalStatus ? { approvalStatus: status, statusUpdatedAt: w.at } : {}),
      matchStatus: next.approvalStatus,
    };
  });
  const events = [...written.events];
  if (written.written) {
    events.push({ type: w.event, userId: w.actor, username: locked.actorUsername, at: w.at });
    // Ordered by time, then by when written (the new event last among equals), as read back.
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
  }
  return {
    match,
    createdByUsername: locked.createdByUsername,
    players,
    highlights: written.highlights,
    events,
  };
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

/** Ids of matches rejected before `cutoff` and still rejected, oldest rejection first. */
export async function rejectedBefore(db: Db, cutoff: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    select id from matches
     where approval_status = 'rejected' and approval_updated_at < ${cutoff.toISOString()}::timestamptz
     order by approval_updated_at
     limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
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

/** The match row's columns under their field names, for a select over `alias`. */
function matchColumns(alias: string): SQL {
  return sql.raw(`
    select ${alias}.id, ${alias}.match_date as "matchDate", ${alias}.match_mode as "matchMode", ${alias}.tier,
           ${alias}.approval_status as "approvalStatus", ${alias}.status, ${alias}.winning_team as "winningTeam",
           ${alias}.team1_score as "team1Score", ${alias}.team2_score as "team2Score",
           ${alias}.total_matches as "totalMatches", ${alias}.created_at as "createdAt",
           ${alias}.created_by as "createdBy", ${alias}.last_updated_by as "lastUpdatedBy",
           ${alias}.approval_updated_at as "approvalUpdatedAt"`);
}

function toMatchRow(row: Raw<MatchRow>): MatchRow {
  return {
    ...row,
    matchDate: toDate(row.matchDate),
    createdAt: toDate(row.createdAt),
    approvalUpdatedAt: toDateOrNull(row.approvalUpdatedAt),
  };
}

type RawPlayer = Raw<MatchPlayerRow> & { username: string };
type RawEvent = { type: string; userId: number | null; username: string | null; at: string | Date };

/**
 * Whole matches in one statement, their players, highlights and events gathered as JSON, in the
 * order of `ids`. Raw SQL read into plain rows: on a page of matches, drizzle's query builder and
 * its per-field mapping of nested selections cost the server more CPU than the queries themselves
 * (a profile of GET /api/matches/pending, docs/benchmarks.md).
 */
export async function loadMatches(db: Db | Tx, ids: readonly number[]): Promise<MatchBundle[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<
    Raw<MatchRow> & {
      createdByUsername: string | null;
      players: RawPlayer[];
      highlights: string[];
      events: RawEvent[];
    }
  >(
    db,
    sql`
    ${matchColumns('m')}, u.username as "createdByUsername",
           (select coalesce(json_agg(${playerJson('p', 'pu')} order by p.team, p.position), '[]')
              from match_players p join users pu on pu.id = p.user_id
             where p.match_id = m.id) as players,
           ${highlightsOf(sql`m.id`)} as highlights,
           ${eventsOf(sql`m.id`)} as events
      from matches m left join users u on u.id = m.created_by
     where m.id in ${[...ids]}`,
  );
  const bundles = new Map<number, MatchBundle>();
  for (const { createdByUsername, players, highlights, events, ...match } of rows) {
    bundles.set(match.id, {
      match: toMatchRow(match),
      createdByUsername,
      players: parseJson(players).map(toPlayer),
      highlights: parseJson(highlights),
      events: parseJson(events).map(toEvent),
    });
  }
  return ids.flatMap((id) => {
    const bundle = bundles.get(id);
    return bundle ? [bundle] : [];
  });
}

/** json columns arrive parsed from node-postgres and PGlite alike; text when a driver leaves them. */
function parseJson<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}

function parseJsonValue<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function toPlayer(player: RawPlayer): MatchBundle['players'][number] {
  return {
    ...player,
    statusUpdatedAt: toDateOrNull(player.statusUpdatedAt),
    matchDate: toDate(player.matchDate),
  };
}

function toEvent(event: RawEvent): MatchBundle['events'][number] {
  return { ...event, at: toDate(event.at) };
}

/** A player's entry as JSON, with the player's username. */
function playerJson(p: string, u: string): SQL {
  return sql.raw(`json_build_object(
    'matchId', ${p}.match_id, 'userId', ${p}.user_id, 'team', ${p}.team, 'position', ${p}.position,
    'approvalStatus', ${p}.approval_status, 'statusUpdatedAt', ${p}.status_updated_at,
    'deckId', ${p}.deck_id, 'deckName', ${p}.deck_name, 'deckRaza', ${p}.deck_raza,
    'matchDate', ${p}.match_date, 'matchStatus', ${p}.match_status, 'username', ${u}.username)`);
}

function highlightsOf(matchId: SQL): SQL {
  return sql`(select coalesce(json_agg(h.type order by h.position), '[]')
                from match_highlights h where h.match_id = ${matchId})`;
}

function eventsOf(matchId: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object(
                       'type', e.type, 'userId', e.user_id, 'username', eu.username, 'at', e.at)
                     order by e.at, e.id), '[]')
                from match_events e left join users eu on eu.id = e.user_id
               where e.match_id = ${matchId})`;
}
