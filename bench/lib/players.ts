import { expectOk, json } from './http';

export interface Player {
  id: number;
  token: string;
  deckId: number;
}

/** In turn, a few at a time: each sign-in is an Argon2 check that holds a thread of the server. */
async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size)
    results.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return results;
}

/** How many players sign in at once: libuv's thread pool's size, four Argon2 checks asked at once. */
export const SIGN_INS_AT_ONCE = 4;

/** Signs each seeded player in through the API, as the app does, and finds their default deck. */
export function signIn(
  base: string,
  users: readonly { id: number; email: string }[],
  password: string,
): Promise<Player[]> {
  return inBatches(users, SIGN_INS_AT_ONCE, async ({ id, email }) => {
    const login = json<{ user: { id: number; token?: string } }>(
      await expectOk(base, 'POST', '/api/auth/login', { json: { email, password } }),
    );
    const token = login.user.token;
    if (!token || login.user.id !== id) throw new Error(`sign-in of ${email} gave no token for user ${id}`);
    const decks = json<{ id: number; is_default: boolean }[]>(
      await expectOk(base, 'GET', '/api/decks', { token }),
    );
    const deck = decks.find((d) => d.is_default) ?? decks[0];
    if (!deck) throw new Error(`${email} has no deck`);
    return { id, token, deckId: deck.id };
  });
}
