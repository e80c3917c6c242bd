import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { useSignOut } from '../api/session';
import { mockFetch, signedIn, signedOut, testUser, type MockReply } from '../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../test/render';
import LoginPage from '../features/auth/login-page';
import { RequireAuth } from './require-auth';

/** Signs out as the app's menus do. */
function SignOutProbe() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      Salir
    </button>
  );
}

const routes: RouteObject[] = [
  { path: '/', element: <LocationProbe label="inicio" /> },
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/decks', element: <LocationProbe label="mazos" /> },
      { path: '/profile', element: <SignOutProbe /> },
    ],
  },
];

/** Every location the router went through, from now on. */
function visits(router: {
  subscribe(fn: (state: { location: { pathname: string; search: string } }) => void): unknown;
}) {
  const seen: string[] = [];
  router.subscribe(({ location }) => seen.push(`${location.pathname}${location.search}`));
  return seen;
}

/** A busy phone: the session query tells the screens of a change later than a navigation lands. */
function slowQueryNotices() {
  notifyManager.setScheduler((callback) => setTimeout(callback, 30));
}

afterEach(() => notifyManager.setScheduler(defaultScheduler));

describe('RequireAuth', () => {
  it('shows a centred spinner while the session is being checked', async () => {
    let answer: (reply: MockReply) => void = () => {};
    mockFetch({ 'GET /api/auth/me': () => new Promise((resolve) => (answer = resolve)) });
    renderRoutes(routes, { path: '/decks' });
    expect(screen.getByRole('progressbar', { name: 'Verificando sesión' })).toBeInTheDocument();
    answer(signedIn);
    expect(await screen.findByText('Página: mazos')).toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    renderRoutes(routes, { path: '/decks' });
    expect(await screen.findByText('Página: mazos')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login and back to the page after login', async () => {
    mockFetch({
      'GET /api/auth/me': [signedOut, signedOut, signedIn],
      'POST /api/auth/refresh': { status: 401, body: { success: false, error: 'x', message: 'x' } },
      'POST /api/auth/login': { status: 200, body: { success: true, user: testUser } },
    });
    const { router } = renderRoutes(routes, { entries: ['/decks?orden=nuevo'] });
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Email/), 'lucia@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Página: mazos')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?orden=nuevo');
  });

  it('lands on the remembered page once, on a busy phone too, without a second trip to /login', async () => {
    mockFetch({
      'GET /api/auth/me': [signedOut, signedOut, signedIn],
      'POST /api/auth/login': { status: 200, body: { success: true, user: testUser } },
    });
    const { router } = renderRoutes(routes, { entries: ['/decks?orden=nuevo'] });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'lucia@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto');
    const seen = visits(router);
    slowQueryNotices();
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByText('Página: mazos')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(seen).toEqual(['/decks?orden=nuevo']);
  });

  it('signs out to /login and stays there, on a busy phone too', async () => {
    mockFetch({
      'GET /api/auth/me': signedIn,
      'POST /api/auth/logout': { status: 200, body: { success: true } },
    });
    const { router } = renderRoutes(routes, { path: '/profile' });
    const user = userEvent.setup();
    const salir = await screen.findByRole('button', { name: 'Salir' });
    const seen = visits(router);
    slowQueryNotices();
    await user.click(salir);

    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 150));
    // The guard of the page left and the menu both send the player to /login; nowhere else.
    expect(seen).toContain('/login');
    expect(seen.filter((at) => at !== '/login')).toEqual([]);
  });

  it('does not send the user back to another site', async () => {
    mockFetch({
      'GET /api/auth/me': [signedOut, signedIn],
      'POST /api/auth/login': { status: 200, body: { success: true, user: testUser } },
    });
    renderRoutes(routes, { entries: [{ pathname: '/login', state: { from: '//evil.example/x' } }] });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'lucia@example.com');
    await user.type(screen.getByLabelText(/^Contraseña/), 'secreto');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('Página: inicio')).toBeInTheDocument();
  });
});
