import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs } from './helpers';
import { body1v1, createPlayers } from './matches-factories';
import { createStore, PNG_BYTES, uploadLogo } from './community-factories';

const { app, database } = await buildTestApp();

interface Operation {
  method: string;
  path: string;
}

/** Every operation of the API, from its own OpenAPI document, so a new route cannot be missed. */
function operations(): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({ method: method.toUpperCase(), path })),
  );
}

describe('personal answers', () => {
  it('carry Cache-Control: private, no-store on every API operation, fresh and from the read cache', async () => {
    const [ana, beto] = await createPlayers(database, ['cacheana', 'cachebeto'] as const);
    const created = await injectAs(app, ana, {
      method: 'POST',
      url: '/api/matches',
      payload: body1v1(ana, beto),
    });
    expect(created.statusCode).toBe(201);
    const matchId = created.json().id as number;
    // The public summary of a match answers only for an approved one (docs/decisions/021).
    const shared = await injectAs(app, ana, {
      method: 'POST',
      url: '/api/matches',
      payload: body1v1(ana, beto),
    });
    const sharedId = shared.json().id as number;
    expect(
      (await injectAs(app, beto, { method: 'POST', url: `/api/matches/${sharedId}/approve` })).statusCode,
    ).toBe(200);
    const admin = await createUser(database, { role: 'admin' });
    const store = await createStore(app, admin);
    const logoUrl = (await uploadLogo(app, admin, store.id, 'image/png', PNG_BYTES)).json().logoUrl as string;
    const league = (
      await injectAs(app, admin, {
        method: 'POST',
        url: '/api/leagues',
        payload: { name: 'Liga privada', storeId: store.id, startDate: '2026-01-01' },
      })
    ).json().id as number;
    const tournament = (
      await injectAs(app, admin, {
        method: 'POST',
        url: '/api/tournaments',
        payload: { name: 'Torneo privado', storeId: store.id, type: 'swiss', startDate: '2026-12-05' },
      })
    ).json().id as number;
    /** An id that makes each path answer 200: the user, the deck, the store or the match it names. */
    const idFor = (path: string, name: string) =>
      name === 'opponentId'
        ? beto.id
        : name === 'userId' || path.startsWith('/api/users') || path.startsWith('/api/decks/user')
          ? ana.id
          : path.startsWith('/api/decks')
            ? ana.deck.id
            : path.startsWith('/api/stores')
              ? store.id
              : path.startsWith('/api/leagues')
                ? league
                : path.startsWith('/api/tournaments')
                  ? tournament
                  : path.startsWith('/api/public/matches')
                    ? sharedId
                    : matchId;
    /** The logo, read by <img> without a session, is the one answer caches may keep (for a year). */
    const LOGO_PATH = '/api/stores/{id}/logo';
    const url = (path: string) =>
      path === LOGO_PATH
        ? logoUrl
        : path.replace(/\{(\w+)\}/g, (_, name: string) => String(idFor(path, name))) +
          (path === '/api/users/search' ? '?q=cache' : '');

    const ops = operations();
    // The reads that depend on who asks are all there (including the cached ones).
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining([
        'GET /api/auth/me',
        'GET /api/decks',
        'GET /api/decks/user/{id}',
        'GET /api/notifications/count',
        'GET /api/matches/pending',
        'GET /api/matches/rejected',
        'GET /api/matches/me',
        'GET /api/matches/me/{id}',
        'GET /api/matches/all-approved',
        'GET /api/users/{id}/stats',
        'GET /api/rankings',
        'GET /api/stores/{id}/matches',
        'GET /api/users/{id}/standing',
        'POST /api/auth/login',
      ]),
    );
    const reads = ops.filter((o) => o.method === 'GET');
    const writes = ops.filter((o) => o.method !== 'GET');
    expect(writes.length).toBeGreaterThan(5);
    const seen: string[] = [];
    for (const op of reads) {
      // Twice: the second answer of a cached read comes from the read cache; then gzipped.
      for (const headers of [{}, {}, { 'accept-encoding': 'gzip' }]) {
        // The admin screens' reads answer 403 to a player: an admin asks them.
        const caller = op.path.startsWith('/api/admin/') ? admin : ana;
        const res = await injectAs(app, caller, { method: 'GET', url: url(op.path), headers });
        expect(res.headers['cache-control'], `${op.method} ${op.path} → ${res.statusCode}`).toBe(
          op.path === LOGO_PATH ? 'public, max-age=31536000, immutable' : 'private, no-store',
        );
        seen.push(`${op.path} ${res.statusCode}`);
      }
    }
    expect(seen.filter((s) => !s.endsWith(' 200'))).toEqual([]);
    for (const op of writes) {
      const payload =
        op.path === '/api/auth/login'
          ? { email: ana.email, password: ana.password }
          : op.path === '/api/auth/register'
            ? { username: 'cachecarla', email: 'cachecarla@example.com', password: 'secreto123' }
            : op.path === '/api/decks'
              ? { name: 'Mazo privado', raza: 'Titan' }
              : undefined;
      const res = await injectAs(app, beto, { method: op.method as 'POST', url: url(op.path), payload });
      expect(res.headers['cache-control'], `${op.method} ${op.path} → ${res.statusCode}`).toBe(
        'private, no-store',
      );
    }
  });

  it('also on a signed-out answer and an error', async () => {
    const me = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ authenticated: false, user: null });
    expect(me.headers['cache-control']).toBe('private, no-store');
    for (const url of ['/api/decks', '/api/no-existe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});
