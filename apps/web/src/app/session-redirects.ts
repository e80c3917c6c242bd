import type { LoginState } from '../lib/login-state';

/** What the redirects need of the router: where it is, and a way to go elsewhere. */
export interface AppRouter {
  readonly state: { readonly location: { readonly pathname: string; readonly search: string } };
  navigate(to: string, options?: { state?: unknown }): unknown;
}

/**
 * Where the API client sends the user when the session ends: /login, unless already there,
 * remembering the page so login returns to it and saying the session expired. A 403 is not a
 * session end: the screen that asked shows the refusal (issue 14 item 2).
 */
export function sessionRedirects(router: AppRouter) {
  return {
    onSessionExpired() {
      if (router.state.location.pathname === '/login') return;
      const { pathname, search } = router.state.location;
      const state: LoginState = { from: `${pathname}${search}`, expired: true };
      void router.navigate('/login', { state });
    },
  };
}
