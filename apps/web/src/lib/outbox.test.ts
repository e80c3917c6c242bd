import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '@mitos/domain/common';
import * as MSG from '@mitos/domain/message-texts';
import { ApiError } from './api-client';
import {
  backoffMs,
  clearOutbox,
  discard,
  enqueue,
  flushOutbox,
  newRequestKey,
  readOutbox,
  retryNow,
  subscribeOutbox,
  type OutboxItem,
} from './outbox';
import { queuedMatch } from '../test/outbox-fixtures';

let n = 0;
function item(userId: number, overrides: Partial<OutboxItem> = {}): OutboxItem {
  n += 1;
  const base = queuedMatch(`clave-de-prueba-${String(n).padStart(4, '0')}`);
  return queuedMatch(base.key, {
    userId,
    payload: { ...base.payload, team1Players: [userId], team1Decks: [], team2Decks: [], team2Score: n },
    ...overrides,
  });
}

afterEach(async () => {
  for (const userId of [7, 8]) await clearOutbox(userId);
});

const refusal = (message: string, status = 400) =>
  new ApiError(status, message, { success: false, error: message, message });
const noAnswer = () => new ApiError(0, MSG.connectionError);

describe('newRequestKey', () => {
  it('makes a fresh key the server accepts every time', () => {
    const keys = Array.from({ length: 50 }, newRequestKey);
    for (const key of keys) expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(new Set(keys).size).toBe(50);
  });
});

describe('the outbox', () => {
  it("keeps each player's matches apart, oldest first, and tells listeners of changes", async () => {
    const heard = vi.fn();
    const off = subscribeOutbox(7, heard);
    const a = item(7);
    const b = item(7);
    await enqueue(a);
    await enqueue(b);
    await enqueue(item(8));
    expect((await readOutbox(7)).map((i) => i.key)).toEqual([a.key, b.key]);
    expect(await readOutbox(8)).toHaveLength(1);
    expect(heard).toHaveBeenCalledTimes(2);
    await discard(7, a.key);
    expect((await readOutbox(7)).map((i) => i.key)).toEqual([b.key]);
    off();
    await clearOutbox(7);
    expect(await readOutbox(7)).toEqual([]);
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('sends each waiting match once, with its key, and removes it once recorded', async () => {
    const a = item(7);
    const b = item(7);
    await enqueue(a);
    await enqueue(b);
    const send = vi.fn<(item: OutboxItem) => Promise<void>>(async () => {});
    const result = await flushOutbox({ userId: 7, currentUserId: () => 7, send });
    expect(send.mock.calls.map(([i]) => i.key)).toEqual([a.key, b.key]);
    expect(result.sent.map((i) => i.key)).toEqual([a.key, b.key]);
    expect(result.nextAttemptAt).toBeNull();
    expect(await readOutbox(7)).toEqual([]);
    await flushOutbox({ userId: 7, currentUserId: () => 7, send });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps a match the server refused, with its message, until Reintentar or Descartar', async () => {
    const refused = item(7);
    const fine = item(7);
    await enqueue(refused);
    await enqueue(fine);
    const send = vi.fn(async (i: OutboxItem) => {
      if (i.key === refused.key) throw refusal('El mazo elegido no pertenece al jugador');
    });
    await flushOutbox({ userId: 7, currentUserId: () => 7, send });
    // The refusal does not hold back the others.
    expect(send).toHaveBeenCalledTimes(2);
    expect(await readOutbox(7)).toEqual([
      { ...refused, state: 'failed', error: 'El mazo elegido no pertenece al jugador' },
    ]);
    // Not sent again by itself.
    await flushOutbox({ userId: 7, currentUserId: () => 7, send });
    expect(send).toHaveBeenCalledTimes(2);
    await retryNow(7, refused.key);
    send.mockResolvedValue(undefined);
    await flushOutbox({ userId: 7, currentUserId: () => 7, send });
    expect(send).toHaveBeenCalledTimes(3);
    expect(await readOutbox(7)).toEqual([]);
  });

  it('keeps a limit refusal (429) as refused too, but retries a 5xx, a 401 and a timeout', async () => {
    const limited = item(7);
    await enqueue(limited);
    await flushOutbox({
      userId: 7,
      currentUserId: () => 7,
      send: () => Promise.reject(refusal('Demasiadas', 429)),
    });
    expect((await readOutbox(7))[0]).toMatchObject({ state: 'failed', error: 'Demasiadas' });
    for (const status of [500, 503, 401, 408]) {
      await clearOutbox(7);
      await enqueue(item(7));
      await flushOutbox({
        userId: 7,
        currentUserId: () => 7,
        send: () => Promise.reject(new ApiError(status, 'x')),
      });
      expect((await readOutbox(7))[0], String(status)).toMatchObject({ state: 'waiting', attempts: 1 });
    }
  });

  it('retries a send without an answer later, with a growing wait, holding back the rest', async () => {
    let now = 1_000_000;
    const a = item(7);
    const b = item(7);
    await enqueue(a);
    await enqueue(b);
    const send = vi.fn<(item: OutboxItem) => Promise<void>>(() => Promise.reject(noAnswer()));
    const first = await flushOutbox({ userId: 7, currentUserId: () => 7, send, now: () => now });
    expect(send).toHaveBeenCalledTimes(1);
    expect(first.sent).toEqual([]);
    expect(first.nextAttemptAt).toBe(0); // b has not been tried yet
    expect((await readOutbox(7))[0]).toMatchObject({ key: a.key, attempts: 1, retryAt: now + 5_000 });

    // b is tried next, a waits for its backoff.
    await flushOutbox({ userId: 7, currentUserId: () => 7, send, now: () => now });
    expect(send.mock.calls.map(([i]) => i.key)).toEqual([a.key, b.key]);
    const waiting = await flushOutbox({ userId: 7, currentUserId: () => 7, send, now: () => now });
    expect(send).toHaveBeenCalledTimes(2);
    expect(waiting.nextAttemptAt).toBe(now + 5_000);

    now += 5_000;
    send.mockImplementation(() => Promise.resolve());
    const done = await flushOutbox({ userId: 7, currentUserId: () => 7, send, now: () => now });
    expect(done.sent.map((i) => i.key)).toEqual([a.key, b.key]);
    // Every send of one match carries its one key.
    expect(send.mock.calls.filter(([i]) => i.key === a.key)).toHaveLength(2);
    expect(await readOutbox(7)).toEqual([]);
  });

  it('waits 5 s, then twice as long each time, at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(300_000);
  });

  it("never sends a player's matches under another session", async () => {
    await enqueue(item(7));
    const send = vi.fn<(item: OutboxItem) => Promise<void>>(async () => {});
    await flushOutbox({ userId: 7, currentUserId: () => 8, send });
    await flushOutbox({ userId: 7, currentUserId: () => null, send });
    expect(send).not.toHaveBeenCalled();
    expect(await readOutbox(7)).toHaveLength(1);
  });

  it('stops as soon as the session changes mid-way', async () => {
    await enqueue(item(7));
    await enqueue(item(7));
    let session: number | null = 7;
    const send = vi.fn(async () => {
      session = 8;
    });
    await flushOutbox({ userId: 7, currentUserId: () => session, send });
    expect(send).toHaveBeenCalledTimes(1);
    expect(await readOutbox(7)).toHaveLength(1);
  });

  it('sends one flush at a time: a second one meanwhile does nothing', async () => {
    await enqueue(item(7));
    let release: () => void = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = flushOutbox({ userId: 7, currentUserId: () => 7, send });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    const second = await flushOutbox({ userId: 7, currentUserId: () => 7, send });
    expect(second.busy).toBe(true);
    release();
    expect((await first).sent).toHaveLength(1);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
