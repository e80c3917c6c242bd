import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { calls, mockFetch, signedIn, signedOut, testUser, type MockReply } from '../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../test/render';
import { AppLayout } from './layout';
import { bottomSection } from './bottom-bar';
import { APP_TITLE } from '../components/page-title';

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      '/',
      '/login',
      '/register',
      '/help',
      '/torneos/general',
      '/new-match',
      '/my-matches',
      '/profile',
    ].map((path) => ({ path, element: <LocationProbe label={path} /> })),
  },
];

function renderAt(path: string, me: MockReply = signedIn, extra = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/me': me,
    'POST /api/auth/refresh': { status: 401 },
    ...extra,
  });
  const result = renderRoutes(routes, { path });
  return { ...result, fetchMock, user: userEvent.setup() };
}

const bottomNav = () => screen.getByRole('navigation', { name: 'Navegación principal' });

describe('AppLayout', () => {
  it('shows no bars to a signed-out visitor', async () => {
    renderAt('/help', signedOut);
    expect(await screen.findByText('Página: /help')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows no bars on /login and /register, even signed in', async () => {
    const { router, queryClient } = renderAt('/login');
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'me'])).toEqual(testUser));
    expect(screen.queryByRole('banner')).toBeNull();
    await router.navigate('/register');
    expect(await screen.findByText('Página: /register')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the top bar: logo, BETA, QA on localhost, help, and the capitalised username', async () => {
    // The title index.html gives the page.
    document.title = APP_TITLE;
    renderAt('/');
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    expect(within(bar).getByText('BETA')).toBeInTheDocument();
    expect(within(bar).getByText('QA')).toBeInTheDocument();
    expect(document.title).toBe(`[QA] ${APP_TITLE}`);
    expect(within(bar).getByRole('link', { name: 'Ayuda' })).toHaveAttribute('href', '/help');
    const profile = within(bar).getByRole('link', { name: 'Perfil de Lucia' });
    expect(profile).toHaveAttribute('href', '/profile');
    expect(profile).toHaveTextContent('Lucia');
  });

  it('opens the 198 px menu with the SPEC entries', async () => {
    const { user } = renderAt('/');
    await user.click(await screen.findByRole('button', { name: 'Menú' }));
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Inicio',
      'Ayuda',
      'Nueva Partida',
      'Mis Partidas',
      'Mazos',
      'Perfil',
      'Cerrar Sesión',
    ]);
    expect(items.slice(0, 6).map((i) => i.getAttribute('href'))).toEqual([
      '/',
      '/help',
      '/new-match',
      '/my-matches',
      '/decks',
      '/profile',
    ]);
    expect(getComputedStyle(menu.closest('.MuiPaper-root')!).width).toBe('198px');
  });

  it('logs out from the menu and goes to /login, even when the call fails', async () => {
    const { user, router, fetchMock } = renderAt('/', signedIn, { 'POST /api/auth/logout': { status: 500 } });
    await user.click(await screen.findByRole('button', { name: 'Menú' }));
    await user.click(screen.getByRole('menuitem', { name: 'Cerrar Sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls(fetchMock)).toContain('POST /api/auth/logout');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows the bottom bar with the current section marked', async () => {
    const { router } = renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Navegación principal' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Partidas' })).toHaveAttribute('href', '/my-matches');
    expect(within(nav).getByRole('button', { name: /^Notif/ })).toBeInTheDocument();

    await router.navigate('/torneos/general');
    await waitFor(() =>
      expect(within(bottomNav()).getByRole('link', { name: 'Torneos' })).toHaveAttribute(
        'aria-current',
        'page',
      ),
    );
    expect(within(bottomNav()).getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current');
  });

  it('shrinks the Nueva Partida button on /new-match', async () => {
    const { router } = renderAt('/');
    const fab = await screen.findByRole('link', { name: 'Nueva Partida' });
    expect(fab).toHaveAttribute('href', '/new-match');
    const big = getComputedStyle(fab).width;
    await router.navigate('/new-match');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Nueva Partida' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(getComputedStyle(screen.getByRole('link', { name: 'Nueva Partida' })).width).not.toBe(big);
  });

  it('pads the content for both bars only when they show', async () => {
    renderAt('/');
    await screen.findByRole('banner');
    const main = screen.getByRole('main');
    expect(getComputedStyle(main).paddingTop).toBe('64px');
    expect(getComputedStyle(main).paddingBottom).toBe('56px');
  });
});

describe('bottomSection', () => {
  it('maps paths to bar items; /profile sits on the bell', () => {
    expect(bottomSection('/')).toBe('inicio');
    expect(bottomSection('/torneos')).toBe('torneos');
    expect(bottomSection('/torneos/tiendas/3/resultados')).toBe('torneos');
    expect(bottomSection('/metagame')).toBe('torneos');
    expect(bottomSection('/torneosx')).toBe(null);
    expect(bottomSection('/my-matches')).toBe('partidas');
    expect(bottomSection('/notifications')).toBe('notif');
    expect(bottomSection('/profile')).toBe('notif');
    expect(bottomSection('/decks')).toBe(null);
  });
});
