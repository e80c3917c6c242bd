import type { CachedRead } from '../cache/cached-read';
import type { Race } from '@mitos/domain/constants';
import { MSG } from '@mitos/domain/messages';
import type { TDeck } from '@mitos/domain/decks';
import type { AppContext } from '../context';
import { uniqueViolation } from '../db/errors';
import { badRequest, conflict, notFound } from '../errors';
import { findUserById } from '../users/repository';
import { presentDeck } from './presenter';
import * as repo from './repository';

interface DeckInput {
  name: string;
  raza: Race;
  description?: string | null;
}

function rethrowNameTaken(err: unknown): never {
  if (uniqueViolation(err) === 'decks_user_name_key') throw conflict(MSG.deckNameTaken);
  throw err;
}

export async function listOwnDecks(ctx: AppContext, userId: number): Promise<TDeck[]> {
  return (await repo.listDecksOfUser(ctx.database.db, userId)).map(presentDeck);
}

export async function listDecksOfUser(ctx: AppContext, userId: number): Promise<TDeck[]> {
  if (!(await findUserById(ctx.database.db, userId))) throw notFound(MSG.userNotFound);
  return listOwnDecks(ctx, userId);
}

/** GET /api/decks: the caller's decks, kept until one of them changes. */
export const ownDecksRead: CachedRead<AppContext, number> = {
  key: (userId) => `decks:${userId}`,
  topics: (userId) => [`decks:${userId}`],
  read: async (ctx, userId) => ({ payload: await listOwnDecks(ctx, userId) }),
};

/** GET /api/decks/user/:id: a player's decks for the new-match form. */
export const decksOfUserRead: CachedRead<AppContext, number> = {
  key: (userId) => `decks-of:${userId}`,
  topics: (userId) => [`decks:${userId}`],
  read: async (ctx, userId) => ({ payload: await listDecksOfUser(ctx, userId) }),
};

export async function defaultDeck(ctx: AppContext, userId: number): Promise<TDeck> {
  const row = await repo.findDefaultDeck(ctx.database.db, userId);
  if (!row) throw notFound(MSG.defaultDeckNotFound);
  return presentDeck(row);
}

/** A user's first deck becomes their default. */
export async function createDeck(ctx: AppContext, userId: number, input: DeckInput): Promise<TDeck> {
  try {
    return await ctx.changes.commit(async (tx, announce) => {
      announce({ decks: [userId] });
      if (!(await repo.lockUser(tx, userId))) throw notFound(MSG.userNotFound);
      const isDefault = (await repo.countDecks(tx, userId)) === 0;
      const row = await repo.insertDeck(tx, {
        userId,
        name: input.name,
        raza: input.raza,
        description: input.description ?? null,
        isDefault,
      });
      return presentDeck(row);
    });
  } catch (err) {
    rethrowNameTaken(err);
  }
}

/** Another user's deck answers 404: its existence is not revealed. */
export async function updateDeck(
  ctx: AppContext,
  userId: number,
  deckId: number,
  input: DeckInput,
): Promise<TDeck> {
  try {
    return await ctx.changes.commit(async (tx, announce) => {
      announce({ decks: [userId] });
      const values = {
        name: input.name,
        raza: input.raza,
        ...(input.description !== undefined ? { description: input.description } : {}),
      };
      const row = await repo.updateDeck(tx, userId, deckId, values);
      if (!row) throw notFound(MSG.deckNotFound);
      return presentDeck(row);
    });
  } catch (err) {
    rethrowNameTaken(err);
  }
}

export async function setDefaultDeck(ctx: AppContext, userId: number, deckId: number): Promise<TDeck> {
  return ctx.changes.commit(async (tx, announce) => {
    announce({ decks: [userId] });
    await repo.lockUser(tx, userId);
    const deck = await repo.findOwnDeck(tx, userId, deckId);
    if (!deck) throw notFound(MSG.deckNotFound);
    if (!deck.isDefault) await repo.makeDefault(tx, userId, deckId);
    return presentDeck({ ...deck, isDefault: true });
  });
}

/** The default deck cannot be deleted; recorded matches keep their copy of the deck's name and race. */
export async function deleteDeck(ctx: AppContext, userId: number, deckId: number): Promise<void> {
  await ctx.changes.commit(async (tx, announce) => {
    announce({ decks: [userId] });
    await repo.lockUser(tx, userId);
    const deck = await repo.findOwnDeck(tx, userId, deckId);
    if (!deck) throw notFound(MSG.deckNotFound);
    if (deck.isDefault) throw badRequest(MSG.cannotDeleteDefault);
    await repo.deleteDeck(tx, userId, deckId);
  });
}
