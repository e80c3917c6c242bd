import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import {
  CLOSE_POLICY,
  CLOSE_TRY_AGAIN_LATER,
  MAX_BUFFERED_BYTES,
  MESSAGE_BURST,
  NotificationHub,
} from './hub';

/**
 * The hub's per-socket bounds against a socket whose buffer and write callbacks the test holds.
 * The real-socket side of the same rules is in test/notifications-backpressure.test.ts.
 */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  /** Write callbacks not yet called: those messages are still on their way. */
  readonly writing: Array<() => void> = [];
  readonly closes: Array<[number, string]> = [];
  pings = 0;
  terminated = false;

  send(data: string, cb?: () => void) {
    this.sent.push(data);
    if (cb) this.writing.push(cb);
  }
  /** The kernel took everything handed over so far. */
  flush() {
    for (const cb of this.writing.splice(0)) cb();
  }
  ping() {
    this.pings += 1;
  }
  close(code: number, reason: string) {
    this.closes.push([code, reason]);
    this.readyState = 2;
  }
  terminate() {
    if (this.terminated) return;
    this.terminated = true;
    this.readyState = 3;
    this.emit('close', 1006, Buffer.alloc(0));
  }
  /** A message from the client. */
  receive(data: string | Buffer, isBinary = false) {
    this.emit('message', Buffer.from(data), isBinary);
  }
  pongs() {
    return this.sent.filter((m) => m === '{"type":"pong"}').length;
  }
  counts() {
    return this.sent.filter((m) => m.includes('new_notification')).map((m) => JSON.parse(m) as unknown);
  }
}

const silentLog = {
  warn: vi.fn(),
  error: vi.fn(),
} as unknown as FastifyBaseLogger;

let now = 0;
let counts: Map<number, number>;
let hub: NotificationHub;

/** Lets the hub's count reads (promises) finish. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  now = 1_000_000;
  counts = new Map();
  hub = new NotificationHub({
    count: async (userId) => counts.get(userId) ?? 0,
    log: silentLog,
    pingIntervalMs: 30_000,
    closeGraceMs: 1_000,
    now: () => now,
  });
});
afterEach(async () => {
  await hub.close();
  vi.useRealTimers();
});

function connect(userId: number): FakeSocket {
  const socket = new FakeSocket();
  expect(hub.add(userId, socket as unknown as WebSocket)).toBe(true);
  return socket;
}

const ping = JSON.stringify({ type: 'ping' });

describe('NotificationHub bounds per socket', () => {
  it('keeps at most one pong on its way, however many pings arrive meanwhile', async () => {
    const socket = connect(1);
    await settle();
    socket.flush();
    for (let i = 0; i < 5; i++) socket.receive(ping);
    expect(socket.pongs()).toBe(1);
    socket.flush();
    socket.receive(ping);
    expect(socket.pongs()).toBe(2);
    expect(socket.closes).toEqual([]);
  });

  it('closes a socket that sends faster than its budget with 1008, and no other', async () => {
    const flooder = connect(1);
    const neighbour = connect(1);
    await settle();
    for (let i = 0; i < MESSAGE_BURST; i++) {
      flooder.receive(ping);
      flooder.flush();
    }
    expect(flooder.pongs()).toBe(MESSAGE_BURST);
    expect(flooder.closes).toEqual([]);
    flooder.receive(ping);
    expect(flooder.closes).toEqual([[CLOSE_POLICY, MSG.tooManySocketMessages]]);
    // Whatever else it sends is not read any more.
    for (let i = 0; i < 100; i++) flooder.receive(ping);
    flooder.flush();
    expect(flooder.pongs()).toBe(MESSAGE_BURST);
    // It did not read the close frame: the connection is cut after the grace.
    expect(flooder.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(flooder.terminated).toBe(true);
    expect(hub.socketCount(1)).toBe(1);

    neighbour.receive(ping);
    expect(neighbour.pongs()).toBe(1);
    expect(neighbour.closes).toEqual([]);
  });

  it('refills the budget over time, so a steady heartbeat is never closed', async () => {
    const socket = connect(1);
    await settle();
    for (let i = 0; i < 500; i++) {
      socket.receive(ping);
      socket.flush();
      now += 1_000;
    }
    expect(socket.pongs()).toBe(500);
    expect(socket.closes).toEqual([]);
  });

  it('counts ping frames against the same budget', async () => {
    const socket = connect(1);
    await settle();
    for (let i = 0; i <= MESSAGE_BURST; i++) socket.emit('ping', Buffer.alloc(0));
    expect(socket.closes).toEqual([[CLOSE_POLICY, MSG.tooManySocketMessages]]);
  });

  it('sends nothing to a socket over the buffer bound, then its owed count once it drains', async () => {
    const socket = connect(1);
    await settle();
    expect(socket.counts()).toEqual([{ type: 'new_notification', count: 0 }]);
    socket.flush();
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    counts.set(1, 3);
    hub.changed({ matches: [1] });
    await settle();
    socket.receive(ping);
    expect(socket.sent).toHaveLength(1);

    socket.bufferedAmount = 0;
    hub.sweep();
    await settle();
    expect(socket.counts()).toEqual([
      { type: 'new_notification', count: 0 },
      { type: 'new_notification', count: 3 },
    ]);
    expect(socket.closes).toEqual([]);
    // Exactly at the bound is still within it.
    socket.bufferedAmount = MAX_BUFFERED_BYTES;
    socket.receive(ping);
    expect(socket.pongs()).toBe(1);
  });

  it('closes a socket still over the bound at the next check with 1013, and no other', async () => {
    const stuck = connect(1);
    const reader = connect(2);
    await settle();
    stuck.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    hub.sweep();
    expect(stuck.closes).toEqual([]);
    // Not pinged while over the bound: that would only add to what it does not read.
    expect(stuck.pings).toBe(0);
    expect(reader.pings).toBe(1);
    reader.emit('pong');

    hub.sweep();
    expect(stuck.closes).toEqual([[CLOSE_TRY_AGAIN_LATER, MSG.socketNotReading]]);
    expect(reader.closes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stuck.terminated).toBe(true);
    expect(hub.socketCount(1)).toBe(0);

    counts.set(2, 4);
    hub.changed({ matches: [1, 2] });
    await settle();
    expect(reader.counts().at(-1)).toEqual({ type: 'new_notification', count: 4 });
    expect(stuck.sent).toHaveLength(1);
  });

  it('keeps a socket that drains between two checks', async () => {
    const socket = connect(1);
    await settle();
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    hub.sweep();
    socket.emit('pong');
    socket.bufferedAmount = 10;
    hub.sweep();
    socket.emit('pong');
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    hub.sweep();
    socket.emit('pong');
    expect(socket.closes).toEqual([]);
    expect(socket.terminated).toBe(false);
  });

  it('still closes on anything but a ping, and ignores what arrives after', async () => {
    const socket = connect(1);
    await settle();
    socket.receive('no es json');
    socket.receive(ping);
    expect(socket.closes).toEqual([[CLOSE_POLICY, MSG.badRequest]]);
    expect(socket.pongs()).toBe(0);
  });
});

describe('NotificationHub community messages', () => {
  const told = (socket: FakeSocket) => socket.sent.filter((m) => m.includes('community_changed')).length;
  const community = (socket: FakeSocket) =>
    socket.sent.filter((m) => m.includes('community_changed')).map((m) => JSON.parse(m) as unknown);
  const ANYTHING = { type: 'community_changed' };
  const STANDINGS = { type: 'community_changed', scope: 'standings' };
  /** The hub again, telling `perTurn` sockets per turn of the event loop. */
  const hubTelling = async (perTurn: number) => {
    await hub.close();
    hub = new NotificationHub({
      count: async () => 0,
      log: silentLog,
      now: () => now,
      communitySendsPerTurn: perTurn,
    });
  };

  it('tells every open socket, a few per turn of the event loop, skipping one closed meanwhile', async () => {
    await hubTelling(2);
    const sockets = [1, 2, 3, 4, 5].map((userId) => connect(userId));
    await settle();
    hub.changed({ community: true });
    // The first turn told two; requests get the event loop before the next two.
    expect(sockets.map(told)).toEqual([1, 1, 0, 0, 0]);
    sockets[4]!.close(1000, 'bye');
    await settle();
    expect(sockets.map(told)).toEqual([1, 1, 1, 1, 0]);
  });

  it('tells them of a change of the season counts too, saying that only the counts changed', async () => {
    await hubTelling(10);
    const sockets = [1, 2].map((userId) => connect(userId));
    await settle();
    hub.changed({ standings: true });
    await settle();
    expect(sockets.map(told)).toEqual([1, 1]);
    expect(community(sockets[0]!)).toEqual([STANDINGS]);
  });

  /** Moves the hub's clock and its timers on together. */
  const pass = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  it('tells of the counts alone at most once per their interval, one message for all meanwhile', async () => {
    const socket = connect(1);
    await settle();
    hub.changed({ standings: true });
    await settle();
    expect(community(socket)).toEqual([STANDINGS]);
    // Two more approvals within the interval: nothing at the community's one second…
    hub.changed({ standings: true, matches: [7] });
    await pass(1_000);
    hub.changed({ standings: true });
    await pass(3_000);
    expect(community(socket)).toEqual([STANDINGS]);
    // …one message for both when the counts' five seconds are over.
    await pass(1_000);
    expect(community(socket)).toEqual([STANDINGS, STANDINGS]);
    await pass(10_000);
    expect(community(socket)).toEqual([STANDINGS, STANDINGS]);
  });

  it('brings the message owed forward for any other change, and says that anything may have changed', async () => {
    const socket = connect(1);
    await settle();
    hub.changed({ standings: true });
    await settle();
    hub.changed({ standings: true });
    await pass(200);
    hub.changed({ community: true });
    // A store changed 200 ms after the counts were told: at the community's one second, not five.
    await pass(799);
    expect(community(socket)).toEqual([STANDINGS]);
    await pass(1);
    expect(community(socket)).toEqual([STANDINGS, ANYTHING]);
    // Counts changing while anything is owed change nothing of it: one message, of anything.
    hub.changed({ community: true });
    hub.changed({ standings: true });
    await pass(1_000);
    expect(community(socket)).toEqual([STANDINGS, ANYTHING, ANYTHING]);
    await pass(10_000);
    expect(community(socket)).toEqual([STANDINGS, ANYTHING, ANYTHING]);
  });

  it('tells of anything at once when the change feed catches up after missing changes', async () => {
    const socket = connect(1);
    await settle();
    hub.caughtUp();
    await settle();
    expect(community(socket)).toEqual([ANYTHING]);
  });

  it('keeps the counts to their own interval when told so', async () => {
    await hub.close();
    hub = new NotificationHub({
      count: async () => 0,
      log: silentLog,
      now: () => now,
      standingsIntervalMs: 2_000,
    });
    const socket = connect(1);
    await settle();
    hub.changed({ standings: true });
    hub.changed({ standings: true });
    await pass(1_999);
    expect(community(socket)).toEqual([STANDINGS]);
    await pass(1);
    expect(community(socket)).toEqual([STANDINGS, STANDINGS]);
  });

  it('stops telling once the hub closes', async () => {
    await hubTelling(1);
    const sockets = [1, 2, 3].map((userId) => connect(userId));
    await settle();
    hub.changed({ community: true });
    await hub.close();
    await settle();
    expect(sockets.map(told)).toEqual([1, 0, 0]);
  });
});
