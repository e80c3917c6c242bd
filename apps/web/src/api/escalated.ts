import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMatch } from '@mitos/domain/matches';
import { api } from '../lib/api-client';
import { matchKeys, matchesChanged } from './query-keys';

const schemas = () => import('./inbox-schemas');

/** Under the matches family: any change to a match refreshes it (matchesChanged). */
export const escalatedKey = [...matchKeys.all, 'escalated'] as const;

/**
 * GET /api/matches/escalated: "Partidas para confirmar", the pending matches nobody finished
 * answering that went to the organisers of their store (decision 020).
 */
export function useEscalatedMatches(enabled: boolean) {
  return useQuery({
    queryKey: escalatedKey,
    queryFn: () => api('/api/matches/escalated', { schema: () => schemas().then((m) => m.ZMatchList) }),
    enabled,
  });
}

export type EscalationAction = 'confirm' | 'cancel';

/**
 * Confirmar or Cancelar an escalated match as its store's organiser or an admin; on success every
 * screen showing matches reads again.
 */
export function useEscalationAction() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['escalation-action'],
    mutationFn: ({ match, action }: { match: TMatch; action: EscalationAction }) =>
      api<TMatch>(`/api/matches/${match.id}/${action}`, { method: 'POST' }),
    networkMode: 'always',
    onSuccess: (updated) => {
      client.setQueryData(matchKeys.detail(updated.id), updated);
      void matchesChanged(client);
    },
  });
}
