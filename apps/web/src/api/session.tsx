import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TRegisterRequest } from '@mitos/domain/auth';
import type { TSelfUser } from '@mitos/domain/users';
import { api, ApiError, onSessionEnd } from '../lib/api-client';
import { forgetPushDevice } from '../lib/push-device';
import { TIMINGS } from '../lib/ui-constants';
import { clearOutbox } from '../lib/outbox';

// The session check is in the first download; its schemas (and zod) load while it is in flight.
const authSchemas = () => import('@mitos/domain/auth');
const meSchema = () => authSchemas().then((m) => m.ZMeResponse);
const authUserSchema = () => authSchemas().then((m) => m.ZAuthUserResponse);

export const ME_QUERY_KEY = ['auth', 'me'] as const;

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

/** GET /api/auth/me; a 401 means "not signed in", not an error. */
export async function fetchMe(): Promise<TSelfUser | null> {
  try {
    const me = await api('/api/auth/me', { schema: meSchema, quietSessionEnd: true });
    return me.authenticated ? me.user : null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    staleTime: TIMINGS.sessionRecheckMs,
    refetchInterval: (query) => (query.state.data ? TIMINGS.sessionRecheckMs : false),
    retry: 1,
  });

  const [expired, setExpired] = useState(false);
  // A call that found the session over (refresh failed) signs the user out here too.
  useEffect(
    () =>
      onSessionEnd(() => {
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
      queryClient.setQueryData(ME_QUERY_KEY, user);
      setExpired(false);
      return user;
    },
    [queryClient],
  );

  const register = useCallback(async (values: TRegisterRequest) => {
    await api('/api/auth/register', { method: 'POST', body: values, schema: authUserSchema });
  }, []);

  const logout = useCallback(async () => {
    // While still signed in: only the owner may remove the device's subscription.
    await forgetPushDevice();
    // Matches saved offline leave the device with the session (docs/decisions/018).
    const leaving = queryClient.getQueryData<TSelfUser | null>(ME_QUERY_KEY);
    if (leaving) await clearOutbox(leaving.id).catch(() => {});
    try {
      await api('/api/auth/logout', { method: 'POST' });
    } catch {
      // SPEC §4: a failed logout still clears the user locally.
    }
    queryClient.setQueryData(ME_QUERY_KEY, null);
    setExpired(false);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
  }, [queryClient]);

  const recheck = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }, [queryClient]);

  const user = me.data ?? null;
  const status: SessionStatus = me.isPending ? 'loading' : user ? 'authenticated' : 'anonymous';
  const value = useMemo(
    () => ({ user, status, expired, login, register, logout, recheck }),
    [user, status, expired, login, register, logout, recheck],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
