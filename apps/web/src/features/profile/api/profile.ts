import { useQuery } from '@tanstack/react-query';
import { ZMatchList, type TMatch } from '@mitos/domain/matches';
import { ZUserStatistics } from '@mitos/domain/statistics';
import { ZPublicUser } from '@mitos/domain/users';
import { api, ApiError } from '../../../lib/api-client';

/**
 * Statistics live under the matches key: every match action invalidates ['matches'], and that
 * is exactly when the numbers change.
 */
export function useUserStats(userId: number) {
  return useQuery({
    queryKey: ['matches', 'stats', userId],
    queryFn: () => api(`/api/users/${userId}/stats`, { schema: ZUserStatistics }),
    enabled: userId > 0,
  });
}

export function usePublicUser(userId: number) {
  return useQuery({
    queryKey: ['users', userId],
    queryFn: () => api(`/api/users/${userId}`, { schema: ZPublicUser }),
    enabled: userId > 0,
  });
}

/** The user's most recent match, or null when there is none yet. */
export function useLatestMatch() {
  return useQuery({
    queryKey: ['matches', 'me', 'latest'],
    queryFn: async (): Promise<TMatch | null> => {
      try {
        const [latest] = await api('/api/matches/me', { query: { limit: 1 }, schema: ZMatchList });
        return latest ?? null;
      } catch (err) {
        // A server without the matches API yet answers 404: that is "no matches", not a failure.
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}
