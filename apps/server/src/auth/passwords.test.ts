import { describe, expect, it } from 'vitest';
import { ARGON2_AT_ONCE, argon2Work, concurrencyLimit, hashPassword, verifyPassword } from './passwords';

/** A piece of work that ends when the test says so. */
function held<T>() {
  let settle!: { resolve: (value: T) => void; reject: (err: Error) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

describe('the Argon2 work', () => {
  it('runs at most its limit at once, the rest in the order they came', async () => {
    const limit = concurrencyLimit(2);
    const works = Array.from({ length: 5 }, () => held<number>());
    const started: number[] = [];
    const results = works.map((work, i) =>
      limit.run(() => {
        started.push(i);
        return work.promise;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([2, 3]);

    works[1]!.resolve(1);
    await expect(results[1]).resolves.toBe(1);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);

    for (const [i, work] of works.entries()) work.resolve(i);
    await expect(Promise.all(results)).resolves.toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of work that failed, and passes its error on', async () => {
    const limit = concurrencyLimit(1);
    const failing = held<string>();
    const first = limit.run(() => failing.promise);
    const second = limit.run(async () => 'después');
    expect(limit.waiting).toBe(1);
    failing.reject(new Error('falló'));
    await expect(first).rejects.toThrow('falló');
    await expect(second).resolves.toBe('después');
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('hashes and checks passwords through that limit, one per core and at most three', async () => {
    expect(ARGON2_AT_ONCE).toBeGreaterThanOrEqual(1);
    expect(ARGON2_AT_ONCE).toBeLessThanOrEqual(3);
    const hashes = Array.from({ length: ARGON2_AT_ONCE + 2 }, (_, i) => hashPassword(`clave-${i}`));
    await Promise.resolve();
    expect([argon2Work.running, argon2Work.waiting]).toEqual([ARGON2_AT_ONCE, 2]);
    const done = await Promise.all(hashes);
    const checks = [verifyPassword(done[0]!, 'clave-0'), verifyPassword(done[1]!, 'otra')];
    await expect(Promise.all(checks)).resolves.toEqual([true, false]);
    expect([argon2Work.running, argon2Work.waiting]).toEqual([0, 0]);
  });
});
