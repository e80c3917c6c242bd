import { MSG } from '@mitos/domain/messages';
import { isAdmin, runsStore } from '@mitos/domain/community-rules';
import type { TStore } from '@mitos/domain/community';
import type { CachedRead } from '../cache/cached-read';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { badRequest, forbidden, notFound, conflict } from '../errors';
import { communityActor } from '../community/actor';
import { checkLogo, type LogoType } from './logo';
import { presentStore } from './presenter';
import * as repo from './repository';

export interface StoreInput {
  name: string;
  neighborhood: string;
  city: string;
  address?: string | null | undefined;
  active?: boolean | undefined;
}

function rethrowNameTaken(err: unknown): never {
  if (uniqueViolation(err) === 'stores_name_lower_key') throw conflict(MSG.storeNameTaken);
  throw err;
}

async function present(db: Db | Tx, rows: repo.StoreRow[]): Promise<TStore[]> {
  const organisers = await repo.organisersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentStore(row, organisers));
}

export async function getStore(db: Db | Tx, id: number): Promise<TStore> {
  const row = await repo.findStore(db, id);
  if (!row) throw notFound(MSG.storeNotFound);
  return (await present(db, [row]))[0]!;
}

/** GET /api/stores: the active stores; with `all` (admins) the inactive ones too. */
export const storesRead: CachedRead<AppContext, { all: boolean }> = {
  key: ({ all }) => `stores:${all ? 'all' : 'active'}`,
  topics: () => ['community'],
  read: async (ctx, { all }) => ({
    payload: await present(ctx.database.db, await repo.listStores(ctx.database.db, { all })),
  }),
};

/** GET /api/stores/:id: any store, active or not (its past results stay visible). */
export const storeRead: CachedRead<AppContext, number> = {
  key: (id) => `store:${id}`,
  topics: () => ['community'],
  read: async (ctx, id) => ({ payload: await getStore(ctx.database.db, id) }),
};

/** Whether `?all=true` is honoured: only admins see inactive stores in the list. */
export const listsInactive = (user: Pick<SessionUser, 'role'>, all: 'true' | 'false' | undefined) =>
  all === 'true' && isAdmin(user);

export async function createStore(ctx: AppContext, user: SessionUser, input: StoreInput): Promise<TStore> {
  if (!isAdmin(user)) throw forbidden(MSG.adminOnly);
  try {
    return await ctx.changes.commit(async (tx, announce) => {
      announce({ community: true });
      const id = await repo.insertStore(tx, {
        name: input.name,
        neighborhood: input.neighborhood,
        city: input.city,
        address: input.address ?? null,
        active: input.active ?? true,
      });
      return getStore(tx, id);
    });
  } catch (err) {
    rethrowNameTaken(err);
  }
}

/** Its organisers edit the store's name and place; only admins open or close it (`active`). */
export async function updateStore(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: StoreInput,
): Promise<TStore> {
  try {
    return await ctx.changes.commit(async (tx, announce) => {
      announce({ community: true });
      const actor = await communityActor(tx, user);
      if (!runsStore(actor, id)) throw forbidden(MSG.organiserOnly);
      if (!(await repo.lockStore(tx, id))) throw notFound(MSG.storeNotFound);
      const current = (await repo.findStore(tx, id))!;
      if (input.active !== undefined && input.active !== current.active && !isAdmin(actor))
        throw forbidden(MSG.adminOnly);
      await repo.updateStore(tx, id, {
        name: input.name,
        neighborhood: input.neighborhood,
        city: input.city,
        ...(input.address !== undefined ? { address: input.address } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
      });
      return getStore(tx, id);
    });
  } catch (err) {
    rethrowNameTaken(err);
  }
}

/** Admins name a store's organisers (the whole list: who is not in it stops organising). */
export async function setOrganisers(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  userIds: readonly number[],
): Promise<TStore> {
  if (!isAdmin(user)) throw forbidden(MSG.adminOnly);
  const wanted = [...new Set(userIds)];
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    if (!(await repo.lockStore(tx, id))) throw notFound(MSG.storeNotFound);
    const known = await repo.existingUserIds(tx, wanted);
    const unknown = wanted.filter((userId) => !known.has(userId));
    if (unknown.length > 0) throw badRequest(MSG.userNotFound, { userIds: [MSG.userNotFound] });
    await repo.replaceOrganisers(tx, id, wanted);
    return getStore(tx, id);
  });
}

/** A store's organisers and admins change its logo; the check runs before any lock is taken. */
export async function putLogo(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  type: LogoType,
  bytes: Buffer,
): Promise<TStore> {
  await requireRunsStore(ctx.database.db, user, id);
  checkLogo(type, bytes);
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    if (!(await repo.lockStore(tx, id))) throw notFound(MSG.storeNotFound);
    await repo.saveLogo(tx, id, type, bytes);
    return getStore(tx, id);
  });
}

export async function deleteLogo(ctx: AppContext, user: SessionUser, id: number): Promise<TStore> {
  await requireRunsStore(ctx.database.db, user, id);
  return ctx.changes.commit(async (tx, announce) => {
    announce({ community: true });
    if (!(await repo.lockStore(tx, id))) throw notFound(MSG.storeNotFound);
    if (!(await repo.deleteLogo(tx, id))) throw notFound(MSG.logoNotFound);
    return getStore(tx, id);
  });
}

/** 403 for who does not run the store; for those who may, 404 when it does not exist. */
export async function requireRunsStore(db: Db | Tx, user: SessionUser, storeId: number): Promise<void> {
  const actor = await communityActor(db, user);
  if (!runsStore(actor, storeId)) throw forbidden(MSG.organiserOnly);
  if (!(await repo.findStore(db, storeId))) throw notFound(MSG.storeNotFound);
}

export async function readLogo(ctx: AppContext, id: number) {
  const logo = await repo.findLogo(ctx.database.db, id);
  if (!logo) throw notFound(MSG.logoNotFound);
  return logo;
}
