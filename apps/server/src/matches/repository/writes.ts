import { and, eq, sql } from 'drizzle-orm';
import type { ApprovalStatus, PlayerApprovalStatus } from '@mitos/domain/constants';
import { applyTransition, type MatchState, type TransitionEffect } from '@mitos/domain/match-transitions';
import type { MatchEventType } from '@mitos/domain/matches';
import { queryRows, type Db, type Tx } from '../../db/client';
import { addLinesAsWith, type MatchLines } from '../../rankings/tallies';
import { matchEvents, matches } from '../../db/schema/index';
import {
  eventsOf,
  highlightsOf,
  matchColumns,
  namedRef,
  parseJson,
  parseJsonValue,
  playerJson,
  toEvent,
  toMatchRow,
  toPlayer,
  type MatchBundle,
  type MatchPlayerRow,
  type MatchRow,
  type NamedRef,
  type NewMatchPlayer,
  type Raw,
  type RawEvent,
  type RawPlayer,
} from './load';

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
  store: NamedRef | null;
  league: NamedRef | null;
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
    Raw<MatchRow> & {
      createdByUsername: string | null;
      actorUsername: string | null;
      store: NamedRef | string | null;
      league: NamedRef | string | null;
      player: RawPlayer;
    }
  >(
    tx,
    sql`
    ${matchColumns('m')}, cu.username as "createdByUsername",
           case when st.id is null then null else json_build_object('id', st.id, 'name', st.name) end as store,
           case when lg.id is null then null else json_build_object('id', lg.id, 'name', lg.name) end as league,
           (select a.username from users a where a.id = ${actor}::int) as "actorUsername",
           ${playerJson('p', 'pu')} as player
      from matches m
      join match_players p on p.match_id = m.id
      join users pu on pu.id = p.user_id
      left join users cu on cu.id = m.created_by
      left join stores st on st.id = m.store_id
      left join leagues lg on lg.id = m.league_id
     where m.id = ${id}
     order by p.team, p.position
       for update of m, p`,
  );
  const [first] = rows;
  if (!first) return undefined;
  const { createdByUsername, actorUsername, store, league, player: _player, ...match } = first;
  return {
    match: toMatchRow(match),
    createdByUsername,
    store: namedRef(store),
    league: namedRef(league),
    actorUsername,
    players: rows.map((r) => toPlayer(parseJsonValue(r.player))),
  };
}

export interface PlayerWithDecks {
  id: number;
  username: string;
  /** Those of the asked decks this user owns. */
  decks: { id: number; userId: number; name: string; raza: string }[];
  /** With `creator`: how many of the creator's matches still wait for this user's answer. */
  waitingOnCreator: number;
}

/** Where a new match says it was played, as the database has it (docs/decisions/014). */
export interface MatchPlace {
  /** The asked store, when it exists. */
  store: { id: number; name: string; active: boolean } | null;
  /** The asked league, when it exists and is not deleted, with its store. */
  league: {
    id: number;
    name: string;
    finished: boolean;
    store: { id: number; name: string; active: boolean };
  } | null;
  /** The season holding the match's day, if any (the open one first should two hold it). */
  season: { id: number; name: string; closed: boolean } | null;
  /** The stores the recording user organises. */
  organises: number[];
}

export interface PlaceQuery {
  storeId: number | null;
  leagueId: number | null;
  /** The match's calendar day in Buenos Aires (YYYY-MM-DD). */
  day: string;
  actorId: number;
  /** Whether the recorder's organised stores matter (any tier but Amistoso, or a store named). */
  organises: boolean;
}

export interface PlayersForRecording {
  /** The asked users that exist. */
  players: PlayerWithDecks[];
  /** With `creator`: how many matches the creator recorded since `creator.since`. */
  createdSince: number;
  /** Where the match was played (store, league, season, the recorder's stores). */
  place: MatchPlace;
}

/**
 * The asked users that exist, each with those of the asked decks they own, and where the match
 * was played, in one statement; with `creator`, also the counts that decision 012's limits look
 * at (read after lockCreations, so that the same creator's concurrent recordings cannot overtake
 * them). Recording a match reads everything it checks at once.
 */
export async function readForRecording(
  db: Db | Tx,
  userIds: readonly number[],
  deckIds: readonly number[],
  creator: { id: number; since: Date } | null,
  place: PlaceQuery,
): Promise<PlayersForRecording> {
  const decksWanted = deckIds.length > 0 ? sql`and d.id in ${[...deckIds]}` : sql`and false`;
  const counts = creator
    ? sql`,
           (select count(*) from matches c
             where c.created_by = ${creator.id} and c.created_at > ${creator.since.toISOString()}::timestamptz)::int
             as "createdSince",
           (select count(*) from match_players mp join matches m on m.id = mp.match_id
             where mp.user_id = u.id and mp.match_status = 'pending' and mp.approval_status = 'pending'
                   and m.created_by = ${creator.id})::int as "waitingOnCreator"`
    : sql``;
  // Each part is asked only when the match needs it (uncorrelated: evaluated once), so the usual
  // Amistoso between two players costs one more index probe (its season) and nothing else.
  const store =
    place.storeId === null
      ? sql`null::json`
      : sql`(select ${STORE_JSON} from stores st where st.id = ${place.storeId}::int)`;
  const league =
    place.leagueId === null
      ? sql`null::json`
      : sql`(select json_build_object('id', l.id, 'name', l.name, 'finished', l.finished_at is not null,
                                      'store', ${LEAGUE_STORE_JSON})
               from leagues l join stores st on st.id = l.store_id
              where l.id = ${place.leagueId}::int and l.deleted_at is null)`;
  const organises = place.organises
    ? sql`(select coalesce(json_agg(o.store_id), '[]') from store_organisers o where o.user_id = ${place.actorId}::int)`
    : sql`'[]'::json`;
  const rows = await queryRows<{
    id: number;
    username: string;
    deckId: number | null;
    deckName: string | null;
    deckRaza: string | null;
    createdSince?: number;
    waitingOnCreator?: number;
    store: MatchPlace['store'] | string;
    league: MatchPlace['league'] | string;
    season: MatchPlace['season'] | string;
    organises: number[] | string;
  }>(
    db,
    sql`
    select u.id, u.username, d.id as "deckId", d.name as "deckName", d.raza as "deckRaza",
           ${store} as store, ${league} as league,
           (select json_build_object('id', s.id, 'name', s.name, 'closed', s.closed_at is not null)
              from seasons s
             where s.starts_on <= ${place.day}::date and s.ends_on >= ${place.day}::date
             order by s.closed_at is null desc, s.starts_on desc
             limit 1) as season,
           ${organises} as organises${counts}
      from users u left join decks d on d.user_id = u.id ${decksWanted}
     where u.id in ${[...userIds]}`,
  );
  const byUser = new Map<number, PlayerWithDecks>();
  for (const row of rows) {
    const user = byUser.get(row.id) ?? {
      id: row.id,
      username: row.username,
      decks: [],
      waitingOnCreator: Number(row.waitingOnCreator ?? 0),
    };
    byUser.set(row.id, user);
    if (row.deckId !== null) {
      user.decks.push({ id: row.deckId, userId: row.id, name: row.deckName!, raza: row.deckRaza! });
    }
  }
  const first = rows[0];
  const json = <T>(value: T | string | null | undefined): T | null =>
    value === null || value === undefined ? null : parseJsonValue(value);
  return {
    players: [...byUser.values()],
    createdSince: Number(first?.createdSince ?? 0),
    place: {
      store: json(first?.store),
      league: json(first?.league),
      season: json(first?.season),
      organises: (json(first?.organises) ?? []).map(Number),
    },
  };
}

const STORE_JSON = sql.raw(`json_build_object('id', st.id, 'name', st.name, 'active', st.active)`);
const LEAGUE_STORE_JSON = STORE_JSON;

/** Namespace of the advisory lock that makes one creator's recordings run one at a time. */
const CREATION_LOCK = 0x4d617463; // "Matc"

/**
 * Holds, until the transaction ends, the lock on recording matches as `creatorId`: the counts
 * read after it (readForRecording) cannot be overtaken by the same creator's concurrent requests.
 * A statement of its own: a statement sees what was committed when it started, so counts read by
 * the statement that waited for the lock would miss what the lock's last holder committed.
 */
export async function lockCreations(tx: Tx, creatorId: number): Promise<void> {
  await queryRows(tx, sql`select pg_advisory_xact_lock(${CREATION_LOCK}::int, ${creatorId}::int)`);
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
                           total_matches, created_at, created_by, last_updated_by,
                           store_id, league_id, season_id, round, tournament_id)
      values (${at(m.matchDate)}, ${m.matchMode}, ${m.tier}, ${m.winningTeam ?? null}, ${m.team1Score ?? 0},
              ${m.team2Score ?? 0}, ${m.totalMatches}, ${at(m.createdAt)}, ${m.createdBy}, ${m.lastUpdatedBy ?? null},
              ${m.storeId ?? null}::int, ${m.leagueId ?? null}::int, ${m.seasonId ?? null}::int,
              ${m.round ?? null}::smallint, ${m.tournamentId ?? null}::int)
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
  );
  return toMatchRow(row!);
}

/** A transition's effect (decided by the domain's state machine) on one match, by one actor. */
export interface TransitionWrite extends TransitionEffect {
  matchId: number;
  /** Who acts; null for the server itself (an expiry), which leaves last_updated_by alone. */
  actor: number | null;
  at: Date;
  /** The match becomes approved with a season: these lines are added to its season's counts. */
  addsLines?: MatchLines;
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
    storeId: locked.match.storeId,
    tournamentId: locked.match.tournamentId,
    escalated: locked.match.escalatedAt !== null,
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
  // What the entries still pending become: cancelled, or approved (an organiser's confirmation).
  const waitingBecome = w.cancelWaiting ? 'cancelled' : w.approveWaiting ? 'approved' : null;
  const waiting = waitingBecome ? sql`approval_status = 'pending'` : sql`false`;
  const entries =
    w.entry || waitingBecome || w.match
      ? sql`, mp as (
          update match_players set
            approval_status = case when ${own} then ${w.entry ?? null}::text
                                   when ${waiting} then ${waitingBecome}::text else approval_status end,
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
    : w.escalate
      ? sql`, mm as (update matches set escalated_at = ${at(w.at)} where id = ${w.matchId})`
      : w.touch
        ? sql`, mm as (update matches set last_updated_by = coalesce(${w.actor}::int, last_updated_by)
                       where id = ${w.matchId})`
        : sql``;
  const counts = w.addsLines ? addLinesAsWith(w.addsLines) : sql``;
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
    ${entries} ${match} ${counts}
    select (select count(*) from ev)::int as written, ${highlightsOf(sql`${w.matchId}`)} as highlights,
           ${eventsOf(sql`${w.matchId}`)} as events`,
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
  if (w.escalate) match.escalatedAt = w.at;
  else if ((w.match || w.touch) && w.actor !== null) match.lastUpdatedBy = w.actor;
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
    store: locked.store,
    league: locked.league,
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
