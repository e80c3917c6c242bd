import { createElement, lazy, Suspense, useEffect, useLayoutEffect, useRef, type ComponentType } from 'react';
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AppLayout } from './layout';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary, screenRetries } from './route-error-boundary';
import { sessionRedirects } from './session-redirects';
import { setSessionHandlers } from '../lib/api-client';
import { isReloading } from '../lib/reload-once';
import { trackScreenLoad } from '../lib/first-screen-settled';
import { tournamentRoutes } from '../features/tournaments/routes';
import { rankingRoutes } from '../features/rankings/routes';
import { adminRoutes } from '../features/admin/routes';

type PageModule = { default: React.ComponentType };
/** Each screen is its own chunk. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: () => load().then((m) => ({ Component: m.default })),
});

const untilReload = () => new Promise<never>(() => {});

/**
 * A screen loaded on demand whose failed load can be tried again: React.lazy keeps a failed
 * import for good, so once the player chose "Reintentar" (screenRetries) after a failure the next
 * render starts a new one; never by itself, which would retry for ever. A load Vite gave up on
 * while the page reloads (lib/reload-once: its `vite:preloadError` was taken) answers nothing:
 * the screen waits for the reload.
 */
export function retryableLazy(load: LazyScreen): ComponentType {
  let failed = false;
  let retriesSeen = screenRetries();
  const start = (): Promise<{ default: ComponentType }> =>
    trackScreenLoad(load()).then(
      (m) => (m ? { default: m.Component ?? (() => null) } : untilReload()),
      (err: unknown) => {
        if (isReloading()) return untilReload();
        failed = true;
        throw err;
      },
    );
  let current = lazy(start);
  return function Screen() {
    if (failed && retriesSeen !== screenRetries()) {
      failed = false;
      retriesSeen = screenRetries();
      current = lazy(start);
    }
    return createElement(current);
  };
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      // Public (SPEC §2 route table).
      { path: '/', ...page(() => import('../features/home/home-page')) },
      { path: '/login', ...page(() => import('../features/auth/login-page')) },
      { path: '/register', ...page(() => import('../features/auth/register-page')) },
      { path: '/help', ...page(() => import('../features/help/help-page')) },
      // A shared match link: signed out, the page shows the public summary (decision 021).
      { path: '/match/:id', ...page(() => import('../features/matches/match-detail-page')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/profile', ...page(() => import('../features/profile/profile-page')) },
          { path: '/new-match', ...page(() => import('../features/new-match/new-match-page')) },
          { path: '/decks', ...page(() => import('../features/decks/decks-page')) },
          { path: '/my-matches', ...page(() => import('../features/matches/my-matches-page')) },
          { path: '/matches', ...page(() => import('../features/matches/my-matches-page')) },
          { path: '/user/:id', ...page(() => import('../features/profile/user-profile-page')) },
          { path: '/notifications', ...page(() => import('../features/inbox/notifications-page')) },
          { path: '/tournaments', children: tournamentRoutes },
          { path: '/torneos', children: rankingRoutes },
          { path: '/metagame', ...page(() => import('../features/rankings/metagame-page')) },
          { path: '/admin', children: adminRoutes },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
];

type LazyScreen = () => Promise<{ Component?: ComponentType | null } | undefined>;

/**
 * The route tree for <Routes>-style rendering: each `lazy` screen becomes a React.lazy element.
 * The app renders its routes this way rather than through a data router (createBrowserRouter),
 * whose loaders, actions and fetchers it does not use and which would double React Router's
 * share of the first download.
 */
function withLazyElements(tree: RouteObject[]): RouteObject[] {
  return tree.map((route) => {
    const { lazy: load, children, ...rest } = route;
    const element =
      typeof load === 'function' ? createElement(retryableLazy(load as LazyScreen)) : rest.element;
    return (
      route.index
        ? { ...rest, element }
        : { ...rest, element, children: children && withLazyElements(children) }
    ) as RouteObject;
  });
}

const appRoutes = withLazyElements(routes);

/** Points the API client's session redirects at the router (see session-redirects). */
function useSessionRedirects() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = useRef({ location, navigate });
  useLayoutEffect(() => {
    current.current = { location, navigate };
  });
  useEffect(
    () =>
      setSessionHandlers(
        sessionRedirects({
          get state() {
            return { location: current.current.location };
          },
          navigate: (to, options) => current.current.navigate(to, options),
        }),
      ),
    [],
  );
  return location;
}

/**
 * The first screen's chunk and data, asked for as soon as the session check answers
 * (first-screen). Its code is a chunk of its own, loaded beside the session check: the first
 * download stays within its budget.
 */
function useFirstScreenLoads(pathname: string) {
  const client = useQueryClient();
  const first = useRef(pathname);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let unmounted = false;
    import('./first-screen')
      .then((m) => {
        if (!unmounted) stop = m.startFirstScreenLoads(client, routes, first.current);
      })
      .catch(() => {
        // Without it the screen loads as it opens, as it always could.
      });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [client]);
}

/**
 * The app's screens, rendered inside a <BrowserRouter>. Until a screen's chunk has arrived the
 * previous screen stays (navigations are transitions), or on a first visit nothing renders and
 * the splash stays up.
 */
export function AppRoutes() {
  const location = useSessionRedirects();
  useFirstScreenLoads(location.pathname);
  const element = useRoutes(appRoutes);
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={null}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
