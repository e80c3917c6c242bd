import type { RouteObject } from 'react-router';

/** Everything under /tournaments; each screen is its own chunk. */
export const tournamentRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./tournaments-page').then((m) => ({ Component: m.default })) },
  { path: ':id', lazy: () => import('./tournament-detail-page').then((m) => ({ Component: m.default })) },
  {
    path: ':id/participants',
    lazy: () => import('./participants-page').then((m) => ({ Component: m.default })),
  },
  { path: ':id/bracket', lazy: () => import('./bracket-page').then((m) => ({ Component: m.default })) },
  { path: ':id/calendar', lazy: () => import('./calendar-page').then((m) => ({ Component: m.default })) },
  {
    path: ':id/leaderboard',
    lazy: () => import('./leaderboard-page').then((m) => ({ Component: m.default })),
  },
  { path: ':id/matches', lazy: () => import('./matches-page').then((m) => ({ Component: m.default })) },
];
