import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/providers';

/** The app's providers, for tests that render a hook or a component without a router. */
export { AppProviders };

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders routes inside the app's providers on an in-memory router. Give either a route tree
 * or one element to show at `path`.
 */
export function renderRoutes(
  routesOrElement: RouteObject[] | ReactElement,
  {
    path = '/',
    entries,
    queryClient = testQueryClient(),
  }: { path?: string; entries?: InitialEntry[]; queryClient?: QueryClient } = {},
) {
  const routes = Array.isArray(routesOrElement) ? routesOrElement : [{ path, element: routesOrElement }];
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Página: otra</p> }], {
    initialEntries: entries ?? [path],
  });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** A route that shows where the router is, to assert navigations. */
export function LocationProbe({ label }: { label: string }) {
  return <p>Página: {label}</p>;
}
