import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationHub } from '../src/notifications/hub';
import { CHANGES_CHANNEL, ChangeFeed, encodeChanges } from '../src/changes/feed';
import type { Database } from '../src/db/client';
import { createTestDatabase, createUser, tokenFor, type TestUser } from './helpers';
import { listenWithHub } from './socket-server';
import { openSocket, staysQuiet, type TestSocket } from './ws-client';

/**
 * The hub on its own, with a fast ping and a count that the test controls, on the same database
 * kind as the other tests (LISTEN/NOTIFY in-process on PGlite, across connections on PostgreSQL).
 */
let database: Database;
let app: FastifyInstance;
let hub: NotificationHub;
let feed: ChangeFeed;
let base: string;
const counts = new Map<number, number>();
let reads = 0;
/** How long a count read takes, to let changes pile up while one is running. */
let readDelayMs = 0;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, hub, feed, base } = await listenWithHub(database, {
    count: async (userId) => {
      reads += 1;
      const value = counts.get(userId) ?? 0;
      if (readDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, readDelayMs));
      return value;
    },
    pingIntervalMs: 60,
  }));
  feed.subscribe(hub);
  await feed.start();
  hub.start();
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await hub.close();
  await feed.close();
  await app.close();
  await database.close();
});

function connect(user: TestUser, options: Parameters<typeof openSocket>[1] = {}) {
  const s = openSocket(`${base}?token=${tokenFor(user)}`, options);
  sockets.push(s);
  return s;
}

/** Announces, as another process would, that these users' matches changed. */
const publishMatches = (ids: number[]) =>
  Promise.all(encodeChanges({ matches: ids }).map((payload) => database.notify(CHANGES_CHANNEL, payload)));

const count = (n: number) => ({ type: 'new_notification', count: n });

describe('NotificationHub', () => {
  it('drops a socket that stops answering pings and keeps one that answers', async () => {
    const user = await createUser(database);
    const silent = connect(user, { autoPong: false });
    const lively = connect(user);
    await silent.next();
    await lively.next();
    const { code } = await silent.closed;
    expect(code).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(lively.ws.readyState).toBe(lively.ws.OPEN);
    expect(hub.socketCount(user.id)).toBe(1);
  });

  it('delivers a published change to the user’s sockets with a fresh count', async () => {
    const user = await createUser(database);
    const s = connect(user);
    expect(await s.next()).toEqual(count(0));
    counts.set(user.id, 4);
    await publishMatches([user.id]);
    expect(await s.next(1_000)).toEqual(count(4));
  });

  it('publishes thousands of ids in payloads PostgreSQL accepts', async () => {
    const user = await createUser(database);
    const s = connect(user);
    await s.next();
    counts.set(user.id, 7);
    const many = Array.from({ length: 3_000 }, (_, i) => 1_000_000 + i);
    await publishMatches([...many, user.id]);
    expect(await s.next(2_000)).toEqual(count(7));
  });

  it('ignores payloads on the channel that name no user whose matches changed', async () => {
    const user = await createUser(database);
    const s = connect(user);
    await s.next();
    const bad = [
      'no es json',
      '{"userId":1}',
      `[${user.id}]`,
      `{"m":["${user.id}"]}`,
      `{"m":[${user.id}.5]}`,
      '{"m":[-1]}',
      `{"d":[${user.id}]}`,
    ];
    for (const payload of bad) await database.notify(CHANGES_CHANNEL, payload);
    expect(await staysQuiet(s, 300)).toBe(true);
    await database.notify(CHANGES_CHANNEL, JSON.stringify({ m: [user.id] }));
    expect(await s.next(1_000)).toEqual(count(counts.get(user.id) ?? 0));
  });

  it('reads the count once more for a burst of changes that arrive during a read, and sends the latest', async () => {
    const user = await createUser(database);
    const s = connect(user);
    await s.next();
    readDelayMs = 150;
    const before = reads;
    counts.set(user.id, 1);
    await publishMatches([user.id]);
    while (reads === before) await new Promise((resolve) => setTimeout(resolve, 5));
    counts.set(user.id, 9);
    for (let i = 0; i < 10; i++) await publishMatches([user.id]);
    expect(await s.next(2_000)).toEqual(count(1));
    expect(await s.next(2_000)).toEqual(count(9));
    expect(await staysQuiet(s, 300)).toBe(true);
    expect(reads - before).toBe(2);
    readDelayMs = 0;
  });
});
