import type { createBrowserRouter } from 'react-router';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'state' | 'navigate'>;

/**
 * Where the API client sends the user when the session ends: /login, unless already there.
 * An expired session remembers the page so login returns to it; a 403 does not, since going
 * back would only be refused again.
 */
export function sessionRedirects(router: AppRouter) {
  const atLogin = () => router.state.location.pathname === '/login';
  return {
    onSessionExpired() {
      if (atLogin()) return;
      const { pathname, search } = router.state.location;
      void router.navigate('/login', { state: { from: `${pathname}${search}` } });
    },
    onForbidden() {
      if (!atLogin()) void router.navigate('/login');
    },
  };
}
