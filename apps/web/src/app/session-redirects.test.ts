import { describe, expect, it, vi } from 'vitest';
import { sessionRedirects } from './session-redirects';

function fakeRouter(pathname: string, search = '') {
  return {
    state: { location: { pathname, search } },
    navigate: vi.fn(async () => {}),
  } as never as Parameters<typeof sessionRedirects>[0] & { navigate: ReturnType<typeof vi.fn> };
}

describe('sessionRedirects', () => {
  it('sends a 403 to /login', () => {
    const router = fakeRouter('/match/4');
    sessionRedirects(router).onForbidden();
    expect(router.navigate).toHaveBeenCalledWith('/login');
  });

  it('stays put on a 403 when already on /login', () => {
    const router = fakeRouter('/login');
    sessionRedirects(router).onForbidden();
    sessionRedirects(router).onSessionExpired();
    expect(router.navigate).not.toHaveBeenCalled();
  });

  it('sends an expired session to /login remembering the page', () => {
    const router = fakeRouter('/decks', '?x=1');
    sessionRedirects(router).onSessionExpired();
    expect(router.navigate).toHaveBeenCalledWith('/login', { state: { from: '/decks?x=1' } });
  });
});
