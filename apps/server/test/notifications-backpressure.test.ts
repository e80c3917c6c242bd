import { type FastifyInstance } from 'fastify';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import {
  CLOSE_POLICY,
  CLOSE_TRY_AGAIN_LATER,
  MAX_BUFFERED_BYTES,
  MESSAGE_BURST,
  NotificationHub,
} from '../src/notifications/hub';
import type { Database } from '../src/db/client';
import { createTestDatabase, createUser, tokenFor, type TestUser } from './helpers';
import { listenWithHub } from './socket-server';
import { openSocket, type TestSocket } from './ws-client';

/**
 * Real sockets against the hub's bounds, with the production values of the bounds: clients that
 * stop reading (their TCP socket paused, so what the server sends piles up in the kernel and
 * then in the server's buffer) and clients that flood. The hub's checks run when the test calls
 * `sweep()` instead of on a timer, so that the ping/pong liveness check (which would also drop a
 * client that does not read) stays out of the way.
 */
let database: Database;
let app: FastifyInstance;
let hub: NotificationHub;
let base: string;
const counts = new Map<number, number>();
let serverSockets: WebSocket[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, hub, base, serverSockets } = await listenWithHub(database, {
    count: async (userId) => counts.get(userId) ?? 0,
    closeGraceMs: 200,
  }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await hub.close();
  await app.close();
  await database.close();
});

/** A client signed in as `user`, once it has its first count, and the server's end of it. */
async function connect(user: TestUser): Promise<{ client: TestSocket; server: WebSocket }> {
  const before = serverSockets.length;
  const client = openSocket(`${base}?token=${tokenFor(user)}`);
  sockets.push(client);
  await client.next();
  expect(serverSockets.length).toBe(before + 1);
  return { client, server: serverSockets.at(-1)! };
}

/** The client's TCP socket: paused, it reads nothing more. */
const tcp = (client: TestSocket) => (client.ws as unknown as { _socket: Socket })._socket;

const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Changes for `user` until the server's buffer for `server` is over the bound (or a safety cap). */
async function fillUntilOverBound(user: TestUser, server: WebSocket) {
  for (let i = 0; i < 1_000_000 && server.bufferedAmount <= MAX_BUFFERED_BYTES; i++) {
    hub.changed({ matches: [user.id] });
    await tick();
  }
  expect(server.bufferedAmount).toBeGreaterThan(MAX_BUFFERED_BYTES);
}

/** Resolves once the server has handled the next message of this socket (the hub listens first). */
const handled = (server: WebSocket) => new Promise((resolve) => server.once('message', resolve));

const pongsSent = (send: { mock: { calls: unknown[][] } }) =>
  send.mock.calls.filter((args) => args[0] === JSON.stringify({ type: 'pong' })).length;

const ping = JSON.stringify({ type: 'ping' });

describe('NotificationHub with clients that do not read', () => {
  it('stops sending to a socket over the buffer bound, closes it with 1013 if it stays over, and keeps serving the others', async () => {
    const stuckUser = await createUser(database);
    const otherUser = await createUser(database);
    const stuck = await connect(stuckUser);
    const other = await connect(otherUser);
    counts.set(stuckUser.id, 123_456);
    tcp(stuck.client).pause();

    await fillUntilOverBound(stuckUser, stuck.server);
    const held = stuck.server.bufferedAmount;
    // More changes and pings while it is over the bound queue nothing more: no count, no pong.
    for (let i = 0; i < 2_000; i++) {
      hub.changed({ matches: [stuckUser.id] });
      await tick();
    }
    const send = vi.spyOn(stuck.server, 'send');
    for (let i = 0; i < 3; i++) {
      const done = handled(stuck.server);
      stuck.client.ws.send(ping);
      await done;
    }
    expect(pongsSent(send)).toBe(0);
    expect(stuck.server.bufferedAmount).toBeLessThanOrEqual(Math.max(held, MAX_BUFFERED_BYTES + 64));

    // The others are served meanwhile.
    counts.set(otherUser.id, 5);
    hub.changed({ matches: [otherUser.id] });
    expect(await other.client.next()).toEqual({ type: 'new_notification', count: 5 });

    const close = vi.spyOn(stuck.server, 'close');
    const gone = new Promise((resolve) => stuck.server.once('close', resolve));
    hub.sweep();
    expect(close).toHaveBeenCalledWith(CLOSE_TRY_AGAIN_LATER, MSG.socketNotReading);
    // It does not read the close frame either: its connection is cut after the grace.
    await gone;
    expect(hub.socketCount(stuckUser.id)).toBe(0);

    other.client.ws.send(ping);
    expect(await other.client.next()).toEqual({ type: 'pong' });
    expect(hub.socketCount(otherUser.id)).toBe(1);
  });

  it('sends the count it skipped once a client that fell behind catches up', async () => {
    const user = await createUser(database);
    const slow = await connect(user);
    counts.set(user.id, 111_111);
    tcp(slow.client).pause();
    await fillUntilOverBound(user, slow.server);
    counts.set(user.id, 7);
    hub.changed({ matches: [user.id] });
    await tick();

    // The client's queue holds a hundred thousand stale counts by now: watch the raw stream.
    const caughtUp = new Promise((resolve) =>
      slow.client.ws.on('message', (data) => {
        if (String(data) === JSON.stringify({ type: 'new_notification', count: 7 })) resolve(true);
      }),
    );
    tcp(slow.client).resume();
    while (slow.server.bufferedAmount > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    hub.sweep();
    expect(await caughtUp).toBe(true);
    expect(slow.server.readyState).toBe(slow.server.OPEN);
  });
});

describe('NotificationHub with clients that flood', () => {
  it('closes a socket that floods pings without reading, answering no more than its burst, and no other', async () => {
    const user = await createUser(database);
    const flooder = await connect(user);
    const neighbour = await connect(user);
    const send = vi.spyOn(flooder.server, 'send');
    const close = vi.spyOn(flooder.server, 'close');
    const gone = new Promise((resolve) => flooder.server.once('close', resolve));
    tcp(flooder.client).pause();
    for (let i = 0; i < 5_000; i++) flooder.client.ws.send(ping);
    await gone;
    expect(close).toHaveBeenCalledWith(CLOSE_POLICY, MSG.tooManySocketMessages);
    expect(pongsSent(send)).toBeLessThanOrEqual(MESSAGE_BURST);

    neighbour.client.ws.send(ping);
    expect(await neighbour.client.next()).toEqual({ type: 'pong' });
    expect(hub.socketCount(user.id)).toBe(1);
  });

  it('closes a socket that floods ping frames', async () => {
    const user = await createUser(database);
    const flooder = await connect(user);
    const close = vi.spyOn(flooder.server, 'close');
    for (let i = 0; i < 1_000; i++) flooder.client.ws.ping();
    expect(await flooder.client.closed).toEqual({ code: CLOSE_POLICY, reason: MSG.tooManySocketMessages });
    expect(close.mock.calls[0]).toEqual([CLOSE_POLICY, MSG.tooManySocketMessages]);
  });
});
