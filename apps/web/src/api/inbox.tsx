import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { connectNotificationSocket, notificationSocketUrl, type SocketStatus } from '../lib/socket';
import { inboxKeys, matchesChanged } from './query-keys';
import { communityChanged } from './community';
import { useSession } from './session';

/**
 * The inbox (SPEC §2 and §4): the matches waiting for the player's approval, the rejected matches
 * to process, and the notification count. The server counts (its SQL is the one rule); the web
 * reads the count once on sign-in, and from then on takes the count the live connection pushes.
 */

// The schemas load with their own chunk (they pull in zod), while the first request is in flight.
const schemas = () => import('./inbox-schemas');

export const fetchPendingMatches = () =>
  api('/api/matches/pending', { schema: () => schemas().then((m) => m.ZMatchList) });
export const fetchRejectedMatches = () =>
  api('/api/matches/rejected', { schema: () => schemas().then((m) => m.ZRejectedResponse) });
const fetchCount = async () =>
  (await api('/api/notifications/count', { schema: () => schemas().then((m) => m.ZNotificationCount) }))
    .count;

export interface Inbox {
  count: number;
  /** The live connection is up. */
  connected: boolean;
  /** Error de conexión WebSocket while the last attempt failed, else null. */
  connectionError: string | null;
  /** Refetches the pending and rejected lists (the count comes with the next push). */
  refreshLists(): Promise<void>;
}

const InboxContext = createContext<Inbox | null>(null);

/** The notification count and the live connection, while someone is signed in. */
export function InboxProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('closed');
  const [connectionError, setConnectionError] = useState<string | null>(null);

  const countQuery = useQuery({
    queryKey: inboxKeys.count,
    queryFn: fetchCount,
    enabled: userId !== null,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (userId === null) return;
    const socket = connectNotificationSocket({
      url: notificationSocketUrl(userId),
      onCount: (count) => {
        client.setQueryData(inboxKeys.count, count);
        // Every match a screen shows may have changed (issue 14 item 7).
        void matchesChanged(client);
      },
      // A ranking, store, season, league or tournament changed: the screens on show read again.
      onCommunityChanged: () => void communityChanged(client),
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

  const refreshLists = useCallback(() => client.invalidateQueries({ queryKey: inboxKeys.lists }), [client]);

  const value = useMemo<Inbox>(
    () => ({
      count: userId === null ? 0 : (countQuery.data ?? 0),
      connected: status === 'open',
      connectionError,
      refreshLists,
    }),
    [userId, countQuery.data, status, connectionError, refreshLists],
  );
  return <InboxContext.Provider value={value}>{children}</InboxContext.Provider>;
}

export function useInbox(): Inbox {
  const value = useContext(InboxContext);
  if (!value) throw new Error('useInbox outside InboxProvider');
  return value;
}

export function usePendingMatches(enabled = true) {
  const { user } = useSession();
  return useQuery({ queryKey: inboxKeys.pending, queryFn: fetchPendingMatches, enabled: enabled && !!user });
}

export function useRejectedMatches(enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: inboxKeys.rejected,
    queryFn: fetchRejectedMatches,
    enabled: enabled && !!user,
  });
}

/**
 * The unread Comunicados of the player's tournaments (docs/decisions/015): part of the count, so
 * listed with the notifications; refetched with the inbox lists when a count is pushed.
 */
export function useUnreadAnnouncements(enabled = true) {
  return useQuery({
    queryKey: inboxKeys.announcements,
    queryFn: () =>
      api('/api/tournaments/announcements/unread', {
        schema: () => import('@mitos/domain/tournaments').then((m) => m.ZUnreadAnnouncements),
      }),
    enabled,
  });
}

/** Marca como leídos a tournament's Comunicados: the list refetches, the count comes with the push. */
export function useMarkAnnouncementsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tournamentId: number) =>
      api(`/api/tournaments/${tournamentId}/announcements/seen`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKeys.announcements }),
  });
}
