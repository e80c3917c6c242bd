import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

function bucket(capacity: number, perSecond: number) {
  let now = 1_000_000;
  const b = new TokenBucket(capacity, perSecond, () => now);
  return { b, advance: (ms: number) => (now += ms), rewind: (ms: number) => (now -= ms) };
}

const takeMany = (b: TokenBucket, n: number) => Array.from({ length: n }, () => b.take());

describe('TokenBucket', () => {
  it('allows a burst of its capacity, then refuses', () => {
    const { b } = bucket(3, 1);
    expect(takeMany(b, 5)).toEqual([true, true, true, false, false]);
  });

  it('refills at its rate and never beyond its capacity', () => {
    const { b, advance } = bucket(3, 2);
    takeMany(b, 3);
    advance(499);
    expect(b.take()).toBe(false);
    advance(1);
    expect(b.take()).toBe(true);
    expect(b.take()).toBe(false);
    advance(60_000);
    expect(takeMany(b, 4)).toEqual([true, true, true, false]);
  });

  it('keeps refusing a steady stream faster than its rate', () => {
    const { b, advance } = bucket(2, 1);
    const answers = [];
    for (let i = 0; i < 20; i++) {
      answers.push(b.take());
      advance(100);
    }
    // Two from the burst, then one a second: at 10 a second, at most 2 + 2 get through.
    expect(answers.filter(Boolean).length).toBeLessThanOrEqual(4);
  });

  it('refills nothing when the clock goes backwards', () => {
    const { b, rewind, advance } = bucket(1, 1);
    expect(b.take()).toBe(true);
    rewind(10_000);
    expect(b.take()).toBe(false);
    advance(1_000);
    expect(b.take()).toBe(true);
  });
});
