import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { mockFetch, signedIn, signedOut, testUser, type MockReply } from '../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../test/render';
import LoginPage from '../features/auth/login-page';
import { RequireAuth } from './require-auth';

const routes: RouteObject[] = [
  { path: '/', element: <LocationProbe label="inicio" /> },
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAuth />,
    children: [{ path: '/decks', element: <LocationProbe label="mazos" /> }],
  },
];

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
