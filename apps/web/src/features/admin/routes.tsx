import type { RouteObject } from 'react-router';

/** Everything under /admin; each screen is its own chunk. */
export const adminRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./admin-page').then((m) => ({ Component: m.default })) },
  { path: 'players', lazy: () => import('./players-page').then((m) => ({ Component: m.default })) },
  { path: 'results', lazy: () => import('./results-page').then((m) => ({ Component: m.default })) },
  { path: 'leagues', lazy: () => import('./leagues-page').then((m) => ({ Component: m.default })) },
];
