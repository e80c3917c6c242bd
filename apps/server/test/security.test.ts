import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { decks } from '../src/db/schema/index';
import { buildTestApp, createUser, expectErrorShape, injectAs } from './helpers';

const { app, database } = await buildTestApp();

describe('security headers', () => {
  it('sends a Content-Security-Policy without inline scripts, nosniff and frame protection', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // The same on every answer: an error, a cached read.
    for (const url of ['/api/no-existe', '/api/auth/me']) {
      const other = await app.inject({ method: 'GET', url });
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
      ]) {
        expect(other.headers[name], `${url} ${name}`).toBe(res.headers[name]);
      }
    }
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends HSTS when cookies are secure', async () => {
    const secure = await buildTestApp({ cookieSecure: true });
    const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});

describe('origin check', () => {
  it('refuses a cross-site state-changing request and changes nothing', async () => {
    const user = await createUser(database);
    const [{ n: before }] = (await database.db.select({ n: count() }).from(decks)) as [{ n: number }];
    for (const headers of [
      { origin: 'https://evil.example', host: 'localhost:3000' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ]) {
      const res = await injectAs(app, user, {
        method: 'POST',
        url: '/api/decks',
        headers,
        payload: { name: 'Intruso', raza: 'Dragon' },
      });
      expect(res.statusCode).toBe(403);
      expectErrorShape(res.json());
      expect(res.json().message).toBe('Solicitud rechazada: origen no permitido');
    }
    const [{ n: after }] = (await database.db.select({ n: count() }).from(decks)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('accepts same-origin requests and safe methods from anywhere', async () => {
    const user = await createUser(database);
    const same = await injectAs(app, user, {
      method: 'POST',
      url: '/api/decks',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000', 'sec-fetch-site': 'same-origin' },
      payload: { name: 'Propio', raza: 'Dragon' },
    });
    expect(same.statusCode).toBe(201);
    const read = await injectAs(app, user, {
      method: 'GET',
      url: '/api/decks',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('login throttling', () => {
  it('blocks an account from an address after 10 failed sign-ins there with 429 and a Spanish message, even with the right password', async () => {
    const user = await createUser(database);
    for (let i = 0; i < 10; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.1',
        payload: { email: user.email, password: 'equivocada' },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.1',
      payload: { email: user.email.toUpperCase(), password: user.password },
    });
    expect(blocked.statusCode).toBe(429);
    expectErrorShape(blocked.json());
    expect(blocked.json().message).toBe(
      'Demasiados intentos. Por favor espera unos minutos e intenta nuevamente.',
    );
    const other = await createUser(database);
    const fine = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.1',
      payload: { email: other.email, password: other.password },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.77',
        payload: { email: `nadie${i}@example.com`, password: 'x' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
