import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  HEARTBEAT_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  connectNotificationSocket,
  communityChangeOf,
  notificationCountOf,
  notificationSocketUrl,
  reconnectDelay,
  type CommunityChange,
  type SocketStatus,
} from './socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;
  closedByClient = false;
  /** What the client sent. */
  readonly sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** A message from the server. */
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  send(data: string) {
    // As a browser does: sending on a socket that is not open throws.
    if (this.readyState !== 1) throw new Error('InvalidStateError');
    this.sent.push(data);
  }
  drop(withError = false) {
    this.readyState = 3;
    if (withError) this.onerror?.();
    this.onclose?.();
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
    this.onclose?.();
  }
}

function connect() {
  const counts: number[] = [];
  const statuses: Array<[SocketStatus, string | null]> = [];
  const community = { changes: 0, said: [] as CommunityChange[] };
  const handle = connectNotificationSocket({
    url: 'ws://x/ws?userId=1',
    onCount: (c) => counts.push(c),
    onCommunityChanged: (change) => {
      community.changes += 1;
      community.said.push(change);
    },
    onStatus: (s, e) => statuses.push([s, e]),
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { counts, statuses, handle, community };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('notification socket', () => {
  it('reports the count of each new_notification message and ignores anything else', () => {
    const { counts, statuses } = connect();
    const ws = FakeSocket.all[0]!;
    ws.accept();
    ws.receive({ type: 'new_notification', count: 3 });
    ws.receive('not json');
    ws.receive({ type: 'other', count: 9 });
    ws.receive({ type: 'new_notification', count: 'x' });
    ws.receive({ type: 'new_notification', count: 0 });
    ws.receive({ type: 'pong' });
    expect(counts).toEqual([3, 0]);
    expect(statuses).toEqual([
      ['connecting', null],
      ['open', null],
    ]);
  });

  it('reports each community_changed message, apart from the count', () => {
    const { counts, community } = connect();
    const ws = FakeSocket.all[0]!;
    ws.accept();
    ws.receive({ type: 'community_changed' });
    expect(community.changes).toBe(1);
    ws.receive({ type: 'new_notification', count: 2 });
    ws.receive({ type: 'community_changed', scope: 'standings' });
    ws.receive({ type: 'community' });
    expect(community.changes).toBe(2);
    expect(community.said).toEqual(['all', 'standings']);
    expect(counts).toEqual([2]);
  });

  it('reports Error de conexión WebSocket when the connection fails, and reconnects with growing waits', () => {
    const { statuses } = connect();
    FakeSocket.all[0]!.drop(true);
    expect(statuses.at(-1)).toEqual(['closed', 'Error de conexión WebSocket']);

    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    FakeSocket.all[1]!.drop(true);
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    FakeSocket.all[2]!.accept();
    expect(statuses.at(-1)).toEqual(['open', null]);
    // A successful connection resets the backoff.
    FakeSocket.all[2]!.drop();
    expect(statuses.at(-1)).toEqual(['closed', null]);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('stops for good when closed, even with a reconnect waiting', () => {
    const { handle } = connect();
    FakeSocket.all[0]!.accept();
    FakeSocket.all[0]!.drop();
    handle.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);

    const second = connect();
    second.handle.close();
    expect(FakeSocket.all[1]!.closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(2);
  });
});

describe('notification socket heartbeat', () => {
  const PING = JSON.stringify({ type: 'ping' });

  it(`pings every ${HEARTBEAT_INTERVAL_MS / 1000} s once open, and keeps a connection that answers`, () => {
    const { statuses } = connect();
    const ws = FakeSocket.all[0]!;
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 2);
    expect(ws.sent).toEqual([]);
    ws.accept();
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS - 1);
    expect(ws.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ws.sent).toEqual([PING]);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(PONG_TIMEOUT_MS - 1);
      ws.receive({ type: 'pong' });
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS - PONG_TIMEOUT_MS + 1);
    }
    expect(ws.sent).toHaveLength(11);
    expect(ws.closedByClient).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    expect(statuses.at(-1)).toEqual(['open', null]);
  });

  it(`replaces a connection whose ping goes unanswered for ${PONG_TIMEOUT_MS / 1000} s, with the usual backoff`, () => {
    const { counts, statuses } = connect();
    const dead = FakeSocket.all[0]!;
    dead.accept();
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS + PONG_TIMEOUT_MS - 1);
    expect(dead.closedByClient).toBe(false);
    // Anything but a pong does not count as an answer.
    dead.receive({ type: 'new_notification', count: 2 });
    vi.advanceTimersByTime(1);
    expect(dead.closedByClient).toBe(true);
    expect(statuses.at(-1)).toEqual(['closed', 'Error de conexión WebSocket']);

    // Nothing from the replaced socket counts any more, even if it wakes up.
    dead.receive({ type: 'new_notification', count: 9 });
    dead.onopen?.();
    expect(counts).toEqual([2]);

    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // No ping is sent on the dead socket any more, and one goes out on the new one.
    const fresh = FakeSocket.all[1]!;
    fresh.accept();
    expect(statuses.at(-1)).toEqual(['open', null]);
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
    expect(dead.sent).toEqual([PING]);
    expect(fresh.sent).toEqual([PING]);

    // A new connection that fails to answer is replaced as well, the backoff starting over.
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(fresh.closedByClient).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('stops pinging when closed or when the connection drops', () => {
    const { handle } = connect();
    const first = FakeSocket.all[0]!;
    first.accept();
    first.drop();
    vi.advanceTimersByTime(1_000);
    const second = FakeSocket.all[1]!;
    second.accept();
    handle.close();
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * 4);
    expect(first.sent).toEqual([]);
    expect(second.sent).toEqual([]);
    expect(FakeSocket.all).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops growing at 30 s', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 20].map((a) => reconnectDelay(a, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(reconnectDelay(0, () => 1)).toBe(1_200);
  });
});

describe('notificationSocketUrl', () => {
  it('uses the page origin with ws or wss and the user id', () => {
    expect(notificationSocketUrl(5, '', { origin: 'https://app.example' } as Location)).toBe(
      'wss://app.example/ws?userId=5',
    );
    expect(notificationSocketUrl(5, 'http://127.0.0.1:3000', { origin: 'x' } as Location)).toBe(
      'ws://127.0.0.1:3000/ws?userId=5',
    );
  });
});

describe('communityChangeOf', () => {
  it('reads what a community_changed message says changed, and nothing of other messages', () => {
    expect(communityChangeOf({ type: 'community_changed' })).toBe('all');
    expect(communityChangeOf({ type: 'community_changed', scope: 'standings' })).toBe('standings');
    // A scope this client does not know: everything reads again.
    expect(communityChangeOf({ type: 'community_changed', scope: 'tiendas' })).toBe('all');
    expect(communityChangeOf({ type: 'new_notification', count: 1 })).toBeNull();
    expect(communityChangeOf('community_changed')).toBeNull();
    expect(communityChangeOf(null)).toBeNull();
  });
});

describe('notificationCountOf', () => {
  it('reads the count of a new_notification message and ignores anything else', () => {
    expect(notificationCountOf({ type: 'new_notification', count: 3 })).toBe(3);
    expect(notificationCountOf({ type: 'new_notification', count: 0 })).toBe(0);
    expect(notificationCountOf({ type: 'new_notification', count: -1 })).toBeNull();
    expect(notificationCountOf({ type: 'new_notification', count: 1.5 })).toBeNull();
    expect(notificationCountOf({ type: 'other', count: 3 })).toBeNull();
    expect(notificationCountOf({ type: 'new_notification', count: '3' })).toBeNull();
    expect(notificationCountOf(null)).toBeNull();
    expect(notificationCountOf('new_notification')).toBeNull();
  });
});
