import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { queryRows } from '../db/client';
import { insertColumns } from '../db/bulk-insert';
import {
  decks,
  stores,
  tournamentAnnouncements,
  tournamentBrackets,
  tournamentPairings,
  tournamentParticipants,
  tournaments,
  users,
} from '../db/schema/index';
import type { PairingResult } from '@mitos/domain/tournament-standings';
import { applyCounts } from '../rankings/tallies';

export type TournamentRecord = typeof tournaments.$inferSelect;
export type ParticipantRecord = typeof tournamentParticipants.$inferSelect;
export type PairingRecord = typeof tournamentPairings.$inferSelect;
export type BracketRecord = typeof tournamentBrackets.$inferSelect;
export type NewPairing = typeof tournamentPairings.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Tournaments
// ---------------------------------------------------------------------------------------------

export interface TournamentRow extends TournamentRecord {
  store: string;
  winner: string | null;
  participants: number;
  waitlist: number;
}

function selectRows(db: Db | Tx) {
  return db
    .select({
      tournament: tournaments,
      store: stores.name,
      winner: users.username,
      participants: sql<number>`(select count(*)::int from ${tournamentParticipants} tp
         where tp.tournament_id = ${tournaments.id} and tp.status <> 'waitlisted')`,
      waitlist: sql<number>`(select count(*)::int from ${tournamentParticipants} tp
         where tp.tournament_id = ${tournaments.id} and tp.status = 'waitlisted')`,
    })
    .from(tournaments)
    .innerJoin(stores, eq(stores.id, tournaments.storeId))
    .leftJoin(users, eq(users.id, tournaments.winnerId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];
const flatten = (r: Selected): TournamentRow => ({
  ...r.tournament,
  store: r.store,
  winner: r.winner,
  participants: Number(r.participants),
  waitlist: Number(r.waitlist),
});

/** Every tournament (of one store), the next to start first among the active, newest first otherwise. */
export async function listTournaments(db: Db | Tx, storeId?: number): Promise<TournamentRow[]> {
  const rows = await selectRows(db)
    .where(storeId === undefined ? undefined : eq(tournaments.storeId, storeId))
    .orderBy(desc(tournaments.startsAt), desc(tournaments.id));
  return rows.map(flatten);
}

export async function findTournament(db: Db | Tx, id: number): Promise<TournamentRow | undefined> {
  const [row] = await selectRows(db).where(eq(tournaments.id, id)).limit(1);
  return row && flatten(row);
}

export async function tournamentRecord(db: Db | Tx, id: number): Promise<TournamentRecord | undefined> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  return row;
}

/** The tournament's row, locked: every change to a tournament goes one at a time (decision 015). */
export async function lockTournament(tx: Tx, id: number): Promise<TournamentRecord | undefined> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
  return row;
}

export async function insertTournament(
  tx: Tx,
  values: typeof tournaments.$inferInsert,
): Promise<TournamentRecord> {
  const [row] = await tx.insert(tournaments).values(values).returning();
  return row!;
}

export async function updateTournament(
  tx: Tx,
  id: number,
  values: Partial<typeof tournaments.$inferInsert>,
): Promise<void> {
  await tx.update(tournaments).set(values).where(eq(tournaments.id, id));
}

export async function deleteTournament(tx: Tx, id: number): Promise<void> {
  await tx.delete(tournaments).where(eq(tournaments.id, id));
}

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

export interface ParticipantRow extends ParticipantRecord {
  username: string;
  torCode: string | null;
  deckName: string | null;
  deckRaza: string | null;
}

/** Registered first by seed (then sign-up), the waiting list after in sign-up order. */
export async function participantsOf(db: Db | Tx, tournamentId: number): Promise<ParticipantRow[]> {
  const rows = await db
    .select({
      participant: tournamentParticipants,
      username: users.username,
      torCode: users.torCode,
      deckName: decks.name,
      deckRaza: decks.raza,
    })
    .from(tournamentParticipants)
    .innerJoin(users, eq(users.id, tournamentParticipants.userId))
    .leftJoin(decks, eq(decks.id, tournamentParticipants.deckId))
    .where(eq(tournamentParticipants.tournamentId, tournamentId))
    .orderBy(
      sql`${tournamentParticipants.status} = 'waitlisted'`,
      sql`${tournamentParticipants.seed} nulls last`,
      asc(tournamentParticipants.signedUpAt),
      asc(tournamentParticipants.userId),
    );
  return rows.map((r) => ({
    ...r.participant,
    username: r.username,
    torCode: r.torCode,
    deckName: r.deckName,
    deckRaza: r.deckRaza,
  }));
}

export async function findParticipant(
  db: Db | Tx,
  tournamentId: number,
  userId: number,
): Promise<ParticipantRecord | undefined> {
  const [row] = await db
    .select()
    .from(tournamentParticipants)
    .where(
      and(eq(tournamentParticipants.tournamentId, tournamentId), eq(tournamentParticipants.userId, userId)),
    );
  return row;
}

/** Adds a participant; false when they are in it already (the primary key). */
export async function insertParticipant(
  tx: Tx,
  values: typeof tournamentParticipants.$inferInsert,
): Promise<boolean> {
  const rows = await tx.insert(tournamentParticipants).values(values).onConflictDoNothing().returning({
    userId: tournamentParticipants.userId,
  });
  return rows.length > 0;
}

export async function updateParticipant(
  tx: Tx,
  tournamentId: number,
  userId: number,
  values: Partial<typeof tournamentParticipants.$inferInsert>,
): Promise<void> {
  await tx
    .update(tournamentParticipants)
    .set(values)
    .where(
      and(eq(tournamentParticipants.tournamentId, tournamentId), eq(tournamentParticipants.userId, userId)),
    );
}

export async function deleteParticipant(tx: Tx, tournamentId: number, userId: number): Promise<boolean> {
  const rows = await tx
    .delete(tournamentParticipants)
    .where(
      and(eq(tournamentParticipants.tournamentId, tournamentId), eq(tournamentParticipants.userId, userId)),
    )
    .returning({ userId: tournamentParticipants.userId });
  return rows.length > 0;
}

/** The deck `deckId` if it belongs to `userId`; their default deck when no id is given. */
export async function deckOf(
  db: Db | Tx,
  userId: number,
  deckId: number | null,
): Promise<{ id: number; name: string; raza: string } | undefined> {
  const [row] = await db
    .select({ id: decks.id, name: decks.name, raza: decks.raza })
    .from(decks)
    .where(and(eq(decks.userId, userId), deckId === null ? eq(decks.isDefault, true) : eq(decks.id, deckId)))
    .limit(1);
  return row;
}

export async function existingUsers(db: Db | Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** Each player's points in a season's Ranking General (seeding when no rating exists). */
export async function seasonPoints(
  db: Db | Tx,
  seasonId: number | null,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (seasonId === null || userIds.length === 0) return new Map();
  const rows = await queryRows<{ userId: number; points: number }>(
    db,
    sql`select user_id as "userId", points from standings
         where season_id = ${seasonId} and store_id = 0 and user_id in (${sql.join(
           userIds.map((id) => sql`${id}::int`),
           sql`, `,
         )})`,
  );
  return new Map(rows.map((r) => [Number(r.userId), Number(r.points)]));
}

// ---------------------------------------------------------------------------------------------
// Brackets and pairings
// ---------------------------------------------------------------------------------------------

export async function bracketsOf(db: Db | Tx, tournamentId: number): Promise<BracketRecord[]> {
  return db
    .select()
    .from(tournamentBrackets)
    .where(eq(tournamentBrackets.tournamentId, tournamentId))
    .orderBy(sql`${tournamentBrackets.stage} = 'playoff'`);
}

export async function saveBracket(tx: Tx, values: typeof tournamentBrackets.$inferInsert): Promise<void> {
  await tx
    .insert(tournamentBrackets)
    .values(values)
    .onConflictDoUpdate({
      target: [tournamentBrackets.tournamentId, tournamentBrackets.stage],
      set: { data: values.data, seeding: values.seeding, type: values.type },
    });
}

export interface PairingRow extends PairingRecord {
  player1Name: string;
  player2Name: string | null;
  matchStatus: 'pending' | 'approved' | 'rejected' | 'cancelled' | null;
  /** The linked match's score: what was reported, while it waits for approval. */
  matchGames1: number | null;
  matchGames2: number | null;
  matchGamesPlayed: number | null;
}

/** A tournament's pairings (void ones too), by stage, round and table; or the one named. */
export async function pairingsOf(
  db: Db | Tx,
  tournamentId: number,
  pairingId?: number,
): Promise<PairingRow[]> {
  const rows = await queryRows<PairingRow>(
    db,
    sql`select p.id, p.tournament_id as "tournamentId", p.stage, p.round, p.table_no as "tableNo",
               p.bracket_match_id as "bracketMatchId", p.bracket_group as "bracketGroup",
               p.player1_id as "player1Id", p.player2_id as "player2Id", p.status, p.outcome,
               p.games1, p.games2, p.games_drawn as "gamesDrawn", p.match_id as "matchId",
               p.paired_at as "pairedAt", p.decided_at as "decidedAt",
               u1.username as "player1Name", u2.username as "player2Name",
               m.approval_status as "matchStatus", m.team1_score as "matchGames1",
               m.team2_score as "matchGames2", m.total_matches as "matchGamesPlayed"
          from tournament_pairings p
          join users u1 on u1.id = p.player1_id
          left join users u2 on u2.id = p.player2_id
          left join matches m on m.id = p.match_id
         where p.tournament_id = ${tournamentId} ${pairingId === undefined ? sql`` : sql`and p.id = ${pairingId}`}
         order by case p.stage when 'swiss' then 0 when 'main' then 1 else 2 end, p.round, p.table_no, p.id`,
  );
  return rows.map((r) => ({
    ...r,
    pairedAt: new Date(r.pairedAt),
    decidedAt: r.decidedAt === null ? null : new Date(r.decidedAt),
  }));
}

/**
 * A round's pairings in one statement whose text and parameter count do not depend on the round's
 * size: each column travels as one array (db/bulk-insert). A VALUES list of a Swiss round of 256
 * took 16 parameters a row, 2,048 in all, and 10–30 ms to build, send and plan (decision 030).
 */
export async function insertPairings(tx: Tx, rows: readonly NewPairing[]): Promise<void> {
  if (rows.length === 0) return;
  const t = tournamentPairings;
  const column = (c: { name: string }, type: string, value: (row: NewPairing) => unknown) =>
    [c.name, type, rows.map(value)] as const;
  const time = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const now = new Date();
  await insertColumns(tx, 'tournament_pairings', [
    column(t.tournamentId, 'integer', (r) => r.tournamentId),
    column(t.stage, 'text', (r) => r.stage),
    column(t.round, 'smallint', (r) => r.round),
    column(t.tableNo, 'smallint', (r) => r.tableNo),
    column(t.bracketMatchId, 'integer', (r) => r.bracketMatchId),
    column(t.bracketGroup, 'text', (r) => r.bracketGroup),
    column(t.player1Id, 'integer', (r) => r.player1Id),
    column(t.player2Id, 'integer', (r) => r.player2Id),
    column(t.status, 'text', (r) => r.status ?? 'pending'),
    column(t.outcome, 'text', (r) => r.outcome),
    column(t.games1, 'smallint', (r) => r.games1),
    column(t.games2, 'smallint', (r) => r.games2),
    column(t.gamesDrawn, 'smallint', (r) => r.gamesDrawn),
    column(t.matchId, 'integer', (r) => r.matchId),
    column(t.pairedAt, 'timestamptz', (r) => time(r.pairedAt ?? now)),
    column(t.decidedAt, 'timestamptz', (r) => time(r.decidedAt)),
  ]);
}

export async function findPairing(db: Db | Tx, id: number): Promise<PairingRecord | undefined> {
  const [row] = await db.select().from(tournamentPairings).where(eq(tournamentPairings.id, id));
  return row;
}

export async function pairingOfMatch(db: Db | Tx, matchId: number): Promise<PairingRecord | undefined> {
  const [row] = await db.select().from(tournamentPairings).where(eq(tournamentPairings.matchId, matchId));
  return row;
}

export async function updatePairing(
  tx: Tx,
  id: number,
  values: Partial<typeof tournamentPairings.$inferInsert>,
): Promise<void> {
  await tx.update(tournamentPairings).set(values).where(eq(tournamentPairings.id, id));
}

/** Removes a paired round nobody played yet (re-pairing after a correction). */
export async function deleteRound(tx: Tx, tournamentId: number, stage: string, round: number): Promise<void> {
  await tx
    .delete(tournamentPairings)
    .where(
      and(
        eq(tournamentPairings.tournamentId, tournamentId),
        eq(tournamentPairings.stage, stage),
        eq(tournamentPairings.round, round),
      ),
    );
}

/** When each Swiss round (then the playoff) was first paired, for Calendario. */
export async function roundsPairedAt(db: Db | Tx, tournamentId: number): Promise<string[]> {
  const rows = await queryRows<{ at: string | Date }>(
    db,
    sql`select min(paired_at) as at from tournament_pairings
         where tournament_id = ${tournamentId} and status <> 'void'
         group by case when stage = 'swiss' then round else 1000 end order by 1`,
  );
  return rows.map((r) => new Date(r.at).toISOString());
}

// ---------------------------------------------------------------------------------------------
// Matches settled by the organiser
// ---------------------------------------------------------------------------------------------

/**
 * The organiser confirms a reported match: every player's entry and the match become approved
 * (event `entered` in its history), and its points count.
 */
export async function confirmMatch(tx: Tx, matchId: number, organiserId: number, at: Date): Promise<void> {
  await tx.execute(sql`
    with m as (
      update matches set approval_status = 'approved', approval_updated_at = ${at.toISOString()}::timestamptz,
             last_updated_by = ${organiserId}
       where id = ${matchId} and approval_status = 'pending' returning id, season_id),
    p as (
      update match_players set match_status = 'approved', approval_status = 'approved',
             status_updated_at = coalesce(status_updated_at, ${at.toISOString()}::timestamptz)
       where match_id in (select id from m))
    insert into match_events (match_id, type, user_id, at)
    select id, 'entered', ${organiserId}, ${at.toISOString()}::timestamptz from m
    on conflict do nothing`);
  const [row] = await queryRows<{ seasonId: number | null }>(
    tx,
    sql`select season_id as "seasonId" from matches where id = ${matchId}`,
  );
  if (row?.seasonId != null) await applyCounts(tx, matchId, 1);
}

/**
 * A result taken back by the organiser: an approved match is annulled (its points leave the
 * rankings), a pending one cancelled; the event names the organiser.
 */
export async function withdrawMatch(tx: Tx, matchId: number, organiserId: number, at: Date): Promise<void> {
  const [row] = await queryRows<{ status: string; seasonId: number | null }>(
    tx,
    sql`select approval_status as status, season_id as "seasonId" from matches where id = ${matchId} for update`,
  );
  if (!row || row.status === 'cancelled') return;
  if (row.status === 'approved' && row.seasonId !== null) await applyCounts(tx, matchId, -1);
  const event = row.status === 'approved' ? 'annulled' : 'cancelled';
  await tx.execute(sql`
    with m as (
      update matches set approval_status = 'cancelled', approval_updated_at = ${at.toISOString()}::timestamptz,
             last_updated_by = ${organiserId}
       where id = ${matchId} returning id),
    p as (update match_players set match_status = 'cancelled' where match_id in (select id from m))
    insert into match_events (match_id, type, user_id, at)
    select id, ${event}, ${organiserId}, ${at.toISOString()}::timestamptz from m
    on conflict do nothing`);
}

// ---------------------------------------------------------------------------------------------
// Announcements
// ---------------------------------------------------------------------------------------------

export async function announcementsOf(db: Db | Tx, tournamentId: number) {
  return db
    .select({
      id: tournamentAnnouncements.id,
      message: tournamentAnnouncements.message,
      createdAt: tournamentAnnouncements.createdAt,
      authorId: tournamentAnnouncements.authorId,
      author: users.username,
    })
    .from(tournamentAnnouncements)
    .leftJoin(users, eq(users.id, tournamentAnnouncements.authorId))
    .where(eq(tournamentAnnouncements.tournamentId, tournamentId))
    .orderBy(desc(tournamentAnnouncements.createdAt), desc(tournamentAnnouncements.id));
}

export async function insertAnnouncement(
  tx: Tx,
  values: { tournamentId: number; authorId: number; message: string },
): Promise<void> {
  await tx.insert(tournamentAnnouncements).values(values);
}

/** Everyone who hears a tournament's announcements: its participants not on the waiting list. */
export async function audienceOf(db: Db | Tx, tournamentId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: tournamentParticipants.userId })
    .from(tournamentParticipants)
    .where(
      and(
        eq(tournamentParticipants.tournamentId, tournamentId),
        ne(tournamentParticipants.status, 'waitlisted'),
      ),
    );
  return rows.map((r) => r.userId);
}

/** The participant read the tournament's announcements up to now. */
export async function markAnnouncementsSeen(tx: Tx, tournamentId: number, userId: number, at: Date) {
  await updateParticipant(tx, tournamentId, userId, { announcementsSeenAt: at });
}

/**
 * Locks the tournament's matches waiting for approval, before the tournament itself: a write that
 * may settle or withdraw them (closing a round, a correction) takes them in the order an approval
 * does (match, then tournament), so the two never deadlock.
 */
export async function lockPendingMatches(tx: Tx, tournamentId: number): Promise<void> {
  await tx.execute(sql`select id from matches where tournament_id = ${tournamentId} and approval_status = 'pending'
                        order by id for update`);
}

/** Locks a match row before its tournament's (the order approvals take them in). */
export async function lockMatchRow(tx: Tx, matchId: number): Promise<void> {
  await tx.execute(sql`select id from matches where id = ${matchId} for update`);
}

export interface UnreadAnnouncement {
  id: number;
  tournamentId: number;
  tournament: string;
  message: string;
  createdAt: Date;
}

/** The Comunicados a participant has not read yet, newest first. */
export async function unreadAnnouncements(db: Db | Tx, userId: number): Promise<UnreadAnnouncement[]> {
  const rows = await queryRows<Omit<UnreadAnnouncement, 'createdAt'> & { createdAt: string | Date }>(
    db,
    sql`select a.id, a.tournament_id as "tournamentId", t.name as tournament, a.message, a.created_at as "createdAt"
          from tournament_participants tp
          join tournament_announcements a on a.tournament_id = tp.tournament_id and a.created_at > tp.announcements_seen_at
          join tournaments t on t.id = tp.tournament_id
         where tp.user_id = ${userId} and tp.status <> 'waitlisted'
         order by a.created_at desc, a.id desc limit 50`,
  );
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
}

/** The seeds given at the start, 1 first, in one statement. */
export async function setSeeds(tx: Tx, tournamentId: number, order: readonly number[]): Promise<void> {
  if (order.length === 0) return;
  await tx.execute(sql`
    update tournament_participants tp set seed = v.seed
      from unnest(${`{${order.join(',')}}`}::int[]) with ordinality as v(user_id, seed)
     where tp.tournament_id = ${tournamentId} and tp.user_id = v.user_id`);
}

/** The registered players who do not play (not checked in when others were): dropped as no-shows. */
export async function dropNoShows(tx: Tx, tournamentId: number, playing: readonly number[]): Promise<void> {
  await tx.execute(sql`
    update tournament_participants set status = 'dropped', dropped_after_round = 0
     where tournament_id = ${tournamentId} and status = 'registered'
       and not (user_id = any(${`{${playing.join(',')}}`}::int[]))`);
}

/** The decks two players signed up with (none: their default deck), by player. */
export async function signedUpDecks(
  tx: Tx,
  tournamentId: number,
  userIds: readonly number[],
): Promise<Map<number, { id: number; name: string; raza: string }>> {
  const rows = await queryRows<{ userId: number; id: number; name: string; raza: string }>(
    tx,
    sql`select u.id as "userId", d.id, d.name, d.raza
          from unnest(${`{${userIds.join(',')}}`}::int[]) as u(id)
          left join tournament_participants tp on tp.tournament_id = ${tournamentId} and tp.user_id = u.id
          join decks d on d.id = coalesce(tp.deck_id,
                 (select dd.id from decks dd where dd.user_id = u.id and dd.is_default limit 1))`,
  );
  return new Map(rows.map((r) => [Number(r.userId), { id: r.id, name: r.name, raza: r.raza }]));
}

/** Whether a stage still has a pairing without its result. */
export async function hasOpenPairings(tx: Tx, tournamentId: number, stage: string): Promise<boolean> {
  const [row] = await queryRows<{ open: boolean }>(
    tx,
    sql`select exists (select 1 from tournament_pairings where tournament_id = ${tournamentId}
          and stage = ${stage} and status in ('pending', 'reported')) as open`,
  );
  return Boolean(row?.open);
}

/** The pairings still standing (not voided), without names: what the structure's rules read. */
export async function livePairingRecords(db: Db | Tx, tournamentId: number): Promise<PairingRecord[]> {
  return db
    .select()
    .from(tournamentPairings)
    .where(and(eq(tournamentPairings.tournamentId, tournamentId), ne(tournamentPairings.status, 'void')))
    .orderBy(asc(tournamentPairings.round), asc(tournamentPairings.tableNo), asc(tournamentPairings.id));
}

/**
 * The decided results of one stage, as the standings and the Swiss pairing read them: only the
 * columns they need (a Swiss of 256 has a thousand pairings by its last round; their whole rows,
 * timestamps parsed, cost more than the pairing itself).
 */
export async function decidedResults(
  db: Db | Tx,
  tournamentId: number,
  stage: string,
): Promise<PairingResult[]> {
  return queryRows<PairingResult>(
    db,
    sql`select round, player1_id as "player1", player2_id as "player2", outcome,
               coalesce(games1, 0)::int as "games1", coalesce(games2, 0)::int as "games2",
               coalesce(games_drawn, 0)::int as "gamesDrawn"
          from tournament_pairings
         where tournament_id = ${tournamentId} and stage = ${stage} and status = 'decided'
         order by round, table_no, id`,
  );
}

/** The seeded players (from the start on), with whether they dropped. */
export async function seededPlayers(
  db: Db | Tx,
  tournamentId: number,
): Promise<{ id: number; seed: number; dropped: boolean }[]> {
  const rows = await db
    .select({
      id: tournamentParticipants.userId,
      seed: tournamentParticipants.seed,
      status: tournamentParticipants.status,
    })
    .from(tournamentParticipants)
    .where(
      and(
        eq(tournamentParticipants.tournamentId, tournamentId),
        ne(tournamentParticipants.status, 'waitlisted'),
        sql`${tournamentParticipants.seed} is not null`,
      ),
    );
  return rows.map((r) => ({ id: r.id, seed: r.seed!, dropped: r.status === 'dropped' }));
}

/** The registered players (not waitlisted, not dropped) and whether each checked in. */
export async function registeredPlayers(
  db: Db | Tx,
  tournamentId: number,
): Promise<{ userId: number; checkedIn: boolean }[]> {
  const rows = await db
    .select({ userId: tournamentParticipants.userId, checkedInAt: tournamentParticipants.checkedInAt })
    .from(tournamentParticipants)
    .where(
      and(
        eq(tournamentParticipants.tournamentId, tournamentId),
        eq(tournamentParticipants.status, 'registered'),
      ),
    );
  return rows.map((r) => ({ userId: r.userId, checkedIn: r.checkedInAt !== null }));
}
