import { MSG } from '@mitos/domain/messages';
import type { CommunityActor } from '@mitos/domain/community-rules';
import { managesTournament } from '@mitos/domain/tournament-rules';
import type { z } from 'zod/mini';
import type {
  ZCloseRoundInput,
  ZParticipantsInput,
  ZReportInput,
  ZTournamentInput,
} from '@mitos/domain/tournaments';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { communityActor } from '../community/actor';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { findStore } from '../stores/repository';
import { seasonForDate } from '../seasons/repository';
import type { Changes } from '../changes/feed';
import { pushAnnouncement, pushMatchRecordedById } from '../push/events';
import * as progress from './progress';
import * as repo from './repository';

type Input = z.output<typeof ZTournamentInput>;

/** Buenos Aires has no daylight saving time: its offset is always −03:00. */
export function startsAtOf(day: string, time: string): Date {
  return new Date(`${day}T${time}:00-03:00`);
}

interface Managed {
  tx: Tx;
  t: repo.TournamentRecord;
  actor: CommunityActor;
  announce: (changes: Changes) => void;
  now: Date;
}

/**
 * Runs `work` on the locked tournament; `manage` refuses callers who do not run it (admins,
 * tournament admins, its store's organisers). Every change announces the community (decision 015).
 */
function onTournament<T>(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  work: (m: Managed) => Promise<T>,
  options: { manage: boolean; lockMatch?: number | null; lockPending?: boolean } = { manage: true },
): Promise<T> {
  return ctx.changes.commit(async (tx, announce) => {
    // Lock order: a match before its tournament, as approvals take them (decision 015).
    if (options.lockMatch) await repo.lockMatchRow(tx, options.lockMatch);
    if (options.lockPending) await repo.lockPendingMatches(tx, id);
    const t = await repo.lockTournament(tx, id);
    if (!t) throw notFound(MSG.tournamentNotFound);
    const actor = await communityActor(tx, user);
    if (options.manage && !managesTournament(actor, t.storeId)) throw forbidden(MSG.tournamentManagerOnly);
    announce({ community: true });
    return work({ tx, t, actor, announce, now: new Date() });
  });
}

async function requireStore(tx: Tx, actor: CommunityActor, storeId: number) {
  if (!managesTournament(actor, storeId)) throw forbidden(MSG.tournamentManagerOnly);
  const store = await findStore(tx, storeId);
  if (!store) throw notFound(MSG.storeNotFound);
  if (!store.active) throw conflict(MSG.storeInactive);
}

function fieldsOf(input: Input) {
  return {
    name: input.name,
    storeId: input.storeId,
    type: input.type,
    startsAt: startsAtOf(input.startDate, input.startTime),
    rules: input.rules,
    playerCap: input.playerCap,
    bestOf: input.bestOf,
    registrationOpen: input.registrationOpen,
    tier: input.tier,
    swissRounds: input.type === 'swiss' ? input.swissRounds : null,
    topCut: input.type === 'swiss' ? input.topCut : 0,
  };
}

/** Crear Torneo: at an active store the caller runs; its season is the one holding its day. */
export async function createTournament(ctx: AppContext, user: SessionUser, input: Input): Promise<number> {
  if (input.type !== 'swiss' && input.topCut > 0) throw badRequest(MSG.tournamentTopCutSwissOnly);
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    const actor = await communityActor(tx, user);
    await requireStore(tx, actor, input.storeId);
    const season = await seasonForDate(tx, input.startDate);
    if (season && season.closedAt !== null) throw badRequest(MSG.seasonClosed(season.name));
    const row = await repo.insertTournament(tx, {
      ...fieldsOf(input),
      seasonId: season?.id ?? null,
      createdBy: user.id,
    });
    return row.id;
  });
}

/**
 * Editar: before the start everything may change (the cap not below the registered players);
 * once started only the name, the rules and the announced time.
 */
export function updateTournament(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: Input,
): Promise<void> {
  return onTournament(ctx, user, id, async ({ tx, t, actor }) => {
    const fields = fieldsOf(input);
    if (t.startedAt !== null) {
      const changes =
        fields.storeId !== t.storeId ||
        fields.type !== t.type ||
        fields.playerCap !== t.playerCap ||
        fields.bestOf !== t.bestOf ||
        fields.tier !== t.tier ||
        fields.topCut !== t.topCut;
      if (changes) throw conflict(MSG.tournamentEditStarted);
      await repo.updateTournament(tx, id, {
        name: fields.name,
        rules: fields.rules,
        startsAt: fields.startsAt,
      });
      return;
    }
    if (fields.storeId !== t.storeId) await requireStore(tx, actor, fields.storeId);
    if (input.type !== 'swiss' && input.topCut > 0) throw badRequest(MSG.tournamentTopCutSwissOnly);
    const registered = (await repo.participantsOf(tx, id)).filter((p) => p.status === 'registered').length;
    if (fields.playerCap < registered) throw conflict(MSG.tournamentCapBelowPlayers);
    const season = await seasonForDate(tx, input.startDate);
    await repo.updateTournament(tx, id, { ...fields, seasonId: season?.id ?? null });
    await promoteWaitlist(tx, { ...t, playerCap: fields.playerCap });
  });
}

/** A tournament that has not started can be deleted by who runs it. */
export function deleteTournament(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  return onTournament(ctx, user, id, async ({ tx, t }) => {
    if (t.startedAt !== null) throw conflict(MSG.tournamentDeleteStarted);
    await repo.deleteTournament(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-up and participants
// ---------------------------------------------------------------------------------------------

/** Moves players from the waiting list, first signed up first, while there is room. */
async function promoteWaitlist(tx: Tx, t: repo.TournamentRecord): Promise<void> {
  const all = await repo.participantsOf(tx, t.id);
  let room = t.playerCap - all.filter((p) => p.status === 'registered').length;
  for (const p of all.filter((q) => q.status === 'waitlisted')) {
    if (room <= 0) break;
    await repo.updateParticipant(tx, t.id, p.userId, { status: 'registered' });
    room -= 1;
  }
}

function refuseUnlessOpen(t: repo.TournamentRecord): void {
  if (t.finishedAt !== null) throw conflict(MSG.tournamentFinished);
  if (t.startedAt !== null) throw conflict(MSG.tournamentStarted);
}

/**
 * Inscribirse with a deck of one's own: registered while there is room, else on the waiting list
 * (answered, not refused). Twice, after the start, with registration closed or without a deck is
 * refused.
 */
export function signUp(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  deckId: number,
): Promise<'registered' | 'waitlisted'> {
  return onTournament(
    ctx,
    user,
    id,
    async ({ tx, t, now }) => {
      refuseUnlessOpen(t);
      if (!t.registrationOpen) throw conflict(MSG.tournamentRegistrationClosed);
      const deck = await repo.deckOf(tx, user.id, deckId);
      if (!deck) throw badRequest(MSG.deckNotOwned);
      if (await repo.findParticipant(tx, id, user.id)) throw conflict(MSG.tournamentAlreadySignedUp);
      const registered = (await repo.participantsOf(tx, id)).filter((p) => p.status === 'registered').length;
      const status = registered < t.playerCap ? 'registered' : 'waitlisted';
      await repo.insertParticipant(tx, {
        tournamentId: id,
        userId: user.id,
        deckId: deck.id,
        status,
        signedUpAt: now,
      });
      return status;
    },
    { manage: false },
  );
}

/** Withdraw before the start; the first on the waiting list takes the place. */
export function withdraw(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  return onTournament(
    ctx,
    user,
    id,
    async ({ tx, t }) => {
      refuseUnlessOpen(t);
      if (!(await repo.deleteParticipant(tx, id, user.id))) throw notFound(MSG.tournamentNotSignedUp);
      await promoteWaitlist(tx, t);
    },
    { manage: false },
  );
}

/**
 * Guardar on the participants screen: the list as it should be, before the start. Players kept
 * keep their place; new ones are registered up to the cap (beyond it: refused); a deck given must
 * be theirs, none takes their default deck.
 */
export function saveParticipants(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: z.output<typeof ZParticipantsInput>,
): Promise<void> {
  return onTournament(ctx, user, id, async ({ tx, t, now }) => {
    refuseUnlessOpen(t);
    const ids = input.participants.map((p) => p.userId);
    if (new Set(ids).size !== ids.length) throw badRequest(MSG.tournamentParticipantDuplicate);
    const known = await repo.existingUsers(tx, ids);
    if (ids.some((userId) => !known.has(userId))) throw notFound(MSG.userNotFound);
    const current = new Map((await repo.participantsOf(tx, id)).map((p) => [p.userId, p]));
    for (const userId of current.keys())
      if (!ids.includes(userId)) await repo.deleteParticipant(tx, id, userId);
    let registered = [...current.values()].filter(
      (p) => p.status === 'registered' && ids.includes(p.userId),
    ).length;
    for (const { userId, deckId } of input.participants) {
      const before = current.get(userId);
      const deck =
        deckId === null ? await repo.deckOf(tx, userId, null) : await repo.deckOf(tx, userId, deckId);
      if (deckId !== null && !deck) throw badRequest(MSG.deckNotOwned);
      if (before) {
        if (deckId !== null && deck && deck.id !== before.deckId)
          await repo.updateParticipant(tx, id, userId, { deckId: deck.id });
        continue;
      }
      if (registered >= t.playerCap) throw conflict(MSG.tournamentFull);
      await repo.insertParticipant(tx, {
        tournamentId: id,
        userId,
        deckId: deck?.id ?? null,
        status: 'registered',
        signedUpAt: now,
      });
      registered += 1;
    }
    await promoteWaitlist(tx, t);
  });
}

/** Acreditación on the day: a registered player is checked in (or not) before the start. */
export function checkIn(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  userId: number,
  checkedIn: boolean,
): Promise<void> {
  return onTournament(ctx, user, id, async ({ tx, t, now }) => {
    refuseUnlessOpen(t);
    const p = await repo.findParticipant(tx, id, userId);
    if (!p) throw notFound(MSG.tournamentNotParticipant);
    await repo.updateParticipant(tx, id, userId, { checkedInAt: checkedIn ? now : null });
  });
}

/**
 * A player drops mid-event (themself, or by the organiser): from the next pairing on they are not
 * paired; their results stay. Refused while they have a match of the current round to play.
 */
export function dropPlayer(ctx: AppContext, user: SessionUser, id: number, userId: number): Promise<void> {
  return onTournament(
    ctx,
    user,
    id,
    async ({ tx, t, actor }) => {
      if (userId !== user.id && !managesTournament(actor, t.storeId))
        throw forbidden(MSG.tournamentManagerOnly);
      if (t.startedAt === null) throw conflict(MSG.tournamentNotStarted);
      if (t.finishedAt !== null) throw conflict(MSG.tournamentFinished);
      const p = await repo.findParticipant(tx, id, userId);
      if (!p || p.status === 'waitlisted') throw notFound(MSG.tournamentNotParticipant);
      if (p.status === 'dropped') throw conflict(MSG.tournamentPlayerDropped);
      const pending = (await repo.pairingsOf(tx, id)).some(
        (q) =>
          (q.status === 'pending' || q.status === 'reported') &&
          (q.player1Id === userId || q.player2Id === userId),
      );
      if (pending) throw conflict(MSG.tournamentPlayerHasPending);
      await repo.updateParticipant(tx, id, userId, { status: 'dropped', droppedAfterRound: t.currentRound });
    },
    { manage: false },
  );
}

// ---------------------------------------------------------------------------------------------
// Structure
// ---------------------------------------------------------------------------------------------

export function start(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  return onTournament(ctx, user, id, async ({ tx, t, now }) => {
    refuseUnlessOpen(t);
    await progress.startTournament(tx, t, now);
  });
}

export function pairRound(ctx: AppContext, user: SessionUser, id: number, round: number): Promise<void> {
  return onTournament(ctx, user, id, ({ tx, t, now }) => progress.pairNextRound(tx, t, round, now));
}

export function closeRound(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: z.output<typeof ZCloseRoundInput>,
): Promise<void> {
  return onTournament(
    ctx,
    user,
    id,
    async ({ tx, t, now, announce }) => {
      announce({ matches: await repo.audienceOf(tx, id) });
      await progress.closeRound(tx, t, input.round, input.unplayed, user.id, now);
    },
    { manage: true, lockPending: true },
  );
}

export function playoff(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  return onTournament(ctx, user, id, ({ tx, t, now }) => progress.startPlayoff(tx, t, now));
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

async function pairingIn(ctx: AppContext, tournamentId: number, pairingId: number) {
  const p = await repo.findPairing(ctx.database.db, pairingId);
  if (!p || p.tournamentId !== tournamentId || p.status === 'void')
    throw notFound(MSG.tournamentPairingNotFound);
  return p;
}

/**
 * The pairing again under the tournament's lock, as the caller saw it before taking the locks (a
 * result reported meanwhile answers that it was); a bye has no result to report or correct.
 */
async function pairingAsSeen(
  tx: Tx,
  tournamentId: number,
  seen: repo.PairingRecord,
): Promise<repo.PairingRecord & { player2Id: number }> {
  const p = await repo.findPairing(tx, seen.id);
  if (!p || p.tournamentId !== tournamentId || p.status === 'void')
    throw notFound(MSG.tournamentPairingNotFound);
  if (p.matchId !== seen.matchId) throw conflict(MSG.tournamentPairingReported);
  if (p.player2Id === null) throw conflict(MSG.tournamentPairingIsBye);
  return { ...p, player2Id: p.player2Id };
}

/**
 * Reportar resultado. A player of the pairing reports (their opponent approves the match); a
 * manager who does not play enters it approved, or settles a result waiting for approval with
 * the score they give.
 */
export async function report(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  pairingId: number,
  score: z.output<typeof ZReportInput>,
): Promise<number> {
  const seen = await pairingIn(ctx, id, pairingId);
  const matchId = await onTournament(
    ctx,
    user,
    id,
    async ({ tx, t, actor, announce, now }) => {
      const p = await pairingAsSeen(tx, id, seen);
      const plays = p.player1Id === user.id || p.player2Id === user.id;
      const manages = managesTournament(actor, t.storeId);
      if (!plays && !manages) throw forbidden(MSG.tournamentReportForbidden);
      if (p.status === 'decided') throw conflict(MSG.tournamentPairingDecided);
      if (p.status === 'reported' && plays) throw conflict(MSG.tournamentPairingReported);
      progress.refuseScore(t, p.stage as 'swiss' | 'main' | 'playoff', score);
      if (p.status === 'reported' && p.matchId !== null)
        await repo.withdrawMatch(tx, p.matchId, user.id, now);
      announce({ matches: [p.player1Id, p.player2Id, user.id] });
      return progress.recordResult(tx, {
        tournament: t,
        pairing: { ...p, status: 'pending', matchId: null },
        score,
        reporterId: user.id,
        entered: !plays,
        now,
      });
    },
    { manage: false, lockMatch: seen.matchId },
  );
  await pushMatchRecordedById(ctx, matchId);
  return matchId;
}

/** Corregir (a new score) or Revertir (score null) a decided result; answers how many later matches were voided. */
export async function correct(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  pairingId: number,
  score: z.output<typeof ZReportInput> | null,
  force: boolean,
): Promise<number> {
  const seen = await pairingIn(ctx, id, pairingId);
  return onTournament(
    ctx,
    user,
    id,
    async ({ tx, t, announce, now }) => {
      const p = await pairingAsSeen(tx, id, seen);
      if (p.status !== 'decided') throw conflict(MSG.tournamentPairingNotDecided);
      if (score) progress.refuseScore(t, p.stage as 'swiss' | 'main' | 'playoff', score);
      announce({ matches: await repo.audienceOf(tx, id) });
      return progress.correctResult(tx, {
        tournament: t,
        pairing: p,
        score,
        force,
        organiserId: user.id,
        now,
      });
    },
    { manage: true, lockMatch: seen.matchId, lockPending: true },
  );
}

// ---------------------------------------------------------------------------------------------
// Announcements
// ---------------------------------------------------------------------------------------------

/** Publicar: the participants see it live, and it counts in their notifications until read. */
export async function announce(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  message: string,
): Promise<void> {
  const published = await onTournament(ctx, user, id, async ({ tx, t, announce: publish }) => {
    await repo.insertAnnouncement(tx, { tournamentId: id, authorId: user.id, message });
    const audience = await repo.audienceOf(tx, id);
    publish({ matches: audience });
    return { tournament: { id, name: t.name }, audience };
  });
  pushAnnouncement(ctx, published.tournament, published.audience, user.id, message);
}

/** The participant read the Comunicados: their unread count drops. */
export function seenAnnouncements(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  return ctx.changes.commit(async (tx, publish) => {
    const p = await repo.findParticipant(tx, id, user.id);
    if (!p) throw notFound(MSG.tournamentNotSignedUp);
    await repo.markAnnouncementsSeen(tx, id, user.id, new Date());
    publish({ matches: [user.id] });
  });
}
