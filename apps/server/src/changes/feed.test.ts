import { describe, expect, it } from 'vitest';
import { decodeChanges, encodeChanges } from './feed';

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

  it('read anything malformed as no change', () => {
    for (const bad of ['no es json', '[1,2]', 'null', '{"m":"1"}', '{"m":["1"],"d":[-2]}']) {
      const changes = decodeChanges(bad);
      expect([...(changes.matches ?? []), ...(changes.decks ?? []), ...(changes.users ?? [])]).toEqual([]);
    }
  });
});
