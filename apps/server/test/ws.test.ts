import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { WebSocket } from 'ws';
import { MSG } from '@mitos/domain/messages';
import { ACCESS_COOKIE, issueAccessToken } from '../src/auth/tokens';
import { MAX_SOCKETS_PER_USER, MESSAGE_BURST } from '../src/notifications/hub';
import { TEST_SECRET, buildTestApp, tokenFor, type TestApp } from './helpers';
import { act, createPlayer, createPlayers, recordMatch, type Player } from './matches-factories';
import { openSocket, staysQuiet, type TestSocket } from './ws-client';
import { createSeason, thisYear } from './community-factories';

let t: TestApp;
let base: string;
let ana: Player;
let bruno: Player;
let carla: Player;
const open: TestSocket[] = [];

beforeAll(async () => {
  // The counts' own interval (LIVE_STANDINGS_INTERVAL_MS), shorter than its default of 5 s.
  t = await buildTestApp({ liveStandingsIntervalMs: 1_500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;
  [ana, bruno, carla] = await createPlayers(t.database, ['ana', 'bruno', 'carla'] as const);
});

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

function socket(query: string, options: Parameters<typeof openSocket>[1] = {}): TestSocket {
  const s = openSocket(`${base}${query}`, options);
  open.push(s);
  return s;
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const asUser = (user: Player, extra = '') => socket(`?userId=${user.id}&token=${tokenFor(user)}${extra}`);
const count = (n: number) => ({ type: 'new_notification', count: n });

async function healthy() {
  const res = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
}

describe('WebSocket /ws', () => {
  it('sends the count on connect, signed in by the token parameter', async () => {
    expect(await asUser(ana).next()).toEqual(count(0));
  });

  it('signs in by the access cookie or a bearer header too', async () => {
    const byCookie = socket(`?userId=${ana.id}`, {
      headers: { cookie: `${ACCESS_COOKIE}=${tokenFor(ana)}` },
    });
    expect(await byCookie.next()).toEqual(count(0));
    const byHeader = socket('', { headers: { authorization: `Bearer ${tokenFor(ana)}` } });
    expect(await byHeader.next()).toEqual(count(0));
  });

  it('refuses a socket without a session, or with an invalid or expired token', async () => {
    const expired = issueAccessToken(
      { sub: ana.id, role: 'player', fam: 'x' },
      TEST_SECRET,
      Date.now() - 3_600_000,
    );
    for (const query of [
      `?userId=${ana.id}`,
      '?token=basura',
      `?token=${expired}`,
      `?token=${tokenFor(ana)}x`,
    ]) {
      const refused = socket(query);
      expect(await refused.closed, query).toEqual({ code: 4401, reason: MSG.notAuthenticated });
    }
  });

  it('refuses a userId that is not the signed-in user', async () => {
    for (const spoofed of [`${bruno.id}`, 'abc', `${ana.id}&userId=${ana.id}`]) {
      const refused = socket(`?userId=${spoofed}&token=${tokenFor(ana)}`);
      expect(await refused.closed, spoofed).toEqual({ code: 4403, reason: MSG.forbidden });
    }
    const withCookie = socket(`?userId=${bruno.id}`, {
      headers: { cookie: `${ACCESS_COOKIE}=${tokenFor(ana)}` },
    });
    expect((await withCookie.closed).code).toBe(4403);
  });

  it('refuses a connection opened by another site’s page', async () => {
    const refused = socket(`?token=${tokenFor(ana)}`, { headers: { origin: 'https://malicioso.example' } });
    expect((await refused.closed).code).toBe(4403);
    const sameSite = socket(`?token=${tokenFor(ana)}`, {
      origin: base.replace('ws:', 'http:').replace('/ws', ''),
    });
    expect(await sameSite.next()).toEqual(count(0));
  });

  it('pushes the new count to each of the user’s sockets after every change touching them', async () => {
    const phone = asUser(ana);
    const laptop = asUser(ana);
    const creator = asUser(bruno);
    const bystander = asUser(carla);
    for (const s of [phone, laptop, creator, bystander]) expect(await s.next()).toEqual(count(0));

    const match = await recordMatch(t.app, bruno, bruno, ana);
    expect(await phone.next(1_000)).toEqual(count(1));
    expect(await laptop.next(1_000)).toEqual(count(1));
    expect(await creator.next(1_000)).toEqual(count(0));

    await act(t.app, ana, match.id, 'reject');
    expect(await phone.next(1_000)).toEqual(count(0));
    // Bruno created it and did not reject it: it is in his rejected list now.
    expect(await creator.next(1_000)).toEqual(count(1));

    await act(t.app, bruno, match.id, 'handle-rejection');
    expect(await creator.next(1_000)).toEqual(count(0));
    expect(await staysQuiet(bystander, 300)).toBe(true);
  });

  it('answers {type: "ping"} with a pong', async () => {
    const s = asUser(ana);
    await s.next();
    s.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await s.next()).toEqual({ type: 'pong' });
  });

  it('closes a socket that sends something malformed or oversized, and only that socket', async () => {
    const survivor = asUser(ana);
    await survivor.next();
    const cases: Array<[string | Buffer, number]> = [
      ['no es json', 1008],
      [JSON.stringify({ type: 'subscribe', userId: bruno.id }), 1008],
      [Buffer.from([1, 2, 3]), 1008],
      ['x'.repeat(5_000), 1009],
    ];
    for (const [payload, code] of cases) {
      const s = asUser(ana);
      await s.next();
      s.ws.send(payload, { binary: Buffer.isBuffer(payload) });
      expect((await s.closed).code, String(payload).slice(0, 20)).toBe(code);
    }
    await healthy();
    survivor.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await survivor.next()).toEqual({ type: 'pong' });
  });

  it('closes a socket that floods pings with 1008 after answering its burst, and only that socket', async () => {
    const survivor = asUser(ana);
    const flooder = asUser(ana);
    await survivor.next();
    await flooder.next();
    for (let i = 0; i < 200; i++) flooder.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await flooder.closed).toEqual({ code: 1008, reason: MSG.tooManySocketMessages });
    let pongs = 0;
    while (
      await flooder.next(50).then(
        () => true,
        () => false,
      )
    )
      pongs += 1;
    expect(pongs).toBeGreaterThanOrEqual(1);
    expect(pongs).toBeLessThanOrEqual(MESSAGE_BURST);
    await healthy();
    survivor.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await survivor.next()).toEqual({ type: 'pong' });
  });

  it('lets go of the HTTP request that opened a socket once the socket is live', async () => {
    // The upgrade's request, seen through a weak reference only (fastify-websocket's
    // 'connection' event hands it over with the server's end of the socket).
    let opened: WeakRef<IncomingMessage> | undefined;
    t.app.websocketServer.once('connection', (_ws: WebSocket, request: IncomingMessage) => {
      opened = new WeakRef(request);
    });
    const s = asUser(ana);
    expect(await s.next()).toEqual(count(0));
    for (let i = 0; i < 5 && opened?.deref(); i++) {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
    }
    expect(opened).toBeDefined();
    expect(opened!.deref()).toBeUndefined();
    // The socket still works.
    s.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await s.next()).toEqual({ type: 'pong' });
  });

  it('ends only the connection whose socket fails, with one error listener of its own', async () => {
    const survivor = asUser(ana);
    await survivor.next();
    let server: WebSocket | undefined;
    t.app.websocketServer.once('connection', (ws: WebSocket) => (server = ws));
    const failing = asUser(ana);
    await failing.next();
    expect(server!.listenerCount('error')).toBe(1);
    server!.emit('error', new Error('se cortó'));
    expect((await failing.closed).code).toBe(1006);
    await healthy();
    survivor.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await survivor.next()).toEqual({ type: 'pong' });
  });

  it(`holds at most ${MAX_SOCKETS_PER_USER} sockets per user`, async () => {
    const sockets = Array.from({ length: MAX_SOCKETS_PER_USER }, () => asUser(carla));
    await Promise.all(sockets.map((s) => s.next()));
    const extra = asUser(carla);
    expect(await extra.closed).toEqual({ code: 1008, reason: MSG.tooManyConnections });
    sockets[0]!.close();
    await sockets[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await asUser(carla).next()).toEqual(count(0));
  });

  it('tells every open socket when the season counts change, at most once per their interval', async () => {
    const player = asUser(ana);
    // Someone the matches do not touch (not carla: the test before fills her sockets).
    const bystander = asUser(await createPlayer(t.database, { username: 'dario' }));
    for (const s of [player, bystander]) expect(await s.next()).toEqual(count(0));
    const isCommunity = (m: { type: string }) => m.type === 'community_changed';
    const counts = { type: 'community_changed', scope: 'standings' };

    // No season yet: an approval changes no ranking.
    const uncounted = await recordMatch(t.app, bruno, bruno, ana);
    await act(t.app, ana, uncounted.id, 'approve');
    expect(await staysQuiet(bystander, 300)).toBe(true);

    await createSeason(t.database, thisYear());
    const matches = [];
    for (let i = 0; i < 3; i++) matches.push(await recordMatch(t.app, bruno, bruno, ana));
    const first = await act(t.app, ana, matches[0]!.id, 'approve');
    expect(first.statusCode).toBe(200);
    expect(await bystander.next(2_000)).toEqual(counts);
    expect(await player.until(isCommunity, 2_000)).toEqual(counts);
    const sentAt = Date.now();
    // Two more within the interval: one message for both, once it is over.
    for (const match of matches.slice(1)) await act(t.app, ana, match.id, 'approve');
    expect(await bystander.next(3_000)).toEqual(counts);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1_400);
    expect(await player.until(isCommunity, 3_000)).toEqual(counts);
    expect(await staysQuiet(bystander, 1_700)).toBe(true);
  });

  it('answers a plain HTTP request to /ws with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ws' });
    expect(res.statusCode).toBe(404);
  });
});
