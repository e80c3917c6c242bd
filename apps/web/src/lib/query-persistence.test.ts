import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import {
  PERSIST_BUSTER,
  PERSIST_MAX_AGE_MS,
  PERSIST_THROTTLE_MS,
  persistKey,
  removePersistedQueries,
  startQueryPersistence,
  type PersistStore,
} from './query-persistence';

function memoryStore(): PersistStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (k) => data.get(k),
    setItem: async (k, v) => void data.set(k, v),
    removeItem: async (k) => void data.delete(k),
    keys: async () => [...data.keys()],
  };
}

afterEach(() => vi.useRealTimers());

/** Lets the throttled write happen. */
async function flush() {
  await vi.advanceTimersByTimeAsync(PERSIST_THROTTLE_MS + 10);
}

describe('the offline copy of the screens', () => {
  it('keeps successful answers under the player’s key, never the session nor a failed load', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const client = new QueryClient();
    const stop = await startQueryPersistence(client, 7, store);
    client.setQueryData(['matches', 'mine'], [{ id: 1 }]);
    client.setQueryData(['auth', 'me'], { id: 7 });
    await client.prefetchQuery({
      queryKey: ['decks'],
      queryFn: () => Promise.reject(new Error('x')),
      retry: false,
    });
    await flush();
    stop();

    expect([...store.data.keys()]).toEqual([persistKey(7)]);
    const kept = JSON.parse(store.data.get(persistKey(7))!);
    expect(kept.buster).toBe(PERSIST_BUSTER);
    const keys = kept.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey);
    expect(keys).toEqual([['matches', 'mine']]);
  });

  it('keeps the answers that arrived before it started, with no answer after', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const client = new QueryClient();
    client.setQueryData(['decks', 'mine'], [{ id: 3, name: 'Mazo sin red' }]);
    const stop = await startQueryPersistence(client, 7, store);
    await flush();
    stop();

    const kept = JSON.parse(store.data.get(persistKey(7))!);
    expect(kept.clientState.queries.map((q: { queryKey: unknown }) => q.queryKey)).toEqual([
      ['decks', 'mine'],
    ]);
  });

  it('restores the same player’s copy into a new client (an offline start)', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const first = new QueryClient();
    const stop = await startQueryPersistence(first, 7, store);
    first.setQueryData(['users', 7, 'profile'], { username: 'mateo' });
    await flush();
    stop();

    const next = new QueryClient();
    (await startQueryPersistence(next, 7, store))();
    expect(next.getQueryData(['users', 7, 'profile'])).toEqual({ username: 'mateo' });
  });

  it('restores the copy as stale, so a screen asks the server again however recent it is', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const first = new QueryClient();
    const stop = await startQueryPersistence(first, 7, store);
    first.setQueryData(['push', 'preferences'], { rejected: true });
    await flush();
    stop();

    // A reload a moment later: the copy is seconds old, well within the screens' staleTime.
    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const fresh = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    (await startQueryPersistence(next, 7, store))();
    expect(next.getQueryData(['push', 'preferences'])).toEqual({ rejected: true });
    expect(next.getQueryState(['push', 'preferences'])?.isInvalidated).toBe(true);
    // An answer the client already had, newer than the copy, is neither replaced nor marked stale.
    vi.advanceTimersByTime(5_000);
    fresh.setQueryData(['push', 'preferences'], { rejected: false });
    (await startQueryPersistence(fresh, 7, store))();
    expect(fresh.getQueryData(['push', 'preferences'])).toEqual({ rejected: false });
    expect(fresh.getQueryState(['push', 'preferences'])?.isInvalidated).toBe(false);
  });

  it('asks the server once for a screen whose load is under way when the copy is restored', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const first = new QueryClient();
    const stop = await startQueryPersistence(first, 7, store);
    first.setQueryData(['decks'], [{ id: 1, name: 'viejo' }]);
    await flush();
    stop();

    // A reload: the screen asks for its decks before the kept copy is read.
    const next = new QueryClient();
    let answer: (decks: unknown) => void = () => {};
    const queryFn = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    // A screen showing the decks: an observer, which loads them as it subscribes.
    const unsubscribe = new QueryObserver(next, { queryKey: ['decks'], queryFn }).subscribe(() => {});
    expect(queryFn).toHaveBeenCalledTimes(1);
    (await startQueryPersistence(next, 7, store))();
    // The copy is shown meanwhile, and the load under way is not asked for again.
    expect(next.getQueryData(['decks'])).toEqual([{ id: 1, name: 'viejo' }]);
    await vi.advanceTimersByTimeAsync(10);
    expect(queryFn).toHaveBeenCalledTimes(1);
    answer([{ id: 1, name: 'nuevo' }]);
    await vi.advanceTimersByTimeAsync(10);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(next.getQueryData(['decks'])).toEqual([{ id: 1, name: 'nuevo' }]);
    unsubscribe();
  });

  it('gives another player nothing of the first, and removes the first player’s copy', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const first = new QueryClient();
    const stop = await startQueryPersistence(first, 7, store);
    first.setQueryData(['users', 7, 'profile'], { username: 'mateo' });
    await flush();
    stop();

    const other = new QueryClient();
    (await startQueryPersistence(other, 8, store))();
    expect(other.getQueryData(['users', 7, 'profile'])).toBeUndefined();
    expect(store.data.has(persistKey(7))).toBe(false);
  });

  it('does not restore a copy older than the maximum age or of another build, and drops it', async () => {
    const store = memoryStore();
    const state = (buster: string, timestamp: number) =>
      JSON.stringify({
        buster,
        timestamp,
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: ['x'],
              queryHash: '["x"]',
              state: {
                data: 1,
                dataUpdateCount: 1,
                dataUpdatedAt: timestamp,
                error: null,
                errorUpdateCount: 0,
                errorUpdatedAt: 0,
                fetchFailureCount: 0,
                fetchFailureReason: null,
                fetchMeta: null,
                isInvalidated: false,
                status: 'success',
                fetchStatus: 'idle',
              },
            },
          ],
        },
      });
    const now = 10 * PERSIST_MAX_AGE_MS;

    store.data.set(persistKey(7), state(PERSIST_BUSTER, now - PERSIST_MAX_AGE_MS - 1));
    const old = new QueryClient();
    (await startQueryPersistence(old, 7, store, () => now))();
    expect(old.getQueryData(['x'])).toBeUndefined();
    expect(store.data.has(persistKey(7))).toBe(false);

    store.data.set(persistKey(7), state('otra-version', now - 1000));
    const otherBuild = new QueryClient();
    (await startQueryPersistence(otherBuild, 7, store, () => now))();
    expect(otherBuild.getQueryData(['x'])).toBeUndefined();

    store.data.set(persistKey(7), state(PERSIST_BUSTER, now - 1000));
    const fresh = new QueryClient();
    (await startQueryPersistence(fresh, 7, store, () => now))();
    expect(fresh.getQueryData(['x'])).toBe(1);
  });

  it('writes nothing after the stop, not even a write that was waiting', async () => {
    vi.useFakeTimers();
    const store = memoryStore();
    const client = new QueryClient();
    const stop = await startQueryPersistence(client, 7, store);
    client.setQueryData(['matches'], [1]);
    stop();
    await flush();
    expect(store.data.size).toBe(0);
  });

  it('on logout removes every player’s copy and leaves other keys alone', async () => {
    const store = memoryStore();
    store.data.set(persistKey(7), '{}');
    store.data.set(persistKey(8), '{}');
    store.data.set('otra-cosa', 'x');
    await removePersistedQueries(store);
    expect([...store.data.keys()]).toEqual(['otra-cosa']);
  });
});
