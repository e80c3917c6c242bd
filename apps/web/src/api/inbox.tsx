import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, forgetEarlyRequests } from '../lib/api-client';
import { connectNotificationSocket, notificationSocketUrl, type SocketStatus } from '../lib/socket';
import { inboxKeys, matchesChanged } from './query-keys';
import { communityChanged, standingsChanged } from './community';
import { useSession, useSignedInId } from './session';

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

/** The notification count: read once on sign-in, then pushed by the live connection. */
const notificationCountQuery = () =>
  queryOptions({ queryKey: inboxKeys.count, queryFn: fetchCount, staleTime: Infinity });
export const pendingMatchesQuery = () =>
  queryOptions({ queryKey: inboxKeys.pending, queryFn: fetchPendingMatches });
export const rejectedMatchesQuery = () =>
  queryOptions({ queryKey: inboxKeys.rejected, queryFn: fetchRejectedMatches });
/**
 * The unread Comunicados of the player's tournaments (docs/decisions/015): part of the count, so
 * listed with the notifications; refetched with the inbox lists when a count is pushed.
 */
export const unreadAnnouncementsQuery = () =>
  queryOptions({
    queryKey: inboxKeys.announcements,
    queryFn: () =>
      api('/api/tournaments/announcements/unread', {
        schema: () => import('@mitos/domain/tournaments').then((m) => m.ZUnreadAnnouncements),
      }),
  });

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

/**
 * Whether the live connection has settled since the app started: its first count arrived (the
 * server has registered it, so a change from then on is pushed), or its first attempt failed.
 * Per query client, so that each app (each test) has its own.
 */
const liveSettled = new WeakMap<QueryClient, { settled: boolean; waiters: (() => void)[] }>();

function liveState(client: QueryClient) {
  let state = liveSettled.get(client);
  if (!state) liveSettled.set(client, (state = { settled: false, waiters: [] }));
  return state;
}

function settleLiveConnection(client: QueryClient) {
  const state = liveState(client);
  if (state.settled) return;
  state.settled = true;
  for (const wake of state.waiters.splice(0)) wake();
}

/**
 * Resolves once the live connection has settled (see above). The first screen's reads wait for
 * it (app/first-screen): they are made outside the query cache, where the first count's
 * `matchesChanged` cannot reach them, so a read made before the server registered the connection
 * could miss a change pushed in between.
 */
export function whenLiveConnectionSettles(client: QueryClient): Promise<void> {
  const state = liveState(client);
  return state.settled ? Promise.resolve() : new Promise((resolve) => state.waiters.push(resolve));
}

/** The notification count and the live connection, while someone is signed in. */
export function InboxProvider({ children }: { children: ReactNode }) {
  // The connection opens as soon as the session check answers, beside the first screen's loads.
  const userId = useSignedInId();
  const client = useQueryClient();
  const [status, setStatus] = useState<SocketStatus>('closed');
  const [connectionError, setConnectionError] = useState<string | null>(null);

  const countQuery = useQuery({ ...notificationCountQuery(), enabled: userId !== null });

  useEffect(() => {
    if (userId === null) return;
    const socket = connectNotificationSocket({
      url: notificationSocketUrl(userId),
      onCount: (count) => {
        client.setQueryData(inboxKeys.count, count);
        // Every match a screen shows may have changed (issue 14 item 7); so may the answers read
        // early for a screen not drawn yet (app/first-screen, made after the first count).
        if (liveState(client).settled) forgetEarlyRequests();
        void matchesChanged(client);
        settleLiveConnection(client);
      },
      // A ranking, store, season, league or tournament changed: the screens on show read again;
      // only those showing counts when only the season counts changed.
      onCommunityChanged: (change) => {
        forgetEarlyRequests();
        void (change === 'standings' ? standingsChanged(client) : communityChanged(client));
      },
      onStatus: (next, error) => {
        if (next === 'closed') settleLiveConnection(client);
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
  return useQuery({ ...pendingMatchesQuery(), enabled: enabled && !!user });
}

export function useRejectedMatches(enabled = true) {
  const { user } = useSession();
  return useQuery({ ...rejectedMatchesQuery(), enabled: enabled && !!user });
}

export function useUnreadAnnouncements(enabled = true) {
  return useQuery({ ...unreadAnnouncementsQuery(), enabled });
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
