/** What the redirects need of the router: where it is, and a way to go elsewhere. */
export interface AppRouter {
  readonly state: { readonly location: { readonly pathname: string; readonly search: string } };
  navigate(to: string, options?: { state?: unknown }): unknown;
}

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
