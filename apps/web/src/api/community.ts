import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { TCommunityMe, TSeason, TStore } from '@mitos/domain/community';
import { api } from '../lib/api-client';

// The community's schemas (and zod with them) load with the first community request, so the
// home screen's first download does not carry them.
const schemas = () => import('@mitos/domain/community');

/**
 * Every community query (stores, seasons, leagues, rankings, standings, the admin screens) starts
 * with this key: one invalidation refreshes them all, as when the server pushes
 * `community_changed` or a community write of this player succeeds.
 */
export const communityKeys = {
  all: ['community'] as const,
  me: ['community', 'me'] as const,
  stores: ['community', 'stores'] as const,
  store: (id: number) => ['community', 'stores', id] as const,
  seasons: ['community', 'seasons'] as const,
};

/** Something in the community changed: every community screen on show refetches. */
export function communityChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: communityKeys.all }, { cancelRefetch: false });
}

/** GET /api/community/me: whether /admin is for this user, their stores and usual stores. */
export function useCommunityMe(enabled = true) {
  return useQuery<TCommunityMe>({
    queryKey: communityKeys.me,
    queryFn: () => api('/api/community/me', { schema: () => schemas().then((m) => m.ZCommunityMe) }),
    enabled,
  });
}

/** GET /api/stores: the active stores (admins: `all` adds the closed ones). */
export function useStores(options: { all?: boolean } = {}) {
  return useQuery<TStore[]>({
    queryKey: [...communityKeys.stores, options.all ? 'all' : 'active'],
    queryFn: () =>
      api('/api/stores', {
        query: { all: options.all ? 'true' : undefined },
        schema: () => schemas().then((m) => m.ZStoreList),
      }),
  });
}

/** GET /api/stores/{id}. */
export function useStore(id: number) {
  return useQuery<TStore>({
    queryKey: communityKeys.store(id),
    queryFn: () => api(`/api/stores/${id}`, { schema: () => schemas().then((m) => m.ZStore) }),
  });
}

/** GET /api/seasons: newest first; `current` marks Temporada Actual. */
export function useSeasons() {
  return useQuery<TSeason[]>({
    queryKey: communityKeys.seasons,
    queryFn: () => api('/api/seasons', { schema: () => schemas().then((m) => m.ZSeasonList) }),
  });
}
