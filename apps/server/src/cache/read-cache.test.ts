import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENTRY_BYTES, ReadCache, StaleCacheError, SWEEP_STEP, type Topic } from './read-cache';

const answer = (body: string) => ({ body });

describe('ReadCache', () => {
  it('serves a stored answer until a change to one of its topics is heard', async () => {
    const cache = new ReadCache({ maxBytes: 1_000_000 });
    let reads = 0;
    const read = async () => answer(`v${++reads}`);
    const topics: Topic[] = ['matches:1', 'decks:1'];
    expect((await cache.through('k', topics, read))?.body).toBe('v1');
    expect((await cache.through('k', topics, read))?.body).toBe('v1');
    cache.changed({ matches: [2], decks: [3] });
    expect((await cache.through('k', topics, read))?.body).toBe('v1');
    cache.changed({ decks: [1] });
    expect((await cache.through('k', topics, read))?.body).toBe('v2');
    cache.changed({ matches: [7] });
    // Any match at all changes the `matches` topic.
    expect((await cache.through('all', ['matches'], read))?.body).toBe('v3');
    cache.changed({ matches: [8] });
    expect((await cache.through('all', ['matches'], read))?.body).toBe('v4');
    cache.changed({ users: [1] });
    expect((await cache.through('me', ['user:1'], read))?.body).toBe('v5');
    cache.changed({ users: [1] });
    expect((await cache.through('me', ['user:1'], read))?.body).toBe('v6');
  });

  it('does not keep an answer read while a change it depends on was heard', async () => {
    const cache = new ReadCache({ maxBytes: 1_000_000 });
    let reads = 0;
    const slowRead = async () => {
      reads += 1;
      const body = `v${reads}`;
      cache.changed({ matches: [1] }); // committed while this read was running
      return answer(body);
    };
    expect((await cache.through('k', ['matches:1'], slowRead))?.body).toBe('v1');
    expect(cache.get('k')).toBeUndefined();
  });

  it('keeps nothing that answered null', async () => {
    const cache = new ReadCache({ maxBytes: 1_000_000 });
    expect(await cache.through('k', ['user:1'], async () => null)).toBeNull();
    expect(cache.size.entries).toBe(0);
  });

  it('stands aside while the listening connection is down, and drops reads begun before', async () => {
    const cache = new ReadCache({ maxBytes: 1_000_000 });
    await cache.through('k', ['decks:1'], async () => answer('old'));
    const ticket = cache.ticket(['decks:1']);
    cache.lost();
    expect(cache.get('k')).toBeUndefined();
    await cache.through('k', ['decks:1'], async () => answer('while lost'));
    expect(cache.size.entries).toBe(0);
    cache.caughtUp();
    cache.set('k', ticket, answer('begun before the loss'));
    expect(cache.get('k')).toBeUndefined();
    await cache.through('k', ['decks:1'], async () => answer('new'));
    expect(cache.get('k')?.body).toBe('new');
  });

  it('forgets the least recently used answers beyond its size', async () => {
    // Each answer counts its 50 bytes, its key's 1 and ENTRY_BYTES: eight fit.
    const each = 51 + ENTRY_BYTES;
    const cache = new ReadCache({ maxBytes: 8 * each + 100 });
    const body = 'x'.repeat(50);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) {
      await cache.through(key, ['matches'], async () => answer(body));
      if (key === 'c') cache.get('a'); // used again: kept
    }
    expect(cache.size).toEqual({ entries: 8, bytes: 8 * each });
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('i')).toBeDefined();
  });

  it("keeps an answer's bytes in memory of their own, not the larger buffer they are a slice of", async () => {
    const cache = new ReadCache({ maxBytes: 1_000_000 });
    // As zlib answers: a few hundred bytes at the start of its 16 KiB output chunk.
    const gzipped = gzipSync(Buffer.from(JSON.stringify({ jugadores: Array(40).fill('Mateo Gómez') })));
    expect(gzipped.buffer.byteLength).toBeGreaterThan(gzipped.length);
    // As a small Buffer.from answers: a slice of Node's shared pool.
    const pooled = Buffer.from('{"count":3}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);

    await cache.through('gzip', ['matches'], async () => ({ gzip: gzipped }));
    await cache.through('body', ['matches'], async () => ({ body: pooled, headers: { 'x-total': '3' } }));
    const gzip = cache.get('gzip')?.gzip;
    expect(gzip?.buffer.byteLength).toBe(gzipped.length);
    expect(gzip?.equals(gzipped)).toBe(true);
    const body = cache.get('body');
    expect((body?.body as Buffer).buffer.byteLength).toBe(pooled.length);
    expect(body?.body).toEqual(pooled);
    expect(body?.headers).toEqual({ 'x-total': '3' });
    expect(cache.size.bytes).toBe(
      gzipped.length + 'gzip'.length + ENTRY_BYTES + pooled.length + 'body'.length + ENTRY_BYTES,
    );
  });

  it('reads again after its time to live, and keeps nothing when turned off', async () => {
    let now = 0;
    const cache = new ReadCache({ maxBytes: 1_000_000, ttlMs: 1_000, now: () => now });
    await cache.through('k', ['matches'], async () => answer('v1'));
    now = 999;
    expect(cache.get('k')?.body).toBe('v1');
    now = 1_000;
    expect(cache.get('k')).toBeUndefined();

    const off = new ReadCache({ maxBytes: 0 });
    let reads = 0;
    await off.through('k', ['matches'], async () => answer(`v${++reads}`));
    await off.through('k', ['matches'], async () => answer(`v${++reads}`));
    expect(reads).toBe(2);
  });

  it('lets go of the answers it can no longer serve, stale or expired, a few at each answer stored', async () => {
    let now = 0;
    const cache = new ReadCache({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => now });
    const keep = (key: string, topics: Topic[]) => cache.through(key, topics, async () => answer(key));
    for (const [i, key] of ['a', 'b', 'c', 'd', 'e', 'f', 'g'].entries()) {
      now = i * 10_000; // a at 0 … g at 60,000
      await keep(key, [`decks:${i}`]);
    }
    // Each answer stored looked at SWEEP_STEP answers from the oldest on: all current so far.
    expect(SWEEP_STEP).toBe(4);
    expect(cache.size.entries).toBe(7);
    cache.changed({ decks: [5] }); // f can no longer be served
    now = 65_000; // a (stored at 0) is past its time to live
    await keep('h', ['decks:7']);
    await keep('i', ['decks:8']);
    // Two answers stored, eight looks from the oldest on: a (expired) and f (stale) are gone.
    expect(cache.size).toEqual({ entries: 7, bytes: 7 * (1 + 1 + ENTRY_BYTES) });
    expect([...'abcdefghi'].map((key) => cache.get(key)?.body ?? '-').join('')).toBe('-bcde-ghi');
  });

  it('counts hits and misses: a first read, a stale answer and an expired one are misses', async () => {
    let now = 0;
    const cache = new ReadCache({ maxBytes: 1_000_000, ttlMs: 1_000, now: () => now });
    const read = async () => answer('v');
    await cache.through('k', ['matches'], read); // miss: nothing stored
    await cache.through('k', ['matches'], read); // hit
    await cache.through('k', ['matches'], read); // hit
    cache.changed({ matches: [1] });
    await cache.through('k', ['matches'], read); // miss: stale
    now = 5_000;
    await cache.through('k', ['matches'], read); // miss: expired
    expect(cache.stats).toMatchObject({ hits: 2, misses: 3, entries: 1, enabled: true });

    const off = new ReadCache({ maxBytes: 0 });
    await off.through('k', ['matches'], read);
    expect(off.stats).toMatchObject({ hits: 0, misses: 0, entries: 0, enabled: false });
  });

  it('shares one read among concurrent misses of a key, unless a change was heard since it began', async () => {
    const cache = new ReadCache({ maxBytes: 1_000_000 });
    let reads = 0;
    const gates: (() => void)[] = [];
    const read = () =>
      new Promise<{ body: string }>((resolve) => {
        const n = ++reads;
        gates.push(() => resolve(answer(`v${n}`)));
      });
    const first = cache.through('k', ['matches:1'], read);
    const second = cache.through('k', ['matches:1'], read);
    expect(reads).toBe(1);
    // A change to another player's matches does not concern this answer.
    cache.changed({ matches: [2] });
    const third = cache.through('k', ['matches:1'], read);
    expect(reads).toBe(1);
    // Whoever heard a change it depends on reads afresh.
    cache.changed({ matches: [1] });
    const fourth = cache.through('k', ['matches:1'], read);
    expect(reads).toBe(2);
    for (const open of gates) open();
    expect((await first)?.body).toBe('v1');
    expect((await second)?.body).toBe('v1');
    expect((await third)?.body).toBe('v1');
    expect((await fourth)?.body).toBe('v2');
    // The read begun before the change stored nothing; the fresh one did.
    expect(cache.get('k')?.body).toBe('v2');
    expect(cache.stats).toMatchObject({ joined: 2, misses: 2, hits: 1 });
  });

  it('shares nothing while turned off', async () => {
    const cache = new ReadCache({ maxBytes: 0 });
    let reads = 0;
    await Promise.all(
      [1, 2, 3].map(() => cache.through('k', ['matches'], async () => answer(`v${++reads}`))),
    );
    expect(reads).toBe(3);
  });

  it('gives a failed read to those who joined it, and reads again afterwards', async () => {
    const cache = new ReadCache({ maxBytes: 1_000_000 });
    let reads = 0;
    const failing = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('base caída');
    };
    const results = await Promise.allSettled([
      cache.through('k', ['matches'], failing),
      cache.through('k', ['matches'], failing),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(reads).toBe(1);
    expect((await cache.through('k', ['matches'], async () => answer('ok')))?.body).toBe('ok');
  });

  describe('verify mode', () => {
    it('fails a hit that differs from a fresh read with nothing heard in between', async () => {
      const cache = new ReadCache({ maxBytes: 1_000_000, verify: true });
      let value = 'v1';
      const read = async () => answer(value);
      await cache.through('k', ['matches:1'], read);
      expect((await cache.through('k', ['matches:1'], read))?.body).toBe('v1');
      value = 'v2'; // written without announcing the change the read depends on
      await expect(cache.through('k', ['matches:1'], read)).rejects.toThrow(StaleCacheError);
    });

    it('accepts a hit when the change was heard during the fresh read', async () => {
      const cache = new ReadCache({ maxBytes: 1_000_000, verify: true });
      let value = 'v1';
      await cache.through('k', ['matches:1'], async () => answer(value));
      const racing = async () => {
        value = 'v2';
        cache.changed({ matches: [1] }); // committed and announced meanwhile
        return answer(value);
      };
      expect((await cache.through('k', ['matches:1'], racing))?.body).toBe('v1');
    });
  });
});
