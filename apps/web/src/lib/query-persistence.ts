import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, keys, set } from 'idb-keyval';

/**
 * The last data of each screen, kept in the browser (IndexedDB) for one signed-in player, so
 * that the app started offline shows what was last loaded (docs/decisions/017). Loaded after the
 * first screen (api/session), not in the first download.
 */

/** Where the cache of one player is kept; the key names the player. */
export const PERSIST_KEY_PREFIX = 'mitos-queries:';
export const persistKey = (userId: number) => `${PERSIST_KEY_PREFIX}${userId}`;

/** A week: older data is not shown (a player that long away sees the network's). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The build: the cache of another build is not restored (the shape of its answers may differ). */
export const PERSIST_BUSTER: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

/** A string store with the keys it holds (IndexedDB through idb-keyval; a Map in tests). */
export interface PersistStore {
  getItem(key: string): Promise<string | null | undefined>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

let idb: PersistStore | null = null;
/** The browser's store: a database of its own, so that clearing it touches nothing else. */
export function idbStore(): PersistStore {
  if (!idb) {
    const store = createStore('mitos-offline', 'queries');
    idb = {
      getItem: (key) => get<string>(key, store),
      setItem: (key, value) => set(key, value, store),
      removeItem: (key) => del(key, store),
      keys: async () => (await keys(store)).map(String),
    };
  }
  return idb;
}

/**
 * Only answers that arrived (not errors, not loads under way), and never the session: who is
 * signed in is always asked of the server.
 */
export function shouldPersistQuery(query: Query): boolean {
  return query.state.status === 'success' && query.queryKey[0] !== 'auth';
}

/** Removes the kept caches of every player but `keep` (all of them without it). */
export async function removePersistedQueries(store: PersistStore, keep?: number): Promise<void> {
  const kept = keep === undefined ? null : persistKey(keep);
  const all = await store.keys();
  await Promise.all(
    all.filter((k) => k.startsWith(PERSIST_KEY_PREFIX) && k !== kept).map((k) => store.removeItem(k)),
  );
}

/** What is kept for one player: the build that wrote it, when, and the dehydrated answers. */
interface PersistedClient {
  buster: string;
  timestamp: number;
  clientState: DehydratedState;
}

/**
 * Restores the player's kept cache into the client (unless it is older than a week or of another
 * build), then keeps it up to date, at most once a second, until the answer is called. Another
 * player's cache is removed first (a shared phone). After the stop nothing more is written.
 *
 * TanStack's own persister (@tanstack/query-persist-client-core) pins another copy of
 * query-core, which would be bundled twice; the same few steps over this copy's dehydrate and
 * hydrate are below (docs/decisions/017).
 */
export async function startQueryPersistence(
  client: QueryClient,
  userId: number,
  store: PersistStore = idbStore(),
  now: () => number = Date.now,
): Promise<() => void> {
  const key = persistKey(userId);
  await removePersistedQueries(store, userId);

  const raw = await store.getItem(key);
  if (raw) {
    try {
      const kept = JSON.parse(raw) as PersistedClient;
      if (kept.buster === PERSIST_BUSTER && now() - kept.timestamp < PERSIST_MAX_AGE_MS) {
        restore(client, kept.clientState);
      } else {
        await store.removeItem(key);
      }
    } catch {
      await store.removeItem(key);
    }
  }

  let open = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    timer = null;
    if (!open) return;
    const state: PersistedClient = {
      buster: PERSIST_BUSTER,
      timestamp: now(),
      clientState: dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery }),
    };
    void store.setItem(key, JSON.stringify(state)).catch(() => {
      // A full disk: the kept copy is only older.
    });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'added' && event.type !== 'removed' && event.type !== 'updated') return;
    timer ??= setTimeout(write, PERSIST_THROTTLE_MS);
  });
  // The answers that arrived while the copy was read (the first screen's, asked for beside the
  // session check: app/first-screen) are kept too, not only those after.
  timer ??= setTimeout(write, PERSIST_THROTTLE_MS);
  return () => {
    open = false;
    if (timer) clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * Puts the kept answers in the client, each marked stale where it was taken: a kept copy is only
 * what was last seen, never proof of what the server holds now (it may even predate the player's
 * last change, written up to a second before a reload). A screen showing it asks the server again
 * at once when online; offline it shows the copy. An answer the client already had newer stays.
 * A screen whose load is already under way (the copy is read after the first screen asked) keeps
 * that load: asking again would send the same request twice and draw the screen twice.
 */
function restore(client: QueryClient, state: DehydratedState): void {
  hydrate(client, state);
  const cache = client.getQueryCache();
  for (const kept of state.queries) {
    const query = cache.find({ queryKey: kept.queryKey, exact: true });
    if (query && query.state.dataUpdatedAt === kept.state.dataUpdatedAt) {
      void client.invalidateQueries({ queryKey: kept.queryKey, exact: true }, { cancelRefetch: false });
    }
  }
}

/** Writes of the kept copy are at most this often. */
export const PERSIST_THROTTLE_MS = 1_000;
