import { lazy, Suspense, useEffect } from 'react';
import { Box } from '@mui/material';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session';
import { applyQaTitle } from '../lib/environment';
import { hideSplash } from '../lib/splash';
import { ConnectionNotices } from './connection-notices';
import { RouteErrorBoundary } from './route-error-boundary';
import { LAYOUT } from '../lib/ui-constants';

// The bars (menu, bell, dropdown) are only for signed-in players: loading them on demand keeps
// them out of what the login screen downloads first.
const TopBar = lazy(() => import('./top-bar').then((m) => ({ default: m.TopBar })));
const BottomBar = lazy(() => import('./bottom-bar').then((m) => ({ default: m.BottomBar })));
// Sends the matches saved without a connection (docs/decisions/018); it carries the match schema.
const OutboxSender = lazy(() =>
  import('../features/new-match/outbox-sender').then((m) => ({ default: m.OutboxSender })),
);

const BARLESS_PATHS = new Set(['/login', '/register']);

/** The page frame: top bar, content, bottom bar; neither bar when signed out or on /login and /register. */
export function AppLayout() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const showBars = user !== null && !BARLESS_PATHS.has(pathname);

  useEffect(() => {
    applyQaTitle();
    hideSplash();
  }, []);

  return (
    <>
      {showBars && (
        <Suspense fallback={null}>
          <TopBar user={user} />
        </Suspense>
      )}
      <Box
        component="main"
        sx={
          showBars
            ? { pt: `${LAYOUT.contentPaddingTop}px`, pb: `${LAYOUT.contentPaddingBottom}px` }
            : undefined
        }
      >
        {showBars && <ConnectionNotices />}
        {user !== null && (
          <Suspense fallback={null}>
            <OutboxSender />
          </Suspense>
        )}
        {/* A screen that fails shows its error between the bars, which keep working. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Outlet />
        </RouteErrorBoundary>
      </Box>
      {showBars && (
        <Suspense fallback={null}>
          <BottomBar />
        </Suspense>
      )}
    </>
  );
}
