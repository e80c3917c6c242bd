import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import type { TPushDevice, TPushPreferences } from '@mitos/domain/push';
import type { TMatch } from '@mitos/domain/matches';
import { buildApp } from '../src/app';
import { openDatabase, queryRows } from '../src/db/client';
import { WebPushSender } from '../src/push/sender';
import {
  buildTestApp,
  createUser,
  expectErrorShape,
  injectAs,
  testConfig,
  TEST_VAPID,
  type TestUser,
} from './helpers';
import { act, body2v2, createPlayer, postMatch, recordMatch } from './matches-factories';
import { createStore } from './community-factories';
import { tournamentApi } from './tournament-factories';

const { app, database } = await buildTestApp();
const sender = app.ctx.push as WebPushSender;

// ---------------------------------------------------------------------------------------------
// A push service on 127.0.0.1: it checks what a real one checks (the VAPID signature) and, as the
// browser would, decrypts the payload with the subscriber's keys (RFC 8291 over RFC 8188).
// ---------------------------------------------------------------------------------------------

interface Delivery {
  path: string;
  headers: IncomingMessage['headers'];
  payload: unknown;
}

const delivered: Delivery[] = [];
/** Paths the service answers with another status (410: the subscription is gone). */
const answers = new Map<string, number>();
/** The subscriber's keys of each path, as the browser keeps them. */
const subscribers = new Map<string, { ecdh: ECDH; auth: Buffer }>();

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** Verifies the ES256 JWT of a `vapid t=…, k=…` header against the key it names; answers its claims. */
function verifyVapid(header: string | undefined, origin: string): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  expect(k).toBe(TEST_VAPID.publicKey);
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed, 'VAPID signature').toBe(true);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  expect(claims.aud).toBe(origin);
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  expect(claims.sub).toBe('mailto:admin@mitos.local');
  return claims;
}

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, decrypted with the subscriber's keys. */
function decrypt(body: Buffer, subscriber: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  const ecdhSecret = subscriber.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscriber.ecdh.getPublicKey(),
    serverPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 followed by any number of zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

const pushService = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const path = request.url ?? '';
    try {
      const subscriber = subscribers.get(path);
      if (!subscriber) throw new Error(`unknown subscription ${path}`);
      expect(request.method).toBe('POST');
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      verifyVapid(request.headers.authorization, origin);
      const payload: unknown = JSON.parse(decrypt(Buffer.concat(chunks), subscriber));
      delivered.push({ path, headers: request.headers, payload });
      response.writeHead(answers.get(path) ?? 201).end();
    } catch (err) {
      delivered.push({ path, headers: request.headers, payload: { error: String(err) } });
      response.writeHead(400).end();
    }
  });
});
await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => pushService.close(() => resolve())));

let sequence = 0;

/** A browser's subscription: fresh P-256 keys and auth secret, an endpoint on the local service. */
function newSubscription(path = `/push/${++sequence}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  subscribers.set(path, { ecdh, auth });
  return {
    endpoint: `${origin}${path}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: b64url(auth) },
    path,
  };
}

async function subscribe(user: TestUser, path?: string) {
  const { path: at, ...body } = newSubscription(path);
  const res = await injectAs(app, user, {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: { ...body, device: 'Chrome en Android' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, path: at };
}

const deliveredTo = (path: string) => delivered.filter((d) => d.path === path);

function subscriptionRows() {
  return queryRows<{ endpoint: string; user_id: number; last_sent_at: unknown }>(
    database.db,
    sql`select endpoint, user_id, last_sent_at from push_subscriptions order by id`,
  );
}

beforeEach(() => {
  delivered.length = 0;
});

describe('Web Push', () => {
  it('gives the VAPID public key to anyone', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: TEST_VAPID.publicKey });
  });

  it('pushes a recorded match to the players who must approve it, encrypted and signed, never to its recorder', async () => {
    const recorder = await createPlayer(database, { username: 'registrador' });
    const rival = await createPlayer(database);
    const recorderDevice = await subscribe(recorder);
    const rivalDevice = await subscribe(rival);

    const match = await recordMatch(app, recorder, recorder, rival);
    await sender.drain();

    expect(deliveredTo(recorderDevice.path)).toEqual([]);
    const [push] = deliveredTo(rivalDevice.path);
    expect(push?.payload).toEqual({
      title: 'Partida pendiente de aprobación',
      body: MSG.pushPendingBody('registrador'),
      url: `/match/${match.id}`,
      tag: `match-${match.id}`,
    });
    expect(push?.headers.urgency).toBe('high');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    const rows = await subscriptionRows();
    expect(rows.find((r) => r.endpoint === rivalDevice.endpoint)?.last_sent_at).not.toBeNull();
    expect(rows.find((r) => r.endpoint === recorderDevice.endpoint)?.last_sent_at).toBeNull();
  });

  it('sends nothing of a kind the player turned off, and keeps their other settings', async () => {
    const recorder = await createPlayer(database);
    const rival = await createPlayer(database);
    const device = await subscribe(rival);
    await database.db.execute(
      sql`insert into user_settings (user_id, public_matches) values (${rival.id}, false)`,
    );
    const defaults = await injectAs(app, recorder, { method: 'GET', url: '/api/push/preferences' });
    expect(defaults.json()).toEqual({ approval: true, rejected: true, announcement: true, reminder: true });

    const choices: TPushPreferences = {
      approval: false,
      rejected: true,
      announcement: false,
      reminder: true,
    };
    const saved = await injectAs(app, rival, {
      method: 'PUT',
      url: '/api/push/preferences',
      payload: choices,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await injectAs(app, rival, { method: 'GET', url: '/api/push/preferences' });
    expect(read.json()).toEqual(choices);
    const settings = await queryRows(
      database.db,
      sql`select public_matches from user_settings where user_id = ${rival.id}`,
    );
    expect(settings).toEqual([{ public_matches: false }]);

    await recordMatch(app, recorder, recorder, rival);
    app.ctx.push.notify([rival.id], 'announcement', { title: 'x', body: 'y', url: '/' });
    app.ctx.push.notify([rival.id], 'reminder', { title: 'Recordatorio', body: 'z', url: '/notifications' });
    await sender.drain();
    expect(deliveredTo(device.path).map((d) => d.payload)).toEqual([
      { title: 'Recordatorio', body: 'z', url: '/notifications' },
    ]);
    expect(deliveredTo(device.path)[0]?.headers.urgency).toBe('normal');
  });

  it('forgets a subscription the push service says is gone (410, 404), and keeps one that failed otherwise', async () => {
    const user = await createUser(database);
    const gone = await subscribe(user);
    const missing = await subscribe(user);
    const failing = await subscribe(user);
    const working = await subscribe(user);
    answers.set(gone.path, 410);
    answers.set(missing.path, 404);
    answers.set(failing.path, 500);

    app.ctx.push.notify([user.id], 'reminder', { title: 'Recordatorio', body: 'Tenés partidas', url: '/' });
    await sender.drain();

    expect(new Set(delivered.map((d) => d.path))).toEqual(
      new Set([gone.path, missing.path, failing.path, working.path]),
    );
    const devices = await injectAs(app, user, { method: 'GET', url: '/api/push/subscriptions' });
    expect(devices.json<TPushDevice[]>()).toHaveLength(2);
    const endpoints = (await subscriptionRows()).filter((r) => r.user_id === user.id).map((r) => r.endpoint);
    expect(endpoints).toEqual([failing.endpoint, working.endpoint]);
  });

  it('keeps one row per device: an endpoint subscribed again moves to whoever is signed in', async () => {
    const first = await createUser(database);
    const second = await createUser(database);
    const device = await subscribe(first, '/push/shared-phone');
    await subscribe(second, '/push/shared-phone');
    const owners = (await subscriptionRows()).filter((r) => r.endpoint === device.endpoint);
    expect(owners.map((r) => r.user_id)).toEqual([second.id]);

    app.ctx.push.notify([first.id], 'reminder', { title: 'a', body: 'b', url: '/' });
    await sender.drain();
    expect(deliveredTo(device.path)).toEqual([]);
  });

  it('removes only the user’s own subscription', async () => {
    const owner = await createUser(database);
    const other = await createUser(database);
    const device = await subscribe(owner);

    const refused = await injectAs(app, other, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(MSG.pushSubscriptionNotFound);
    expect((await subscriptionRows()).some((r) => r.endpoint === device.endpoint)).toBe(true);

    const removed = await injectAs(app, owner, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: device.endpoint },
    });
    expect(removed.statusCode).toBe(200);
    expect((await subscriptionRows()).some((r) => r.endpoint === device.endpoint)).toBe(false);
  });

  it('refuses bad subscriptions and preferences with Spanish messages, and signed-out callers', async () => {
    const user = await createUser(database);
    const good = newSubscription();
    const cases: [unknown, string][] = [
      [{ ...good, endpoint: 'http://push.example.com/x' }, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: 'no es una url' }, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: 'https://user:pw@push.example.com/x' }, MSG.pushEndpointInvalid],
      [{ ...good, endpoint: 'https://push.example.com/x' }, MSG.pushEndpointInvalid],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, MSG.pushKeyInvalid],
      [{ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, MSG.pushKeyInvalid],
      [{ ...good, keys: { ...good.keys, auth: 'corto' } }, MSG.pushKeyInvalid],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth.slice(1)}+` } }, MSG.pushKeyInvalid],
      [{ endpoint: good.endpoint }, MSG.pushKeyInvalid],
      [{ ...good, device: 'x'.repeat(101) }, MSG.pushDeviceMax],
    ];
    for (const [payload, message] of cases) {
      const { path: _path, ...body } = payload as ReturnType<typeof newSubscription>;
      const res = await injectAs(app, user, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const answer: unknown = res.json();
      expectErrorShape(answer);
      expect(answer.message, JSON.stringify(payload)).toBe(message);
    }
    const { path: _path, ...body } = good;
    expect(
      (await app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: body })).statusCode,
    ).toBe(401);
    const badChoices = await injectAs(app, user, {
      method: 'PUT',
      url: '/api/push/preferences',
      payload: { approval: 'sí', rejected: true, announcement: true, reminder: true },
    });
    expect(badChoices.statusCode).toBe(400);
    expect(badChoices.json().message).toBe(MSG.pushPreferencesInvalid);
    const missing = await injectAs(app, user, {
      method: 'PUT',
      url: '/api/push/preferences',
      payload: { approval: false },
    });
    expect(missing.statusCode).toBe(400);
    expect((await subscriptionRows()).some((r) => r.user_id === user.id)).toBe(false);
    expect(
      (await injectAs(app, user, { method: 'GET', url: '/api/push/preferences' })).json<TPushPreferences>()
        .approval,
    ).toBe(true);
  });

  it('pushes a rejection to the recorder and the players who approved, not to the rejecter nor who had not answered', async () => {
    const [recorder, partner, rejecter, quiet] = await Promise.all(
      ['a', 'b', 'c', 'd'].map(() => createPlayer(database)),
    );
    const devices = await Promise.all([recorder!, partner!, rejecter!, quiet!].map((p) => subscribe(p)));
    const created = await postMatch(
      app,
      recorder!,
      body2v2([recorder!, partner!], [rejecter!, quiet!], { team1_score: 2, team2_score: 1 }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const match = created.json<TMatch>();
    expect((await act(app, partner!, match.id, 'approve')).statusCode).toBe(200);
    await sender.drain();
    delivered.length = 0;

    expect((await act(app, rejecter!, match.id, 'reject')).statusCode).toBe(200);
    await sender.drain();

    const rejected = {
      title: 'Partida rechazada',
      body: MSG.pushRejectedBody(rejecter!.username),
      url: `/match/${match.id}`,
      tag: `match-${match.id}`,
    };
    expect(deliveredTo(devices[0]!.path).map((d) => d.payload)).toEqual([rejected]);
    expect(deliveredTo(devices[1]!.path).map((d) => d.payload)).toEqual([rejected]);
    expect(deliveredTo(devices[2]!.path)).toEqual([]);
    expect(deliveredTo(devices[3]!.path)).toEqual([]);
  });

  it('pushes a Comunicado to the tournament’s participants, not to its author', async () => {
    const admin = await createUser(database, { role: 'admin' });
    const organiser = await createUser(database);
    const store = await createStore(app, admin, [organiser], { name: 'Push Store' });
    const api = tournamentApi(app);
    const t = await api.create(organiser, store.id, { name: 'Copa Push' });
    const entrant = await createPlayer(database);
    expect((await api.signUp(entrant, t.id)).statusCode).toBe(200);
    const entrantDevice = await subscribe(entrant);
    const organiserDevice = await subscribe(organiser);

    const published = await api.call(organiser, 'POST', `/api/tournaments/${t.id}/announcements`, {
      message: 'La ronda 1 empieza a las 17:30',
    });
    expect(published.statusCode, published.body).toBe(200);
    await sender.drain();

    expect(deliveredTo(entrantDevice.path).map((d) => d.payload)).toEqual([
      {
        title: 'Comunicado de Copa Push',
        body: 'La ronda 1 empieza a las 17:30',
        url: `/tournaments/${t.id}`,
        tag: `tournament-${t.id}-announcement`,
      },
    ]);
    expect(deliveredTo(organiserDevice.path)).toEqual([]);
  });

  it('pushes a tournament result a player reports to the opponent who must approve it', async () => {
    const admin = await createUser(database, { role: 'admin' });
    const organiser = await createUser(database);
    const store = await createStore(app, admin, [organiser], { name: 'Push Store 2' });
    const api = tournamentApi(app);
    const t = await api.create(organiser, store.id, { name: 'Copa Resultados', swissRounds: 1 });
    const [first, second] = [await createPlayer(database), await createPlayer(database)];
    for (const p of [first, second]) expect((await api.signUp(p, t.id)).statusCode).toBe(200);
    await api.start(organiser, t.id);
    const [pairing] = await api.pairings(organiser, t.id);
    const reporter = pairing!.player1!.id === first.id ? first : second;
    const opponent = reporter === first ? second : first;
    const [reporterDevice, opponentDevice] = [await subscribe(reporter), await subscribe(opponent)];

    const reported = await api.report(reporter, t.id, pairing!.id, 2, 0);
    expect(reported.statusCode, reported.body).toBe(200);
    await sender.drain();

    expect(deliveredTo(reporterDevice.path)).toEqual([]);
    expect(deliveredTo(opponentDevice.path).map((d) => d.payload)).toEqual([
      expect.objectContaining({
        title: 'Partida pendiente de aprobación',
        body: MSG.pushPendingBody(reporter.username),
      }),
    ]);
  });

  it('answers at once even when the push service hangs, bounds what waits, and logs instead of throwing', async () => {
    const user = await createUser(database);
    let arrived = 0;
    const hanging = createServer(() => {
      arrived += 1;
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const port = (hanging.address() as AddressInfo).port;
    for (const n of [1, 2, 3]) {
      const { keys } = newSubscription();
      const res = await injectAs(app, user, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { endpoint: `http://127.0.0.1:${port}/hang/${n}`, keys },
      });
      expect(res.statusCode).toBe(201);
    }
    // One request at a time, one more waiting: the third device is dropped, not queued.
    const slow = new WebPushSender({
      db: database.db,
      push: app.ctx.config.push,
      log: app.log,
      timeoutMs: 200,
      concurrency: 1,
      maxWaiting: 1,
    });
    const started = Date.now();
    slow.notify([user.id], 'reminder', { title: 'a', body: 'b', url: '/' });
    expect(Date.now() - started).toBeLessThan(150);
    await slow.drain();
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(arrived).toBe(2);
    // A timeout is not "gone": the subscriptions stay.
    expect((await subscriptionRows()).filter((r) => r.endpoint.includes('/hang/'))).toHaveLength(3);
    hanging.closeAllConnections();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  });

  it('reads no devices for players who have none, and pushes to a device subscribed since', async () => {
    // A sender like the app's, on a database that counts its readings of devices (targetsOf's select).
    let deviceReadings = 0;
    const counting = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'select') deviceReadings += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const watched = new WebPushSender({ db: counting, push: app.ctx.config.push, log: app.log });
    const stop = app.ctx.changes.subscribe(watched.subscribers);
    try {
      const [ana, bruno] = [await createPlayer(database), await createPlayer(database)];
      const message = { title: 'Partida pendiente de aprobación', body: 'b', url: '/' };
      watched.notify([ana.id, bruno.id], 'approval', message);
      watched.notify([bruno.id], 'approval', message);
      await watched.drain();
      expect(deviceReadings).toBe(0);

      const device = await subscribe(ana);
      watched.notify([ana.id, bruno.id], 'approval', message);
      await watched.drain();
      expect(deviceReadings).toBe(1);
      expect(deliveredTo(device.path).map((d) => d.payload)).toEqual([message]);
    } finally {
      stop();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'Web Push from several servers (needs TEST_DATABASE_URL)',
  () => {
    it('a device subscribed through one server receives what another server sends next', async () => {
      const url = (database as { url?: string }).url!;
      const own = await openDatabase({ kind: 'postgres', url });
      const other = await buildApp({ config: testConfig(), database: own, logger: false });
      try {
        const recorder = await createPlayer(database);
        const rival = await createPlayer(database);
        // The other server has read who has a device: the rival has none yet.
        await recordMatch(other, recorder, recorder, rival);
        await (other.ctx.push as WebPushSender).drain();

        const heard = new Promise<void>((resolve, reject) => {
          other.ctx.changes.subscribe({ changed: (c) => void (c.push?.includes(rival.id) && resolve()) });
          setTimeout(
            () => reject(new Error('the other server did not hear of the subscription')),
            5_000,
          ).unref();
        });
        const device = await subscribe(rival);
        await heard;
        const match = await recordMatch(other, recorder, recorder, rival);
        await (other.ctx.push as WebPushSender).drain();
        expect(deliveredTo(device.path).map((d) => (d.payload as { url: string }).url)).toEqual([
          `/match/${match.id}`,
        ]);
      } finally {
        await other.close();
        await own.close();
      }
    });
  },
);

describe('Web Push outside tests', async () => {
  const strict = await buildTestApp({
    push: { vapid: TEST_VAPID, subject: 'mailto:admin@mitos.local', allowLoopback: false },
  });

  it('refuses endpoints on this machine, so a subscription cannot make the server call itself', async () => {
    const user = await createUser(strict.database);
    const { path: _path, ...body } = newSubscription();
    for (const endpoint of [body.endpoint, 'https://localhost/push', 'https://127.0.0.1:8443/push']) {
      const res = await injectAs(strict.app, user, {
        method: 'POST',
        url: '/api/push/subscriptions',
        payload: { ...body, endpoint },
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message).toBe(MSG.pushEndpointInvalid);
    }
    const https = await injectAs(strict.app, user, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { ...body, endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
    });
    expect(https.statusCode, https.body).toBe(201);
  });
});
