import { vi, type Mock } from 'vitest';

export interface MockReply {
  status?: number;
  body?: unknown;
  /** Besides Content-Type (the lists page with X-Next-Cursor). */
  headers?: Record<string, string>;
}
export type MockHandler = (request: {
  url: URL;
  init: RequestInit;
  body: unknown;
}) => MockReply | Promise<MockReply>;

/** Calls the app makes around every screen while signed in (the notification bell). */
const BACKGROUND_ROUTES: Record<string, MockReply> = {
  'GET /api/notifications/count': { body: { count: 0 } },
  'GET /api/matches/pending': { body: [] },
  'GET /api/matches/rejected': { body: [] },
};

/**
 * Replaces fetch with a router of "METHOD /path" → reply. A handler given as an array answers
 * its replies in turn and then keeps repeating the last one. Unknown routes fail the test loudly.
 */
export function mockFetch(given: Record<string, MockHandler | MockReply | MockReply[]>): Mock {
  const routes = { ...BACKGROUND_ROUTES, ...given };
  const counters = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) throw new Error(`Unexpected request: ${key}`);
    let reply: MockReply;
    if (typeof route === 'function') {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      reply = await route({ url, init, body });
    } else if (Array.isArray(route)) {
      const n = counters.get(key) ?? 0;
      counters.set(key, n + 1);
      reply = route[Math.min(n, route.length - 1)]!;
    } else {
      reply = route;
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * A route whose answer waits until the test calls `answer()`: to see a screen while one of its
 * reads is still on its way.
 */
export function heldReply(reply: MockReply): { handler: MockHandler; answer: () => void } {
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  return {
    handler: async () => {
      await held;
      return reply;
    },
    answer,
  };
}

/** The "METHOD /path" of each call a fetch mock received, in order. */
export function calls(fetchMock: Mock): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

export const testUser = {
  id: 7,
  username: 'lucia',
  email: 'lucia@example.com',
  created_at: '2025-03-14T12:00:00.000Z',
  role: 'player' as const,
};

export const signedIn = { status: 200, body: { authenticated: true, user: testUser } };
/** The server's answer to a browser with no session (200 since issue 19). */
export const signedOut = { status: 200, body: { authenticated: false, user: null } };
/** Its answer to a token that no longer holds: the app refreshes, and is signed out if that fails. */
export const staleSession = { status: 401, body: { authenticated: false, user: null } };
