import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { mockFetch, signedIn, signedOut } from '../test/fetch-mock';
import { testQueryClient } from '../test/render';
import * as MSG from '@mitos/domain/message-texts';
import { api } from '../lib/api-client';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './route-error-boundary';

function WhereAmI() {
  const { pathname, state } = useLocation();
  return (
    <p>
      En: {pathname} {JSON.stringify(state)}
    </p>
  );
}

function renderApp(path: string) {
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <WhereAmI />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('AppRoutes', () => {
  it('loads the login screen on its own', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/refresh': { status: 401 } });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a private screen to /login, remembering it', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/refresh': { status: 401 } });
    renderApp('/decks?orden=nuevo');
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByText('En: /login {"from":"/decks?orden=nuevo"}')).toBeInTheDocument();
  });

  it('shows the not-found screen for an unknown address', async () => {
    mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/refresh': { status: 401 } });
    renderApp('/no/existe');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('keeps a signed-in player where they are on a 403 (issue 14: only an expired session leads to /login)', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn, 'GET /api/forbidden': { status: 403 } });
    renderApp('/help');
    expect(await screen.findByText('En: /help null')).toBeInTheDocument();
    await act(() => api('/api/forbidden').catch(() => undefined));
    expect(screen.getByText('En: /help null')).toBeInTheDocument();
  });

  it('points the API client at the router: an expired session goes to /login, remembering the page', async () => {
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/decks': { status: 401 },
      'POST /api/auth/refresh': { status: 401 },
    });
    renderApp('/help');
    expect(await screen.findByText('En: /help null')).toBeInTheDocument();
    await act(() => api('/api/decks').catch(() => undefined));
    expect(await screen.findByText('En: /login {"from":"/help","expired":true}')).toBeInTheDocument();
    expect(await screen.findByText(MSG.sessionExpired)).toBeInTheDocument();
  });
});

describe('RouteErrorBoundary', () => {
  function Boom(): never {
    throw new Error('Se rompió');
  }

  it('shows the Spanish error screen, never the error, until the location changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <RouteErrorBoundary resetKey="/a">
        <Boom />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.screenError);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.queryByText(/Se rompió/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
    rerender(
      <RouteErrorBoundary resetKey="/b">
        <p>Otra pantalla</p>
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('Otra pantalla')).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});
