import type { FastifyInstance } from 'fastify';
import type { Race } from '@mitos/domain/constants';
import type { TCreateMatchSnake, TMatch } from '@mitos/domain/matches';
import type { Database } from '../src/db/client';
import { decks } from '../src/db/schema/index';
import { createUser, injectAs, type TestUser } from './helpers';
import type { UserRole } from '@mitos/domain/constants';

export interface Player extends TestUser {
  deck: { id: number; name: string; raza: string };
}

let deckSequence = 0;

/** A user with a default deck of their own, ready to play. */
export async function createPlayer(
  database: Database,
  values: { username?: string; role?: UserRole; raza?: Race } = {},
): Promise<Player> {
  const user = await createUser(database, values);
  deckSequence += 1;
  const [deck] = await database.db
    .insert(decks)
    .values({ userId: user.id, name: `Mazo ${deckSequence}`, raza: values.raza ?? 'Dragon', isDefault: true })
    .returning({ id: decks.id, name: decks.name, raza: decks.raza });
  return { ...user, deck: deck! };
}

/** One player per username, each with a default deck, in the order given. */
export function createPlayers<const T extends readonly string[]>(
  database: Database,
  usernames: T,
): Promise<{ [K in keyof T]: Player }> {
  return Promise.all(usernames.map((username) => createPlayer(database, { username }))) as Promise<{
    [K in keyof T]: Player;
  }>;
}

/** The snake_case body of SPEC §7 for a 1v1 between two players (team 1 wins 2-1). */
export function body1v1(a: Player, b: Player, overrides: Partial<TCreateMatchSnake> = {}): TCreateMatchSnake {
  return {
    match_mode: '1v1',
    tier: 'Amistoso',
    team1_players: [a.id],
    team2_players: [b.id],
    team1_decks: [a.deck.id],
    team2_decks: [b.deck.id],
    team1_score: 2,
    team2_score: 1,
    ...overrides,
  };
}

/** A 2v2 of these two teams, each player with their own deck. */
export function body2v2(
  team1: readonly [Player, Player],
  team2: readonly [Player, Player],
  overrides: Partial<TCreateMatchSnake> = {},
): TCreateMatchSnake {
  return {
    match_mode: '2v2',
    team1_players: team1.map((p) => p.id),
    team2_players: team2.map((p) => p.id),
    team1_decks: team1.map((p) => p.deck.id),
    team2_decks: team2.map((p) => p.deck.id),
    ...overrides,
  };
}

export function postMatch(app: FastifyInstance, creator: TestUser | null, payload: unknown) {
  return injectAs(app, creator, { method: 'POST', url: '/api/matches', payload: payload as object });
}

/** Records a 1v1 through the API as `creator` (who plays as team 1 unless told otherwise). */
export async function recordMatch(
  app: FastifyInstance,
  creator: TestUser,
  a: Player,
  b: Player,
  overrides: Partial<TCreateMatchSnake> = {},
): Promise<TMatch> {
  const res = await postMatch(app, creator, body1v1(a, b, overrides));
  if (res.statusCode !== 201) throw new Error(`match not created: ${res.statusCode} ${res.body}`);
  return res.json<TMatch>();
}

/** A 1v1 recorded by `a` (team 1) and approved by `b`: approved. */
export async function approvedMatch(
  app: FastifyInstance,
  a: Player,
  b: Player,
  overrides: Partial<TCreateMatchSnake> = {},
): Promise<TMatch> {
  const match = await recordMatch(app, a, a, b, overrides);
  const res = await act(app, b, match.id, 'approve');
  if (res.statusCode !== 200 || res.json<TMatch>().approval_status !== 'approved')
    throw new Error(`match not approved: ${res.statusCode} ${res.body}`);
  return res.json<TMatch>();
}

export function act(
  app: FastifyInstance,
  user: TestUser | null,
  matchId: number,
  action: 'approve' | 'reject' | 'cancel' | 'handle-rejection' | 'close-rejected',
  payload?: object,
) {
  const body =
    payload ??
    (action === 'handle-rejection'
      ? { action: 'ok' }
      : action === 'close-rejected'
        ? { status: 'processed' }
        : undefined);
  return injectAs(app, user, {
    method: 'POST',
    url: `/api/matches/${matchId}/${action}`,
    ...(body ? { payload: body } : {}),
  });
}

export async function getJson<T>(app: FastifyInstance, user: TestUser, url: string): Promise<T> {
  const res = await injectAs(app, user, { method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

export const ids = (list: readonly { id: number }[]) => list.map((m) => m.id);
