import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { sessions, users } from '../src/db/schema/index';
import { issueAccessToken, verifyAccessToken } from '../src/auth/tokens';
import { TEST_SECRET, buildTestApp, cookieHeader, createUser, expectErrorShape } from './helpers';

const { app, database } = await buildTestApp();

function register(body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
}
function login(email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

describe('POST /api/auth/register', () => {
  it('creates a player with a hashed password and opens no session', async () => {
    const res = await register({ username: 'Lautaro', email: 'Lautaro@Example.com', password: 'secreto1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.user).toMatchObject({ username: 'Lautaro', email: 'lautaro@example.com', role: 'player' });
    expect(typeof body.user.id).toBe('number');
    expect(JSON.stringify(body)).not.toMatch(/argon|hash/i);
    expect(res.cookies).toHaveLength(0);
    const [row] = await database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    [
      { username: 'ab', email: 'a@b.co', password: 'secreto1' },
      'El nombre de usuario debe tener al menos 3 caracteres',
    ],
    [{ username: 'abc', email: 'no-es-email', password: 'secreto1' }, 'Por favor ingresa un email válido'],
    [
      { username: 'abc', email: 'a@b.co', password: '12345' },
      'La contraseña debe tener al menos 6 caracteres',
    ],
  ])('refuses %j with the SPEC message', async (body, message) => {
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expectErrorShape(json);
    expect(json.message).toBe(message);
    expect(Object.values(json.errors ?? {}).flat()).toContain(message);
  });

  it('refuses a username or email taken in another case with 409', async () => {
    await register({ username: 'Martina', email: 'martina@example.com', password: 'secreto1' });
    const sameName = await register({ username: 'MARTINA', email: 'otra@example.com', password: 'secreto1' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('El nombre de usuario ya está en uso');
    const sameEmail = await register({
      username: 'Martina2',
      email: 'MARTINA@example.com',
      password: 'secreto1',
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('El email ya está registrado');
  });

  it('refuses unknown fields, missing fields and non-JSON bodies', async () => {
    const extra = await register({
      username: 'Ramiro',
      email: 'r@example.com',
      password: 'secreto1',
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
    expectErrorShape(extra.json());
    const missing = await register({ username: 'Ramiro' });
    expect(missing.statusCode).toBe(400);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('El cuerpo de la solicitud no es un JSON válido');
    const count = await database.db.select().from(users).where(eq(users.username, 'Ramiro'));
    expect(count).toHaveLength(0);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in by email ignoring case, with httpOnly SameSite=Lax cookies and a token', async () => {
    const user = await createUser(database, { email: 'valen@example.com' });
    const res = await login('VALEN@example.com', user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user: { id: user.id, email: 'valen@example.com' } });
    expect(verifyAccessToken(body.user.token, TEST_SECRET)?.sub).toBe(user.id);
    const access = res.cookies.find((c) => c.name === 'access_token')!;
    const refresh = res.cookies.find((c) => c.name === 'refresh_token')!;
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(access.maxAge).toBeLessThanOrEqual(15 * 60);
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(refresh.maxAge).toBe(30 * 24 * 60 * 60);
    const stored = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toBe(refresh.value);
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await createUser(database);
    const wrong = await login(user.email, 'otra-clave');
    const unknown = await login('nadie@example.com', 'otra-clave');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'Email o contraseña incorrectos' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('refuses a malformed email with the SPEC message', async () => {
    for (const email of ['sin-arroba', 'a\u0000b@example.com']) {
      const res = await login(email, 'x');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Por favor ingresa un email válido');
    }
  });
});

describe('GET /api/auth/me', () => {
  it('answers 200 {authenticated:false,user:null} to a browser with no session at all', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ authenticated: false, user: null });
  });

  it('answers 401 {authenticated:false,user:null} to a token that does not hold, so the app refreshes', async () => {
    for (const headers of [
      { authorization: 'Bearer basura' },
      { cookie: 'access_token=v1.x.y' },
      // The access cookie gone (its max-age passed), the refresh cookie still there.
      { cookie: 'refresh_token=algo' },
    ]) {
      const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ authenticated: false, user: null });
    }
  });

  it('accepts the cookie or a bearer token, and refuses an expired one', async () => {
    const user = await createUser(database);
    const res = await login(user.email, user.password);
    const byCookie = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: cookieHeader(res) },
    });
    expect(byCookie.json()).toMatchObject({ authenticated: true, user: { id: user.id, email: user.email } });
    const byBearer = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${res.json().user.token}` },
    });
    expect(byBearer.statusCode).toBe(200);
    const expired = issueAccessToken(
      { sub: user.id, role: 'player', fam: 'x' },
      TEST_SECRET,
      Date.now() - 16 * 60_000,
    );
    const late = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(late.statusCode).toBe(401);
    const forged = issueAccessToken(
      { sub: user.id, role: 'admin', fam: 'x' },
      'otro-secreto-otro-secreto-otro-secreto-1234',
    );
    const bad = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh and logout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function refreshWith(token: string) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `refresh_token=${token}` },
    });
  }
  function refreshCookie(res: { cookies: { name: string; value: string }[] }): string {
    return res.cookies.find((c) => c.name === 'refresh_token')!.value;
  }
  async function revokedInFamilyOf(userId: number): Promise<number> {
    const rows = await database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNotNull(sessions.revokedAt)));
    return rows.length;
  }

  it('rotates the refresh token and revokes the whole family when an old one is presented after the grace window', async () => {
    // A controllable clock (only Date is faked): no sleeping.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await createUser(database);
    const first = await login(user.email, user.password);
    const firstToken = refreshCookie(first);
    const second = await refreshWith(firstToken);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ success: true });
    const secondToken = refreshCookie(second);
    expect(secondToken).not.toBe(firstToken);
    expect(second.cookies.find((c) => c.name === 'access_token')?.value).toBeTruthy();

    vi.setSystemTime(Date.now() + 31_000);
    const reuse = await refreshWith(firstToken);
    expect(reuse.statusCode).toBe(401);
    expectErrorShape(reuse.json());
    // The thief's reuse also ends the legitimate holder's newer token.
    const after = await refreshWith(secondToken);
    expect(after.statusCode).toBe(401);
    expect(await revokedInFamilyOf(user.id)).toBe(2);
  });

  it('answers simultaneous refreshes with one token with the same successor, and keeps the session', async () => {
    const user = await createUser(database);
    const res = await login(user.email, user.password);
    const token = refreshCookie(res);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => refreshWith(token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(results.map(refreshCookie));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as [string];
    expect(successor).not.toBe(token);
    for (const r of results) {
      const access = r.cookies.find((c) => c.name === 'access_token')!.value;
      expect(verifyAccessToken(access, TEST_SECRET)?.sub).toBe(user.id);
    }
    expect(await revokedInFamilyOf(user.id)).toBe(0);
    // The shared successor goes on rotating as usual.
    const next = await refreshWith(successor);
    expect(next.statusCode).toBe(200);
    expect(await revokedInFamilyOf(user.id)).toBe(0);
  });

  it('within the grace window an old token leads to the newest successor, after it to a revoked family', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const user = await createUser(database);
    const t0 = refreshCookie(await login(user.email, user.password));
    const t1 = refreshCookie(await refreshWith(t0));
    vi.setSystemTime(Date.now() + 10_000);
    const t2 = refreshCookie(await refreshWith(t1));
    vi.setSystemTime(Date.now() + 19_000);
    // t0 was rotated 29 s ago: it answers t2, the token now current, and rotates nothing.
    const late = await refreshWith(t0);
    expect(late.statusCode).toBe(200);
    expect(refreshCookie(late)).toBe(t2);
    expect(await revokedInFamilyOf(user.id)).toBe(0);
    vi.setSystemTime(Date.now() + 2_000);
    // Now 31 s: a copy.
    expect((await refreshWith(t0)).statusCode).toBe(401);
    expect((await refreshWith(t2)).statusCode).toBe(401);
    expect(await revokedInFamilyOf(user.id)).toBe(3);
  });

  it('refuses a refresh without a token or with an unknown one', async () => {
    const none = await app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: 'refresh_token=abc' },
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('logout revokes the refresh token, clears cookies, and answers 200 even when signed out', async () => {
    const user = await createUser(database);
    const res = await login(user.email, user.password);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: cookieHeader(res), 'content-type': 'application/json' },
      payload: '',
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.every((c) => c.value === '' || (c.maxAge ?? 1) <= 0 || c.expires)).toBe(true);
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: cookieHeader(res) },
    });
    expect(refresh.statusCode).toBe(401);
    const anonymous = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(anonymous.statusCode).toBe(200);
  });
});
