import { describe, expect, it, vi } from 'vitest';
import { isExpiredLogin } from '../lib/login-state';
import { sessionRedirects } from './session-redirects';

function fakeRouter(pathname: string, search = '') {
  return {
    state: { location: { pathname, search } },
    navigate: vi.fn(async () => {}),
  } as never as Parameters<typeof sessionRedirects>[0] & { navigate: ReturnType<typeof vi.fn> };
}

describe('sessionRedirects', () => {
  it('has no 403 handler: a refusal is not the end of the session', () => {
    expect(Object.keys(sessionRedirects(fakeRouter('/match/4')))).toEqual(['onSessionExpired']);
  });

  it('stays put when the session ends on /login', () => {
    const router = fakeRouter('/login');
    sessionRedirects(router).onSessionExpired();
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('sends an expired session to /login remembering the page and saying why', () => {
    const router = fakeRouter('/decks', '?x=1');
    sessionRedirects(router).onSessionExpired();
    expect(router.navigate).toHaveBeenCalledWith('/login', { state: { from: '/decks?x=1', expired: true } });
    expect(isExpiredLogin({ from: '/decks', expired: true })).toBe(true);
    expect(isExpiredLogin({ from: '/decks' })).toBe(false);
    expect(isExpiredLogin(null)).toBe(false);
  });
});
