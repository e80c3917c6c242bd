import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, createUser } from './helpers';
import { get, post, startServer } from './process-helpers';

/** Whether an answer tells the browser it came over HTTPS: HSTS, upgrade-insecure-requests, Secure cookies. */
function httpsMarks(res: LightMyRequestResponse) {
  return {
    hsts: res.headers['strict-transport-security'] !== undefined,
    upgrade: String(res.headers['content-security-policy']).includes('upgrade-insecure-requests'),
    secureCookies: res.cookies.length > 0 && res.cookies.every((c) => c.secure === true),
  };
}

const PLAIN = { hsts: false, upgrade: false, secureCookies: false };
const HTTPS = { hsts: true, upgrade: true, secureCookies: true };

async function marksOf(
  overrides: Parameters<typeof buildTestApp>[0],
  headers: Record<string, string> = {},
): Promise<{ login: ReturnType<typeof httpsMarks>; docs: boolean }> {
  const { app, database } = await buildTestApp(overrides);
  const user = await createUser(database);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: user.email, password: user.password },
  });
  expect(login.statusCode).toBe(200);
  const docs = await app.inject({ method: 'GET', url: '/api/docs/', headers });
  expect(docs.statusCode).toBe(200);
  const docsCsp = String(docs.headers['content-security-policy']);
  // The documentation page keeps its own policy (hashes of its inline code), whatever the scheme.
  expect(docsCsp).toContain("script-src-attr 'none'");
  return { login: httpsMarks(login), docs: docsCsp.includes('upgrade-insecure-requests') };
}

describe('HTTPS marks follow the real scheme, never the bind address', () => {
  it('plain HTTP by default, on any host: no Secure cookie, no HSTS, no upgrade-insecure-requests', async () => {
    expect(await marksOf({ host: '0.0.0.0', cookieSecure: null })).toEqual({ login: PLAIN, docs: false });
  });

  it('behind a trusted proxy, X-Forwarded-Proto decides for each request', async () => {
    const behindProxy = { host: '0.0.0.0', cookieSecure: null, trustProxy: true };
    expect(await marksOf(behindProxy, { 'x-forwarded-proto': 'https' })).toEqual({
      login: HTTPS,
      docs: true,
    });
    expect(await marksOf(behindProxy, { 'x-forwarded-proto': 'http' })).toEqual({
      login: PLAIN,
      docs: false,
    });
  });

  it('an X-Forwarded-Proto nobody vouches for (TRUST_PROXY off) changes nothing', async () => {
    expect(await marksOf({ cookieSecure: null }, { 'x-forwarded-proto': 'https' })).toEqual({
      login: PLAIN,
      docs: false,
    });
  });

  it('COOKIE_SECURE decides when set', async () => {
    expect(await marksOf({ cookieSecure: true })).toEqual({ login: HTTPS, docs: true });
    expect(
      await marksOf({ cookieSecure: false, trustProxy: true }, { 'x-forwarded-proto': 'https' }),
    ).toEqual({
      login: PLAIN,
      docs: false,
    });
  });
});

describe('a store serving the app on its own network (HOST=0.0.0.0, plain HTTP)', () => {
  it('says at start where the app is and that cookies are not Secure, and signs in over http', async () => {
    const server = await startServer({ HOST: '0.0.0.0', DATABASE_URL: 'memory://', LOG_LEVEL: 'info' });
    try {
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('App reachable at'));
      expect(line).toContain(`http://127.0.0.1:${server.port}`);
      expect(line).toContain('session cookies are not Secure');
      await post(`${server.url}/api/auth/register`, null, {
        username: 'tiendalan',
        email: 'tiendalan@example.com',
        password: 'secreto123',
      });
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'tiendalan@example.com', password: 'secreto123' }),
      });
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      expect(cookies.length).toBe(2);
      for (const cookie of cookies) expect(cookie).not.toMatch(/;\s*secure/i);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      const me = await fetch(`${server.url}/api/auth/me`, {
        headers: { cookie: cookies.map((c) => c.split(';')[0]).join('; ') },
      });
      expect(me.status).toBe(200);
      expect((await get(`${server.url}/api/health`, null)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});
