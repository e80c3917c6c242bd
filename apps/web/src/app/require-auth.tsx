import { Box, CircularProgress } from '@mui/material';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/api/session';
import type { LoginState } from './session-redirects';

export function CenteredSpinner({ label = 'Cargando' }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

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
