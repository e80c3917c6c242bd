import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import * as MSG from '@mitos/domain/message-texts';
import { AppProviders } from './providers';
import { AppLayout } from './layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { retryableLazy } from './router';
import { CHUNK_RELOAD_KEY } from '../lib/reload-once';
import { mockFetch, signedIn } from '../test/fetch-mock';
import { testQueryClient } from '../test/render';
import { Suspense } from 'react';

afterEach(() => vi.restoreAllMocks());

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/x-abc.js');

// In this order: once a reload is asked for, the page counts as going away (lib/reload-once) for
// the rest of the file, as it would in a browser.
describe('a screen that fails', { shuffle: false }, () => {
  it('shows the Spanish error between the bars, and Reintentar loads the screen again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The reload was already tried a moment ago: the screen is shown instead of another reload.
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    mockFetch({ 'GET /api/auth/me': signedIn });
    // The file is missing until the server has it again.
    let served = false;
    let attempts = 0;
    const Screen = retryableLazy(() => {
      attempts += 1;
      return served
        ? Promise.resolve({ Component: () => <p>Pantalla cargada</p> })
        : Promise.reject(chunkError());
    });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <MemoryRouter initialEntries={['/decks']}>
          <Suspense fallback={null}>
            <Routes>
              <Route element={<AppLayout />}>
                <Route path="/decks" element={<Screen />} />
              </Route>
            </Routes>
          </Suspense>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText(MSG.screenError)).toBeInTheDocument();
    // The bars stay: the player can go elsewhere.
    expect(await screen.findByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();

    served = true;
    const failed = attempts;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Pantalla cargada')).toBeInTheDocument();
    expect(attempts).toBe(failed + 1);
    expect(screen.queryByText(MSG.screenError)).not.toBeInTheDocument();
  });

  it('shows the error screen at once for an error that is not a failed load', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never {
      throw new Error('Cannot read properties of undefined');
    }
    render(
      <RouteErrorBoundary resetKey="/x">
        <Boom />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.screenError);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('offline, a screen file that did not load says it was not kept, and loads when the browser is back online', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let served = false;
    const Screen = retryableLazy(() =>
      served ? Promise.resolve({ Component: () => <p>Pantalla cargada</p> }) : Promise.reject(chunkError()),
    );
    render(
      <Suspense fallback={null}>
        <RouteErrorBoundary resetKey="/decks">
          <Screen />
        </RouteErrorBoundary>
      </Suspense>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.offlineNotSaved);
    expect(screen.queryByText(MSG.screenError)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    // Offline, no reload is asked for: it would show the browser's own offline page.
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();

    // Back online: the screen loads by itself, without Reintentar.
    served = true;
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Pantalla cargada')).toBeInTheDocument();
    expect(screen.queryByText(MSG.offlineNotSaved)).not.toBeInTheDocument();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('reloads the page once for a screen file that failed to load, showing nothing meanwhile', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = retryableLazy(() => Promise.reject(chunkError()));
    const before = Date.now();
    const { container } = render(
      <Suspense fallback={null}>
        <RouteErrorBoundary resetKey="/decks">
          <Screen />
        </RouteErrorBoundary>
      </Suspense>,
    );
    // The reload was asked for (jsdom does not navigate): its mark is set and no error shows.
    await vi.waitFor(() =>
      expect(Number(sessionStorage.getItem(CHUNK_RELOAD_KEY))).toBeGreaterThanOrEqual(before),
    );
    expect(screen.queryByText(MSG.screenError)).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });
});
