import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { ChangeFeed, decodeChanges, encodeChanges, type Changes } from './feed';

describe('change payloads', () => {
  it('say a usual change in one small payload, named by its origin', () => {
    const payloads = encodeChanges({ matches: [3, 1, 3], decks: [2] }, 'p1');
    expect(payloads).toHaveLength(1);
    expect(decodeChanges(payloads[0]!)).toEqual({ matches: [3, 1], decks: [2], users: [], origin: 'p1' });
  });

  it('say nothing when nothing changed, and drop ids that are not positive integers', () => {
    expect(encodeChanges({})).toEqual([]);
    expect(encodeChanges({ matches: [0, -1, 1.5, Number.NaN] })).toEqual([]);
  });

  it('split thousands of ids into payloads PostgreSQL accepts', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i);
    const payloads = encodeChanges({ matches: many, users: [1] });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8_000);
    const heard = payloads.map(decodeChanges);
    expect(heard.flatMap((c) => c.matches ?? [])).toEqual(many);
    expect(heard.flatMap((c) => c.users ?? [])).toEqual([1]);
  });

  it('carry a community change as one flag, alone or beside thousands of ids', () => {
    expect(encodeChanges({ community: true }, 'p1').map(decodeChanges)).toEqual([
      { matches: [], decks: [], users: [], community: true, origin: 'p1' },
    ]);
    const many = Array.from({ length: 5_000 }, (_, i) => 1_000_000 + i);
    const heard = encodeChanges({ matches: many, community: true }).map(decodeChanges);
    expect(heard.filter((c) => c.community)).toHaveLength(1);
    expect(decodeChanges('{"c":2}').community).toBeUndefined();
  });

  it('carry a change of the season counts as a flag of its own', () => {
    expect(encodeChanges({ standings: true }).map(decodeChanges)).toEqual([
      { matches: [], decks: [], users: [], standings: true },
    ]);
    const many = Array.from({ length: 3_000 }, (_, i) => i + 1);
    const heard = encodeChanges({ matches: many, standings: true }).map(decodeChanges);
    expect(heard.filter((c) => c.standings)).toHaveLength(1);
    expect(heard.some((c) => c.community)).toBe(false);
  });

  it('carry the users who subscribed a device, and only when there are some', () => {
    expect(encodeChanges({ push: [7, 7, 0] }, 'p1').map(decodeChanges)).toEqual([
      { matches: [], decks: [], users: [], push: [7], origin: 'p1' },
    ]);
    expect(encodeChanges({ push: [] })).toEqual([]);
    expect(decodeChanges(encodeChanges({ users: [2] })[0]!)).not.toHaveProperty('push');
    const many = Array.from({ length: 3_000 }, (_, i) => i + 1);
    const heard = encodeChanges({ push: many, matches: many }).map(decodeChanges);
    expect(heard.flatMap((c) => c.push ?? [])).toEqual(many);
  });

  it('read anything malformed as no change', () => {
    for (const bad of ['no es json', '[1,2]', 'null', '{"m":"1"}', '{"m":["1"],"d":[-2]}']) {
      const changes = decodeChanges(bad);
      expect([...(changes.matches ?? []), ...(changes.decks ?? []), ...(changes.users ?? [])]).toEqual([]);
    }
  });
});

describe('ChangeFeed', () => {
  it('applies each change here at once and announces those committed together in one NOTIFY', async () => {
    const sent: string[] = [];
    const database = { notify: async (_channel: string, payload: string) => void sent.push(payload) };
    const feed = new ChangeFeed(database as unknown as Database, { error: () => {} });
    const heard: Changes[] = [];
    feed.subscribe({ changed: (c) => heard.push(c) });
    const first = feed.publish({ matches: [1, 2] });
    const second = feed.publish({ decks: [3], matches: [2], push: [4] });
    expect(heard).toEqual([
      { matches: [1, 2], decks: [], users: [] },
      { matches: [2], decks: [3], users: [], push: [4] },
    ]);
    expect(sent).toEqual([]);
    await Promise.all([first, second]);
    expect(sent).toHaveLength(1);
    const { origin, ...changes } = decodeChanges(sent[0]!);
    expect(changes).toEqual({ matches: [1, 2], decks: [3], users: [], push: [4] });
    expect(origin).toEqual(expect.any(String));
  });

  it('logs a failed announcement instead of failing the change', async () => {
    const errors: unknown[] = [];
    const database = {
      notify: async () => {
        throw new Error('down');
      },
    };
    const feed = new ChangeFeed(database as unknown as Database, {
      error: (...args: unknown[]) => errors.push(args),
    });
    await expect(feed.publish({ users: [1] })).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
