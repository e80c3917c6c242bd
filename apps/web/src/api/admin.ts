import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type {
  TAdminPlayer,
  TAdminResult,
  TAdminResultInput,
  TAdminSummary,
  TSeason,
  ZAdminPlayerCreated,
  ZAdminPlayerPage,
  ZAdminPlayerUpdate,
} from '@mitos/domain/community';
import { api } from '../lib/api-client';
import { communityChanged, communityKeys } from './community';

// The community's schemas load with the first admin request (see api/community.ts).
const schemas = () => import('@mitos/domain/community');

/** The admin screens' queries live under the community's key: any community change refreshes them. */
export const adminKeys = {
  summary: [...communityKeys.all, 'admin', 'summary'] as const,
  players: (query: { q: string; page: number }) => [...communityKeys.all, 'admin', 'players', query] as const,
  results: [...communityKeys.all, 'admin', 'results'] as const,
};

export type TAdminPlayerPage = z.infer<typeof ZAdminPlayerPage>;
export type TAdminPlayerCreated = z.infer<typeof ZAdminPlayerCreated>;
export type TAdminPlayerUpdate = z.input<typeof ZAdminPlayerUpdate>;

/** Rows per page of Jugadores. */
export const ADMIN_PLAYERS_PAGE_SIZE = 20;

/** GET /api/admin/summary: the three counters of Panel de Administración. */
export function useAdminSummary() {
  return useQuery<TAdminSummary>({
    queryKey: adminKeys.summary,
    queryFn: () => api('/api/admin/summary', { schema: () => schemas().then((m) => m.ZAdminSummary) }),
  });
}

/** GET /api/admin/players: by name or TOR code, a page at a time (the last page stays while the next loads). */
export function useAdminPlayers(query: { q: string; page: number }) {
  return useQuery<TAdminPlayerPage>({
    queryKey: adminKeys.players(query),
    queryFn: ({ signal }) =>
      api('/api/admin/players', {
        query: { q: query.q.trim(), page: query.page, pageSize: ADMIN_PLAYERS_PAGE_SIZE },
        schema: () => schemas().then((m) => m.ZAdminPlayerPage),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/results: newest first. */
export function useAdminResults() {
  return useQuery<TAdminResult[]>({
    queryKey: adminKeys.results,
    queryFn: () => api('/api/admin/results', { schema: () => schemas().then((m) => m.ZAdminResultList) }),
  });
}

/** A community write: on success every community screen on show refetches. */
function useCommunityMutation<V, R>(mutationFn: (values: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => communityChanged(client) });
}

/** POST /api/admin/players: a player without an account, and the invitation code shown once. */
export function useAddPlayer() {
  return useCommunityMutation((input: { name: string; torCode: string }): Promise<TAdminPlayerCreated> =>
    api('/api/admin/players', {
      method: 'POST',
      body: input,
      schema: () => schemas().then((m) => m.ZAdminPlayerCreated),
    }),
  );
}

/** PATCH /api/admin/players/{id}: name, TOR code, and (admins) role. */
export function useUpdatePlayer() {
  return useCommunityMutation(
    ({ id, ...change }: TAdminPlayerUpdate & { id: number }): Promise<TAdminPlayer> =>
      api(`/api/admin/players/${id}`, {
        method: 'PATCH',
        body: change,
        schema: () => schemas().then((m) => m.ZAdminPlayer),
      }),
  );
}

/** POST /api/admin/results: a store's result, recorded as an approved match. */
export function useAddResult() {
  return useCommunityMutation((input: TAdminResultInput): Promise<TAdminResult> =>
    api('/api/admin/results', {
      method: 'POST',
      body: input,
      schema: () => schemas().then((m) => m.ZAdminResult),
    }),
  );
}

/** POST /api/seasons (admins). */
export function useOpenSeason() {
  return useCommunityMutation((input: { name: string; startsOn: string; endsOn: string }): Promise<TSeason> =>
    api('/api/seasons', { method: 'POST', body: input, schema: () => schemas().then((m) => m.ZSeason) }),
  );
}

/** POST /api/seasons/{id}/close (admins): ends the season and its ranking. */
export function useCloseSeason() {
  return useCommunityMutation((id: number): Promise<TSeason> =>
    api(`/api/seasons/${id}/close`, { method: 'POST', schema: () => schemas().then((m) => m.ZSeason) }),
  );
}
