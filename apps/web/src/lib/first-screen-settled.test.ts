import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetScreenLoads, trackScreenLoad, whenFirstScreenSettled } from './first-screen-settled';

const OPTIONS = { quietMs: 1_000, maxWaitMs: 15_000, pollMs: 250 };

function fakeClient() {
  const state = { fetching: 0, mutating: 0 };
  return { state, client: { isFetching: () => state.fetching, isMutating: () => state.mutating } };
}

/** A screen's file whose load the test finishes. */
function screenFile() {
  let finish!: () => void;
  const load = trackScreenLoad(new Promise<void>((resolve) => (finish = resolve)));
  return { load, finish };
}

async function settledAfter(promise: Promise<void>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('whenFirstScreenSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetScreenLoads();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first screen’s file, then for a quiet second with nothing in flight', async () => {
    const { client } = fakeClient();
    const settled = whenFirstScreenSettled(client, OPTIONS);
    // Nothing in flight, but no screen has loaded yet (the session check answered, the router has
    // not asked for the screen's file): not settled.
    expect(await settledAfter(settled, 5_000)).toBe(false);
    const screen = screenFile();
    expect(await settledAfter(settled, 2_000)).toBe(false);
    screen.finish();
    await screen.load;
    expect(await settledAfter(settled, 750)).toBe(false);
    expect(await settledAfter(settled, 500)).toBe(true);
  });

  it('waits while a query or a mutation is in flight, and counts the quiet from its end', async () => {
    const { client, state } = fakeClient();
    const screen = screenFile();
    screen.finish();
    await screen.load;
    state.fetching = 2;
    const settled = whenFirstScreenSettled(client, OPTIONS);
    expect(await settledAfter(settled, 4_000)).toBe(false);
    state.fetching = 0;
    state.mutating = 1;
    expect(await settledAfter(settled, 3_000)).toBe(false);
    state.mutating = 0;
    expect(await settledAfter(settled, 500)).toBe(false);
    expect(await settledAfter(settled, 750)).toBe(true);
  });

  it('waits while another screen’s file is loading', async () => {
    const { client } = fakeClient();
    const first = screenFile();
    first.finish();
    await first.load;
    const second = screenFile();
    const settled = whenFirstScreenSettled(client, OPTIONS);
    expect(await settledAfter(settled, 3_000)).toBe(false);
    second.finish();
    await second.load;
    expect(await settledAfter(settled, 1_250)).toBe(true);
  });

  it('a screen’s file that failed to load counts as loaded (the screen shows its error)', async () => {
    const { client } = fakeClient();
    const failed = trackScreenLoad(Promise.reject(new Error('Failed to fetch dynamically imported module')));
    await expect(failed).rejects.toThrow();
    expect(await settledAfter(whenFirstScreenSettled(client, OPTIONS), 1_250)).toBe(true);
  });

  it('resolves after the longest wait even when something stays in flight', async () => {
    const { client, state } = fakeClient();
    state.fetching = 1;
    const settled = whenFirstScreenSettled(client, OPTIONS);
    expect(await settledAfter(settled, 14_500)).toBe(false);
    expect(await settledAfter(settled, 500)).toBe(true);
  });
});
