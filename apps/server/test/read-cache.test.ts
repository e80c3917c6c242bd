import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TMatch } from '@mitos/domain/matches';
import { ENTRY_BYTES } from '../src/cache/read-cache';
import { CHANGES_CHANNEL, encodeChanges } from '../src/changes/feed';
import { setUserRole } from '../src/users/repository';
import { buildApp } from '../src/app';
import { buildTestApp, createUser, injectAs, testConfig, type TestApp } from './helpers';
import { act, createPlayers, getJson, ids, recordMatch, type Player } from './matches-factories';
import { createSeason, thisYear } from './community-factories';

/**
 * The read cache must never show a player less than the database holds once their own request
 * has answered: every cached list, count and profile follows the writes that change it.
 */
let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;

beforeAll(async () => {
  // This file looks at the cache itself, unannounced writes included: no verify mode here.
  t = await buildTestApp({ readCacheVerify: false });
  [ana, bruno, carla] = await createPlayers(t.database, ['ana', 'bruno', 'carla'] as const);
});

const count = async (p: Player) =>
  (await getJson<{ count: number }>(t.app, p, '/api/notifications/count')).count;
const list = async (p: Player, url: string) => ids(await getJson<TMatch[]>(t.app, p, url));

describe('read cache', () => {
  it('counts its hits and misses for an admin at /api/admin/metrics', async () => {
    const admin = await createUser(t.database, { username: 'metricas', role: 'admin' });
    const metrics = async () => {
      const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/metrics' });
      expect(res.statusCode).toBe(200);
      const body = res.json<{
        readCache: { hits: number; misses: number; joined: number; hitRate: number | null };
        eventLoop: { windowSeconds: number };
        process: { heapTotalBytes: number; heapUsedBytes: number };
      }>();
      // The process's event loop and V8 heap are reported beside the cache (issue 19).
      expect(body.eventLoop.windowSeconds).toBe(10);
      expect(body.process.heapUsedBytes).toBeGreaterThan(0);
      expect(body.process.heapTotalBytes).toBeGreaterThanOrEqual(body.process.heapUsedBytes);
      return body.readCache;
    };
    const before = await metrics();
    await count(carla); // read: a miss
    await count(carla); // answered from the cache: a hit
    const after = await metrics();
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses - before.misses).toBe(1);
    expect(after.hitRate).toBeCloseTo(
      (after.hits + after.joined) / (after.hits + after.joined + after.misses),
    );
  });

  it('answers a repeated read byte for byte as the first, with the same headers', async () => {
    await recordMatch(t.app, ana, ana, bruno);
    await recordMatch(t.app, ana, ana, bruno);
    const first = await injectAs(t.app, bruno, { method: 'GET', url: '/api/matches/pending?limit=1' });
    const again = await injectAs(t.app, bruno, { method: 'GET', url: '/api/matches/pending?limit=1' });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['x-next-cursor']).toBeDefined();
    expect(again.headers['x-next-cursor']).toBe(first.headers['x-next-cursor']);
    // Another page, another player: answers of their own.
    const all = await injectAs(t.app, bruno, { method: 'GET', url: '/api/matches/pending?limit=10' });
    expect(all.json<TMatch[]>().length).toBeGreaterThan(1);
    expect(await list(carla, '/api/matches/pending')).toEqual([]);
  });

  it('sends larger answers gzipped, compressed once, to clients that accept it', async () => {
    for (let i = 0; i < 3; i++) await recordMatch(t.app, bruno, bruno, carla);
    const url = '/api/matches/me';
    const plain = await injectAs(t.app, bruno, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBeGreaterThan(1024);
    for (let i = 0; i < 2; i++) {
      const zipped = await injectAs(t.app, bruno, {
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 3);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    const refused = await injectAs(t.app, bruno, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip;q=0, *' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // A small answer goes as it is.
    const count = await injectAs(t.app, bruno, {
      method: 'GET',
      url: '/api/notifications/count',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(count.headers['content-encoding']).toBeUndefined();
  });

  it('keeps a larger answer gzipped only, and inflates it for a client that refuses gzip', async () => {
    const admin = await createUser(t.database, { username: 'memoria', role: 'admin' });
    const cached = async () => {
      const res = await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/metrics' });
      return res.json<{ readCache: { bytes: number; entries: number } }>().readCache;
    };
    // Players of its own: the tests below count ana's, bruno's and carla's matches.
    const [dora, elio] = await createPlayers(t.database, ['dora', 'elio'] as const);
    for (let i = 0; i < 3; i++) await recordMatch(t.app, dora, dora, elio);
    const url = '/api/matches/me?limit=50';
    const before = await cached();
    // A client that refuses gzip reads it first: the cache still keeps the compressed bytes.
    const plain = await injectAs(t.app, dora, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const after = await cached();
    expect(after.entries).toBe(before.entries + 1);
    // The key and the entry's bookkeeping aside, the compressed size: not the JSON's, nor both.
    expect(after.bytes - before.bytes - ENTRY_BYTES).toBeLessThan(plain.body.length / 3);
    // Served from the cache, the same JSON to both kinds of client.
    const again = await injectAs(t.app, dora, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'identity' },
    });
    expect(again.body).toBe(plain.body);
    const zipped = await injectAs(t.app, dora, {
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect((await cached()).entries).toBe(after.entries);
  });

  it('follows every change of a match in the lists and counts of everyone it touches', async () => {
    const before = {
      pending: await list(carla, '/api/matches/pending'),
      own: await list(ana, '/api/matches/me'),
      approved: await list(carla, '/api/matches/all-approved'),
      count: await count(carla),
    };
    const match = await recordMatch(t.app, ana, ana, carla);
    expect(await list(carla, '/api/matches/pending')).toEqual([match.id, ...before.pending]);
    expect(await list(ana, '/api/matches/me')).toEqual([match.id, ...before.own]);
    expect(await count(carla)).toBe(before.count + 1);

    expect((await act(t.app, carla, match.id, 'approve')).statusCode).toBe(200);
    expect(await list(carla, '/api/matches/pending')).toEqual(before.pending);
    expect(await count(carla)).toBe(before.count);
    expect(await list(carla, '/api/matches/all-approved')).toEqual([match.id, ...before.approved]);
    // Another player's cached copy of the home list follows too.
    expect((await list(bruno, '/api/matches/all-approved'))[0]).toBe(match.id);

    const rejected = await recordMatch(t.app, ana, ana, carla);
    expect(await list(ana, '/api/matches/rejected')).toEqual([]);
    expect((await act(t.app, carla, rejected.id, 'reject')).statusCode).toBe(200);
    expect(await list(ana, '/api/matches/rejected')).toEqual([rejected.id]);
    expect(await count(ana)).toBe(1);
    expect((await act(t.app, ana, rejected.id, 'close-rejected')).statusCode).toBe(200);
    expect(await list(ana, '/api/matches/rejected')).toEqual([]);
    expect(await count(ana)).toBe(0);
  });

  it('follows deck changes in the player’s deck lists', async () => {
    const mine = async () =>
      (await getJson<{ name: string }[]>(t.app, bruno, '/api/decks')).map((d) => d.name);
    const theirs = async () =>
      (await getJson<{ name: string }[]>(t.app, ana, `/api/decks/user/${bruno.id}`)).map((d) => d.name);
    const start = await mine();
    expect(await theirs()).toEqual(start);
    const created = await injectAs(t.app, bruno, {
      method: 'POST',
      url: '/api/decks',
      payload: { name: 'Mazo cacheado', raza: 'Dragon' },
    });
    expect(created.statusCode).toBe(201);
    expect(await mine()).toContain('Mazo cacheado');
    expect(await theirs()).toContain('Mazo cacheado');
    const id = created.json<{ id: number }>().id;
    await injectAs(t.app, bruno, {
      method: 'PUT',
      url: `/api/decks/${id}`,
      payload: { name: 'Renombrado', raza: 'Dragon' },
    });
    expect(await mine()).toContain('Renombrado');
    await injectAs(t.app, bruno, { method: 'DELETE', url: `/api/decks/${id}` });
    expect(await mine()).toEqual(start);
  });

  it('follows an account change announced by another process (a role given from the command line)', async () => {
    const me = async () =>
      (await getJson<{ user: { role: string } }>(t.app, carla, '/api/auth/me')).user.role;
    expect(await me()).toBe('player');
    await setUserRole(t.database.db, carla.username, 'tournament_admin');
    // Not announced: the cached profile still stands (this is why the CLI announces it).
    expect(await me()).toBe('player');
    for (const payload of encodeChanges({ users: [carla.id] }))
      await t.database.notify(CHANGES_CHANNEL, payload);
    await expect.poll(me, { timeout: 2_000 }).toBe('tournament_admin');
  });

  it('answers every cached read once, with nothing for the log to warn about', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig(),
      database: t.database,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      for (const url of ['/api/auth/me', '/api/decks', '/api/notifications/count', '/api/matches/pending']) {
        for (let i = 0; i < 2; i++) {
          const res = await injectAs(app, ana, { method: 'GET', url });
          expect(res.statusCode, url).toBe(200);
        }
      }
      expect(lines).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('answers a signed-out or unknown session as such, never from the cache', async () => {
    const signedOut = await injectAs(t.app, null, { method: 'GET', url: '/api/auth/me' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ authenticated: false, user: null });
    const unknown = await injectAs(t.app, null, {
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer basura' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ authenticated: false, user: null });
    expect((await injectAs(t.app, null, { method: 'GET', url: '/api/matches/pending' })).statusCode).toBe(
      401,
    );
  });

  it('keeps the answers that show no count through an approval that counts, and drops the rankings and the metagame', async () => {
    await createSeason(t.database, { name: 'Temporada de la caché', ...thisYear() });
    const [dario, erika] = await createPlayers(t.database, ['dario', 'erika'] as const);
    // Someone else's answers, read once before the approval.
    const elsewhere = ['/api/matches/me', `/api/users/${erika.id}/statistics`, '/api/matches/pending'];
    const counted = ['/api/rankings', '/api/metagame'];
    for (const url of [...elsewhere, ...counted]) await getJson(t.app, erika, url);
    const metagame = await getJson<{ matches: number }>(t.app, erika, '/api/metagame');
    const match = await recordMatch(t.app, dario, dario, ana);
    await act(t.app, ana, match.id, 'approve');
    const before = t.app.ctx.cache.stats;
    for (const url of elsewhere) await getJson(t.app, erika, url);
    const afterElsewhere = t.app.ctx.cache.stats;
    expect(afterElsewhere.hits - before.hits).toBe(elsewhere.length);
    expect(afterElsewhere.misses - before.misses).toBe(0);
    for (const url of counted) await getJson(t.app, erika, url);
    expect(t.app.ctx.cache.stats.misses - afterElsewhere.misses).toBe(counted.length);
    expect((await getJson<{ matches: number }>(t.app, erika, '/api/metagame')).matches).toBe(
      metagame.matches + 1,
    );
  });
});
