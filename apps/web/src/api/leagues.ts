import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { TLeague, TLeagueInput, ZLeagueParticipants } from '@mitos/domain/community';
import { api } from '../lib/api-client';
import { communityChanged, communityKeys } from './community';

// The community's schemas load with the first league request (see api/community.ts).
const schemas = () => import('@mitos/domain/community');
const leagueSchema = () => schemas().then((m) => m.ZLeague);
const participantsSchema = () => schemas().then((m) => m.ZLeagueParticipants);

/** League queries live under the community's key: any community change refreshes them. */
export const leagueKeys = {
  all: [...communityKeys.all, 'leagues'] as const,
  list: (storeId: number | null) => [...communityKeys.all, 'leagues', 'list', storeId ?? 'all'] as const,
  participants: (id: number) => [...communityKeys.all, 'leagues', 'participants', id] as const,
};

export type TLeagueParticipant = z.infer<typeof ZLeagueParticipants>[number];

/** GET /api/leagues[?storeId=]: newest start first, each with its status for today and the caller's part. */
export function useLeagues(options: { storeId?: number | null; enabled?: boolean } = {}) {
  const storeId = options.storeId ?? null;
  return useQuery<TLeague[]>({
    queryKey: leagueKeys.list(storeId),
    queryFn: () =>
      api('/api/leagues', {
        query: { storeId: storeId ?? undefined },
        schema: () => schemas().then((m) => m.ZLeagueList),
      }),
    enabled: options.enabled ?? true,
  });
}

/** GET /api/leagues/{id}/participants: first joined first. */
export function useLeagueParticipants(id: number | null) {
  return useQuery<TLeagueParticipant[]>({
    queryKey: leagueKeys.participants(id ?? 0),
    queryFn: () => api(`/api/leagues/${id}/participants`, { schema: participantsSchema }),
    enabled: id !== null,
  });
}

/** A community write: on success every community screen on show refetches. */
function useCommunityMutation<V, R>(mutationFn: (values: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => communityChanged(client) });
}

export function useCreateLeague() {
  return useCommunityMutation((input: TLeagueInput) =>
    api('/api/leagues', { method: 'POST', body: input, schema: leagueSchema }),
  );
}

export function useUpdateLeague() {
  return useCommunityMutation(({ id, ...input }: TLeagueInput & { id: number }) =>
    api(`/api/leagues/${id}`, { method: 'PUT', body: input, schema: leagueSchema }),
  );
}

/** DELETE: undoable for 30 s with useRestoreLeague (the Deshacer action). */
export function useDeleteLeague() {
  return useCommunityMutation((id: number) => api(`/api/leagues/${id}`, { method: 'DELETE' }));
}

export function useRestoreLeague() {
  return useCommunityMutation((id: number) =>
    api(`/api/leagues/${id}/restore`, { method: 'POST', schema: leagueSchema }),
  );
}

export function useFinishLeague() {
  return useCommunityMutation((id: number) =>
    api(`/api/leagues/${id}/finish`, { method: 'POST', schema: leagueSchema }),
  );
}

/** A player joins a league that has not ended. */
export function useJoinLeague() {
  return useCommunityMutation((id: number) =>
    api(`/api/leagues/${id}/join`, { method: 'POST', schema: leagueSchema }),
  );
}

/** An organiser adds a player (placeholders too); answers the participants. */
export function useAddLeagueParticipant() {
  return useCommunityMutation(({ leagueId, userId }: { leagueId: number; userId: number }) =>
    api(`/api/leagues/${leagueId}/participants`, {
      method: 'POST',
      body: { userId },
      schema: participantsSchema,
    }),
  );
}

/** A player leaves, or an organiser removes them; answers the participants. */
export function useRemoveLeagueParticipant() {
  return useCommunityMutation(({ leagueId, userId }: { leagueId: number; userId: number }) =>
    api(`/api/leagues/${leagueId}/participants/${userId}`, { method: 'DELETE', schema: participantsSchema }),
  );
}
