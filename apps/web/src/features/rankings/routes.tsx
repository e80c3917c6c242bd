import type { RouteObject } from 'react-router';

/** Everything under /torneos; each screen is its own chunk. */
export const rankingRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./hub-page').then((m) => ({ Component: m.default })) },
  { path: 'general', lazy: () => import('./general-ranking-page').then((m) => ({ Component: m.default })) },
  { path: 'tiendas', lazy: () => import('./stores-page').then((m) => ({ Component: m.default })) },
  {
    path: 'tiendas/:storeId',
    lazy: () => import('./store-detail-page').then((m) => ({ Component: m.default })),
  },
  {
    path: 'tiendas/:storeId/resultados',
    lazy: () => import('./store-results-page').then((m) => ({ Component: m.default })),
  },
];
