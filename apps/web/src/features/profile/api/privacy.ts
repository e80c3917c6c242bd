import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPrivacySettings, type TPrivacySettings } from '@mitos/domain/sharing';
import { api } from '../../../lib/api-client';

export const PRIVACY_QUERY_KEY = ['users', 'me', 'privacy'] as const;

/** Whether signed-out visitors with a link see a summary of the player's approved matches. */
export function usePrivacy() {
  return useQuery({
    queryKey: PRIVACY_QUERY_KEY,
    queryFn: () => api('/api/users/me/privacy', { schema: ZPrivacySettings }),
  });
}

export function useSetPrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TPrivacySettings) =>
      api('/api/users/me/privacy', { method: 'PUT', body: settings, schema: ZPrivacySettings }),
    onSuccess: (saved) => queryClient.setQueryData(PRIVACY_QUERY_KEY, saved),
  });
}
