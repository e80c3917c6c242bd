import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { CenteredSpinner } from '../components/centered-spinner';
import type { LoginState } from '../lib/login-state';

/** Signed-in routes: a spinner while the session is checked, else /login remembering the origin. */
export function RequireAuth() {
  const { status, expired } = useSession();
  const location = useLocation();
  if (status === 'loading') return <CenteredSpinner label="Verificando sesión" />;
  if (status === 'anonymous') {
    const from = `${location.pathname}${location.search}`;
    const state: LoginState = expired ? { from, expired } : { from };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
