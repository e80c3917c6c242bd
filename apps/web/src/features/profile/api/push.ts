import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPushPreferences, type TPushPreferences } from '@mitos/domain/push';
import { api } from '../../../lib/api-client';

const PREFERENCES_KEY = ['push', 'preferences'] as const;

/** Which kinds of push the player accepts (the same on every device of theirs). */
export function usePushPreferences(enabled: boolean) {
  return useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: () => api('/api/push/preferences', { schema: ZPushPreferences }),
    enabled,
  });
}

/** Saves all four choices; the switches show the new choice at once and go back on failure. */
export function useSavePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: TPushPreferences) =>
      api('/api/push/preferences', { method: 'PUT', body: choices, schema: ZPushPreferences }),
    onMutate: async (choices) => {
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = queryClient.getQueryData<TPushPreferences>(PREFERENCES_KEY);
      queryClient.setQueryData(PREFERENCES_KEY, choices);
      return { before };
    },
    onError: (_err, _choices, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
