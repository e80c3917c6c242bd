import { MSG } from '@mitos/domain/messages';
import { communityDay, leagueUndoOpen, runsStore, type CommunityActor } from '@mitos/domain/community-rules';
import type { TLeague } from '@mitos/domain/community';
import type { CachedRead } from '../cache/cached-read';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { communityActor } from '../community/actor';
import { conflict, forbidden, notFound } from '../errors';
import { findStore } from '../stores/repository';
import { findUserById } from '../users/repository';
import { presentLeague } from './presenter';
import * as repo from './repository';

export interface LeagueInput {
  name: string;
  storeId: number;
  startDate: string;
}

const today = () => communityDay(new Date());

/**
 * GET /api/leagues: what each league is today for this caller (joined, canManage), so the key
 * names the caller, their role and the day (a league turns Activa on its start date).
 */
export const leaguesRead: CachedRead<
  AppContext,
  { user: SessionUser; storeId?: number | undefined; day: string }
> = {
  key: ({ user, storeId, day }) => `leagues:${storeId ?? 'all'}:${user.id}:${user.role}:${day}`,
  topics: () => ['community'],
  read: async (ctx, { user, storeId, day }) => {
    const db = ctx.database.db;
    const actor = await communityActor(db, user);
    const rows = await repo.listLeagues(db, user.id, storeId);
    return { payload: rows.map((row) => presentLeague(row, day, actor)) };
  },
};

export const leaguesArgs = (user: SessionUser, storeId: number | undefined) => ({
  user,
  storeId,
  day: today(),
});

async function presentOne(tx: Tx, id: number, actor: CommunityActor): Promise<TLeague> {
  const row = await repo.findLeagueRow(tx, id, actor.id);
  if (!row) throw notFound(MSG.leagueNotFound);
  return presentLeague(row, today(), actor);
}

/** The store a league is made in: one the caller runs, that exists and is open. */
async function requireOpenStore(tx: Tx, actor: CommunityActor, storeId: number): Promise<void> {
  if (!runsStore(actor, storeId)) throw forbidden(MSG.organiserOnly);
  const store = await findStore(tx, storeId);
  if (!store) throw notFound(MSG.storeNotFound);
  if (!store.active) throw conflict(MSG.storeInactive);
}

/** Runs `work` on a locked league the caller may manage (its store's organisers, admins). */
function manage<T>(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  work: (tx: Tx, league: repo.LeagueRecord, actor: CommunityActor) => Promise<T>,
  options: { deleted?: boolean } = {},
): Promise<T> {
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    const league = await repo.lockLeague(tx, id, options);
    if (!league) throw notFound(MSG.leagueNotFound);
    const actor = await communityActor(tx, user);
    if (!runsStore(actor, league.storeId)) throw forbidden(MSG.organiserOnly);
    return work(tx, league, actor);
  });
}

export async function createLeague(ctx: AppContext, user: SessionUser, input: LeagueInput): Promise<TLeague> {
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    const actor = await communityActor(tx, user);
    await requireOpenStore(tx, actor, input.storeId);
    const id = await repo.insertLeague(tx, {
      name: input.name,
      storeId: input.storeId,
      startsOn: input.startDate,
      createdBy: user.id,
    });
    return presentOne(tx, id, actor);
  });
}

/** Moving a league to another store needs the caller to run both. */
export function updateLeague(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: LeagueInput,
): Promise<TLeague> {
  return manage(ctx, user, id, async (tx, league, actor) => {
    if (input.storeId !== league.storeId) await requireOpenStore(tx, actor, input.storeId);
    await repo.updateLeague(tx, id, { name: input.name, storeId: input.storeId, startsOn: input.startDate });
    return presentOne(tx, id, actor);
  });
}

/**
 * Deletes a league without a confirmation (SPEC), undoable for LEAGUE_UNDO_MS; refused once a
 * match names it. The row lock orders a delete and its undo.
 */
export async function deleteLeague(ctx: AppContext, user: SessionUser, id: number): Promise<void> {
  await manage(ctx, user, id, async (tx) => {
    if (await repo.hasResults(tx, id)) throw conflict(MSG.leagueHasResults);
    await repo.updateLeague(tx, id, { deletedAt: new Date() });
  });
}

/** Deshacer: a league deleted at most LEAGUE_UNDO_MS ago comes back; restoring one not deleted changes nothing. */
export function restoreLeague(ctx: AppContext, user: SessionUser, id: number): Promise<TLeague> {
  return manage(
    ctx,
    user,
    id,
    async (tx, league, actor) => {
      if (league.deletedAt !== null) {
        if (!leagueUndoOpen(league.deletedAt, new Date())) throw conflict(MSG.leagueUndoExpired);
        await repo.updateLeague(tx, id, { deletedAt: null });
      }
      return presentOne(tx, id, actor);
    },
    { deleted: true },
  );
}

/** Ends a league (Finalizada); ending an ended league changes nothing. */
export function finishLeague(ctx: AppContext, user: SessionUser, id: number): Promise<TLeague> {
  return manage(ctx, user, id, async (tx, league, actor) => {
    if (league.finishedAt === null) await repo.updateLeague(tx, id, { finishedAt: new Date() });
    return presentOne(tx, id, actor);
  });
}

export async function participants(ctx: AppContext, id: number) {
  const db = ctx.database.db;
  if (!(await repo.findLeagueRow(db, id, 0))) throw notFound(MSG.leagueNotFound);
  return repo.participantsOf(db, id);
}

/** The caller joins a league that has not ended. */
export function joinLeague(ctx: AppContext, user: SessionUser, id: number): Promise<TLeague> {
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    const league = await repo.lockLeague(tx, id);
    if (!league) throw notFound(MSG.leagueNotFound);
    if (league.finishedAt !== null) throw conflict(MSG.leagueFinished);
    if (!(await repo.addParticipant(tx, id, user.id))) throw conflict(MSG.leagueAlreadyJoined);
    return presentOne(tx, id, await communityActor(tx, user));
  });
}

/** Its store's organiser adds a player (an account or a placeholder) to a league that has not ended. */
export function addParticipant(ctx: AppContext, user: SessionUser, id: number, userId: number) {
  return manage(ctx, user, id, async (tx, league) => {
    if (!(await findUserById(tx, userId))) throw notFound(MSG.userNotFound);
    if (league.finishedAt !== null) throw conflict(MSG.leagueFinished);
    if (!(await repo.addParticipant(tx, id, userId))) throw conflict(MSG.leagueParticipantTaken);
    return repo.participantsOf(tx, id);
  });
}

/** A player leaves; its store's organiser (or an admin) removes anyone. */
export function removeParticipant(ctx: AppContext, user: SessionUser, id: number, userId: number) {
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    const league = await repo.lockLeague(tx, id);
    if (!league) throw notFound(MSG.leagueNotFound);
    if (userId !== user.id && !runsStore(await communityActor(tx, user), league.storeId))
      throw forbidden(MSG.organiserOnly);
    if (!(await repo.removeParticipant(tx, id, userId))) throw notFound(MSG.leagueNotParticipant);
    return repo.participantsOf(tx, id);
  });
}
