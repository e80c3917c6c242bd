import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { RequireAuth } from './require-auth';
import { tournamentRoutes } from '../features/tournaments/routes';
import { rankingRoutes } from '../features/rankings/routes';
import { adminRoutes } from '../features/admin/routes';

type PageModule = { default: React.ComponentType };
/** Each screen is its own chunk. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: () => load().then((m) => ({ Component: m.default })),
});

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      // Public (SPEC §2 route table).
      { path: '/', ...page(() => import('../features/home/home-page')) },
      { path: '/login', ...page(() => import('../features/auth/login-page')) },
      { path: '/register', ...page(() => import('../features/auth/register-page')) },
      { path: '/help', ...page(() => import('../features/help/help-page')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/profile', ...page(() => import('../features/profile/profile-page')) },
          { path: '/new-match', ...page(() => import('../features/new-match/new-match-page')) },
          { path: '/decks', ...page(() => import('../features/decks/decks-page')) },
          { path: '/my-matches', ...page(() => import('../features/matches/my-matches-page')) },
          { path: '/matches', ...page(() => import('../features/matches/my-matches-page')) },
          { path: '/match/:id', ...page(() => import('../features/matches/match-detail-page')) },
          { path: '/user/:id', ...page(() => import('../features/profile/user-profile-page')) },
          { path: '/notifications', ...page(() => import('../features/notifications/notifications-page')) },
          { path: '/tournaments', children: tournamentRoutes },
          { path: '/torneos', children: rankingRoutes },
          { path: '/admin', children: adminRoutes },
        ],
      },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
