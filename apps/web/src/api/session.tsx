import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TLoginRequest, TRegisterRequest } from '@mitos/domain/auth';
import type { TSelfUser } from '@mitos/domain/users';
import { api, ApiError, forgetEarlyRequests, onSessionEnd } from '../lib/api-client';
import { TIMINGS } from '../lib/ui-constants';

// The session check is in the first download; its schemas (and zod) load while it is in flight.
// The answers' schemas alone (domain/session), not the forms' rules and texts (domain/auth).
const sessionSchemas = () => import('@mitos/domain/session');
const meSchema = () => sessionSchemas().then((m) => m.ZMeResponse);
const authUserSchema = () => sessionSchemas().then((m) => m.ZAuthUserResponse);

export const ME_QUERY_KEY = ['auth', 'me'] as const;

/**
 * The last player signed in on this browser, for the app started offline (docs/decisions/017):
 * with no server to ask, the screens show that player's kept data. Forgotten on logout and when
 * the server says nobody is signed in.
 */
export const LAST_USER_KEY = 'mitos.last-user';

function rememberUser(user: TSelfUser | null) {
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // A browser that refuses storage just does not start offline.
  }
}

function lastUser(): TSelfUser | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    const user = raw ? (JSON.parse(raw) as TSelfUser) : null;
    return user && typeof user.id === 'number' ? user : null;
  } catch {
    return null;
  }
}

const persistence = () => import('../lib/query-persistence');
// Only a logout needs these: they load then, out of the first download (docs/decisions/022-js).
const pushDevice = () => import('../lib/push-device');
const outbox = () => import('../lib/outbox');

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface Session {
  user: TSelfUser | null;
  status: SessionStatus;
  /** The session ended under the player (a refresh failed) since the last sign-in. */
  expired: boolean;
  login(values: TLoginRequest): Promise<TSelfUser>;
  register(values: TRegisterRequest): Promise<void>;
  logout(): Promise<void>;
  /** Re-checks the session now (SPEC §4: on load, on login, and every 5 minutes). */
  recheck(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);
/**
 * The signed-in player's id as soon as the session check answers, not in the transition the
 * screens see it in: the live connection opens with it (api/inbox).
 */
const SignedInIdContext = createContext<number | null>(null);

/**
 * GET /api/auth/me; a 401 means "not signed in", not an error. Without a network (status 0) the
 * last player signed in here is assumed, until the server can be asked again.
 */
export async function fetchMe(): Promise<TSelfUser | null> {
  let user: TSelfUser | null;
  try {
    const me = await api('/api/auth/me', { schema: meSchema, quietSessionEnd: true });
    user = me.authenticated ? me.user : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 0) {
      const last = lastUser();
      if (last) return last;
    }
    if (!(err instanceof ApiError && err.status === 401)) throw err;
    user = null;
  }
  rememberUser(user);
  return user;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const stopPersisting = useRef<(() => void) | null>(null);
  const me = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    staleTime: TIMINGS.sessionRecheckMs,
    refetchInterval: (query) => (query.state.data ? TIMINGS.sessionRecheckMs : false),
    retry: 1,
    // Asked offline too: fetchMe answers the last player then, rather than waiting for a network.
    networkMode: 'always',
  });

  const [expired, setExpired] = useState(false);
  // The status every screen has been drawn with, and the callers waiting for it to change.
  const drawn = useRef<SessionStatus>('loading');
  const waiting = useRef<(() => void)[]>([]);
  /**
   * Resolves once the screens have been drawn with `status`. A login or a logout changes the
   * query at once, but the screens learn it a moment later (the query's observers are told on a
   * timer): a caller that navigated before that would have the route guards judge the new page by
   * the old session, sending a player just signed in back to /login, or one just signed out to /.
   * Any newer status drawn meanwhile (the session ended again) releases the caller too.
   */
  const drawnWith = useCallback(
    (status: SessionStatus) =>
      drawn.current === status
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.current.push(resolve)),
    [],
  );
  // A call that found the session over (refresh failed) signs the user out here too.
  useEffect(
    () =>
      onSessionEnd(() => {
        forgetEarlyRequests();
        setExpired(true);
        queryClient.setQueryData(ME_QUERY_KEY, null);
      }),
    [queryClient],
  );

  const login = useCallback(
    async (values: TLoginRequest) => {
      const res = await api('/api/auth/login', { method: 'POST', body: values, schema: authUserSchema });
      // The session lives in httpOnly cookies; the token is not kept where scripts can read it.
      const user = (await fetchMe()) ?? res.user;
      // A session check under way was asked before the sign-in: its answer must not undo it.
      await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
      queryClient.setQueryData(ME_QUERY_KEY, user);
      setExpired(false);
      await drawnWith('authenticated');
      return user;
    },
    [queryClient, drawnWith],
  );

  const register = useCallback(async (values: TRegisterRequest) => {
    await api('/api/auth/register', { method: 'POST', body: values, schema: authUserSchema });
  }, []);

  const logout = useCallback(async () => {
    // While still signed in: only the owner may remove the device's subscription.
    await pushDevice()
      .then((m) => m.forgetPushDevice())
      .catch(() => {});
    // Matches saved offline leave the device with the session (docs/decisions/018).
    const leaving = queryClient.getQueryData<TSelfUser | null>(ME_QUERY_KEY);
    if (leaving)
      await outbox()
        .then((m) => m.clearOutbox(leaving.id))
        .catch(() => {});
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch {
      // SPEC §4: a failed logout still clears the user locally.
    }
    // Nothing of this player stays on the device: the kept screens and who was signed in.
    forgetEarlyRequests();
    stopPersisting.current?.();
    stopPersisting.current = null;
    rememberUser(null);
    await persistence()
      .then((m) => m.removePersistedQueries(m.idbStore()))
      .catch(() => {});
    await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY });
    queryClient.setQueryData(ME_QUERY_KEY, null);
    setExpired(false);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
    await drawnWith('anonymous');
  }, [queryClient, drawnWith]);

  const recheck = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  const user = me.data ?? null;
  const userId = user?.id;

  // The signed-in player's screens are kept on the device and restored on the next start.
  useEffect(() => {
    if (userId === undefined) return;
    let cancelled = false;
    persistence()
      .then((m) => m.startQueryPersistence(queryClient, userId))
      .then((stop) => {
        if (cancelled) stop();
        else stopPersisting.current = stop;
      })
      .catch(() => {
        // No IndexedDB (a private window): the app works, only not offline.
      });
    return () => {
      cancelled = true;
      stopPersisting.current?.();
      stopPersisting.current = null;
    };
  }, [queryClient, userId]);

  const status: SessionStatus = me.isPending ? 'loading' : user ? 'authenticated' : 'anonymous';
  const value = useMemo(
    () => ({ user, status, expired, login, register, logout, recheck }),
    [user, status, expired, login, register, logout, recheck],
  );
  // The first answer (who is signed in) draws the whole app: the screens see it in a transition,
  // which React renders in slices, rather than in the one long task a query's update renders in
  // (docs/decisions/029). Later changes (a sign-in, a sign-out) are provided at once.
  const deferred = useDeferredValue(value);
  const provided = status !== 'loading' && deferred.status === 'loading' ? deferred : value;
  useEffect(() => {
    drawn.current = provided.status;
    const released = waiting.current;
    waiting.current = [];
    for (const resolve of released) resolve();
  }, [provided.status]);
  return (
    <SignedInIdContext.Provider value={userId ?? null}>
      <SessionContext.Provider value={provided}>{children}</SessionContext.Provider>
    </SignedInIdContext.Provider>
  );
}

/** The signed-in player's id, the moment the session check answers (null: nobody, or not yet). */
export function useSignedInId(): number | null {
  return useContext(SignedInIdContext);
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/**
 * Cerrar Sesión, from the top bar's menu and from /profile: the session ends (the screens are
 * drawn signed out before `logout` resolves, decision 011), then /login, replacing the page left.
 */
export function useSignOut(): () => Promise<void> {
  const { logout } = useSession();
  const navigate = useNavigate();
  return async () => {
    await logout();
    void navigate('/login', { replace: true });
  };
}
