import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TMatch } from '@mitos/domain/matches';
import { isPendingForUser } from '@mitos/domain/match-rules';
import { api } from '../../../lib/api-client';
import { connectNotificationSocket, notificationSocketUrl, type SocketStatus } from '../../../lib/socket';
import { useSession } from '../../auth/api/session';

export const PENDING_MATCHES_KEY = ['matches', 'pending'] as const;
export const REJECTED_MATCHES_KEY = ['matches', 'rejected'] as const;
export const NOTIFICATION_COUNT_KEY = ['notifications', 'count'] as const;
/** Every match query (lists and details) starts with this key. */
const MATCHES_QUERY_ROOT = ['matches'] as const;

// The schemas load with their own chunk (they pull in zod), while the first request is in flight.
const schemas = () => import('./notification-schemas');

export const fetchPendingMatches = () =>
  api('/api/matches/pending', { schema: () => schemas().then((m) => m.ZMatchList) });
export const fetchRejectedMatches = () =>
  api('/api/matches/rejected', { schema: () => schemas().then((m) => m.ZRejectedResponse) });
const fetchCount = async () =>
  (await api('/api/notifications/count', { schema: () => schemas().then((m) => m.ZNotificationCount) }))
    .count;

/** SPEC §4: the count is the matches waiting for the user's approval plus the rejected list. */
export function notificationCount(
  pending: readonly TMatch[],
  rejected: readonly TMatch[],
  userId: number,
): number {
  return pending.filter((m) => isPendingForUser(m, userId)).length + rejected.length;
}

/** Fetches both lists afresh and sets the count from them. */
async function refreshNotificationLists(client: QueryClient, userId: number): Promise<void> {
  const [pending, rejected] = await Promise.all([
    client.fetchQuery({ queryKey: PENDING_MATCHES_KEY, queryFn: fetchPendingMatches, staleTime: 0 }),
    client.fetchQuery({ queryKey: REJECTED_MATCHES_KEY, queryFn: fetchRejectedMatches, staleTime: 0 }),
  ]);
  client.setQueryData(NOTIFICATION_COUNT_KEY, notificationCount(pending, rejected, userId));
}

export interface Notifications {
  count: number;
  /** The live connection is up. */
  connected: boolean;
  /** Error de conexión WebSocket while the last attempt failed, else null. */
  connectionError: string | null;
  /** Refetches the pending and rejected lists and recomputes the count. */
  refreshLists(): Promise<void>;
}

const NotificationsContext = createContext<Notifications | null>(null);

/** The notification count, kept current by the live connection while someone is signed in. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('closed');
  const [connectionError, setConnectionError] = useState<string | null>(null);

  const countQuery = useQuery({
    queryKey: NOTIFICATION_COUNT_KEY,
    queryFn: fetchCount,
    enabled: userId !== null,
  });

  useEffect(() => {
    if (userId === null) return;
    const socket = connectNotificationSocket({
      url: notificationSocketUrl(userId),
      onCount: (count) => {
        client.setQueryData(NOTIFICATION_COUNT_KEY, count);
        // Every match a screen shows may have changed (issue 14 item 7): the pending and
        // rejected lists, the open match detail, Mis Partidas and the home lists. Only what is
        // on screen refetches now; the rest when it is next shown.
        void client.invalidateQueries({ queryKey: MATCHES_QUERY_ROOT });
      },
      onStatus: (next, error) => {
        setStatus(next);
        if (next === 'open') setConnectionError(null);
        else if (error) setConnectionError(error);
      },
    });
    return () => {
      socket.close();
      setStatus('closed');
      setConnectionError(null);
    };
  }, [userId, client]);

  const refreshLists = useCallback(async () => {
    if (userId === null) return;
    await refreshNotificationLists(client, userId);
  }, [client, userId]);

  const value = useMemo<Notifications>(
    () => ({
      count: userId === null ? 0 : (countQuery.data ?? 0),
      connected: status === 'open',
      connectionError,
      refreshLists,
    }),
    [userId, countQuery.data, status, connectionError, refreshLists],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): Notifications {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications outside NotificationsProvider');
  return value;
}

export function usePendingMatches(enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: PENDING_MATCHES_KEY,
    queryFn: fetchPendingMatches,
    enabled: enabled && !!user,
  });
}

export function useRejectedMatches(enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: REJECTED_MATCHES_KEY,
    queryFn: fetchRejectedMatches,
    enabled: enabled && !!user,
  });
}
