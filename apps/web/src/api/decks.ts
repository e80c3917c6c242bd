import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCreateDeckRequest, TDeck, TUpdateDeckRequest } from '@mitos/domain/decks';
import { api, ApiError } from '../lib/api-client';
import { TIMINGS } from '../lib/ui-constants';

// The deck module (its response schemas, zod with them, and the deck order) loads while the
// first request is in flight, so that the home screen's first download does not carry it.
const deckSchemas = () => import('@mitos/domain/decks');
const deckListSchema = () => deckSchemas().then((m) => m.ZDeckList);
const deckSchema = () => deckSchemas().then((m) => m.ZDeck);

/** Every deck query starts with this key, so one invalidation refreshes them all. */
export const DECKS_QUERY_KEY = ['decks'] as const;
export const MY_DECKS_QUERY_KEY = ['decks', 'mine'] as const;

/** GET /api/decks, the SPEC §9 call with a 5 s timeout. */
export function fetchMyDecks(): Promise<TDeck[]> {
  return api('/api/decks', { schema: deckListSchema, timeoutMs: TIMINGS.decksTimeoutMs });
}

/** GET /api/decks, default first then newest. */
async function fetchMySortedDecks(): Promise<TDeck[]> {
  const [decks, { sortDecks }] = await Promise.all([fetchMyDecks(), deckSchemas()]);
  return sortDecks(decks);
}

/** The signed-in user's decks, default first then newest. */
export const myDecksQuery = () => queryOptions({ queryKey: MY_DECKS_QUERY_KEY, queryFn: fetchMySortedDecks });

export function useMyDecks() {
  return useQuery(myDecksQuery());
}

/** GET /api/decks/default/{userId}: a failure means the user has none (SPEC §7). */
export function fetchDefaultDeck(userId: number): Promise<TDeck> {
  return api(`/api/decks/default/${userId}`, { schema: deckSchema });
}

/** A user's default deck; none (null) when the user has not set one. */
export function useDefaultDeck(userId: number) {
  return useQuery({
    queryKey: [...DECKS_QUERY_KEY, 'default', userId],
    queryFn: async () => {
      try {
        return await fetchDefaultDeck(userId);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

function useDeckMutation<V>(mutationFn: (values: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DECKS_QUERY_KEY }),
  });
}

export function useCreateDeck() {
  return useDeckMutation((values: TCreateDeckRequest) =>
    api('/api/decks', { method: 'POST', body: values, schema: deckSchema }),
  );
}

export function useUpdateDeck() {
  return useDeckMutation(({ id, ...values }: TUpdateDeckRequest & { id: number }) =>
    api(`/api/decks/${id}`, { method: 'PUT', body: values, schema: deckSchema }),
  );
}

export function useSetDefaultDeck() {
  return useDeckMutation((id: number) =>
    api(`/api/decks/${id}/default`, { method: 'PUT', schema: deckSchema }),
  );
}

export function useDeleteDeck() {
  return useDeckMutation((id: number) => api(`/api/decks/${id}`, { method: 'DELETE' }));
}

/** The decks a player can pick from. */
export function usePlayerDecks(userId: number | null) {
  return useQuery({
    queryKey: [...DECKS_QUERY_KEY, 'user', userId],
    queryFn: () => api(`/api/decks/user/${userId}`, { schema: deckListSchema }),
    enabled: userId !== null,
  });
}
