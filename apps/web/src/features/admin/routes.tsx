import type { RouteObject } from 'react-router';

/**
 * Everything under /admin, behind the role check of admin-gate (admins and store organisers,
 * decision 014); each screen is its own chunk.
 */
export const adminRoutes: RouteObject[] = [
  {
    lazy: () => import('./admin-gate').then((m) => ({ Component: m.default })),
    children: [
      { index: true, lazy: () => import('./admin-page').then((m) => ({ Component: m.default })) },
      { path: 'players', lazy: () => import('./players-page').then((m) => ({ Component: m.default })) },
      { path: 'results', lazy: () => import('./results-page').then((m) => ({ Component: m.default })) },
      { path: 'leagues', lazy: () => import('./leagues-page').then((m) => ({ Component: m.default })) },
      { path: 'seasons', lazy: () => import('./seasons-page').then((m) => ({ Component: m.default })) },
    ],
  },
];
