import { afterEach, describe, expect, it } from 'vitest';
import { delays, EventLoopMonitor, watchEventLoop } from './event-loop';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const block = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('EventLoopMonitor', () => {
  let monitor: EventLoopMonitor | undefined;
  afterEach(() => monitor?.close());

  it('has nothing to say before its timer first ticks', () => {
    monitor = new EventLoopMonitor(60_000);
    expect(monitor.stats()).toEqual({ windowSeconds: 60, last: null, current: null });
  });

  it('reports a stall of the loop as its delay, without the timer’s own interval', async () => {
    monitor = new EventLoopMonitor(60_000);
    await sleep(30);
    block(150);
    await sleep(30);
    const stalled = monitor.stats().current!;
    expect(stalled.maxMs).toBeGreaterThanOrEqual(120);
    expect(stalled.maxMs).toBeLessThan(5_000);
  });

  it('keeps the last whole window and starts the next one empty', async () => {
    monitor = new EventLoopMonitor(60_000);
    await sleep(20);
    block(100);
    await sleep(30);
    monitor.rotate();
    const { last, current } = monitor.stats();
    expect(last!.maxMs).toBeGreaterThanOrEqual(80);
    expect(current).toBeNull();
    await sleep(40);
    // The stall is the last window's, not the new one's.
    expect(monitor.stats().current!.maxMs).toBeLessThan(last!.maxMs);
  });

  it('counts what exceeds the 10 ms interval Node records with each tick, in ms', () => {
    const ticks = [10.4, 10.6, 55];
    const histogram = {
      count: ticks.length,
      percentile: (p: number) => (p <= 50 ? 10.6 : 55) * 1e6,
      max: Math.max(...ticks) * 1e6,
    };
    expect(delays(histogram)).toEqual({ p50Ms: 0.6, p99Ms: 45, maxMs: 45 });
    // A timer that ticked early is no negative delay.
    expect(delays({ ...histogram, percentile: () => 9.8e6 })!.p50Ms).toBe(0);
    expect(delays({ ...histogram, count: 0 })).toBeNull();
  });

  it('is one per process', () => {
    expect(watchEventLoop()).toBe(watchEventLoop());
  });
});
