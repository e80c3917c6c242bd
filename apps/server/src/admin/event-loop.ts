import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** How late the event loop ran a timer, in ms: every request waiting then waited that long too. */
export interface LoopDelay {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** How often the delays are sampled (Node's timer, ms): a stall shorter than this goes unseen. */
const RESOLUTION_MS = 10;

/**
 * The event loop's delays, for /api/admin/metrics (issue 19): a latency tail shared by every
 * endpoint, cheap ones included, is the loop busy with something else (a large answer serialised,
 * a rating settled) rather than a slow query. Kept per window of `windowMs`: `last` is the last
 * whole window, `current` the one under way; a window starts empty, so a stall is reported for at
 * most two windows, then forgotten.
 */
export class EventLoopMonitor {
  private readonly histogram: IntervalHistogram;
  private readonly timer: NodeJS.Timeout;
  private last: LoopDelay | null = null;

  constructor(readonly windowMs = 10_000) {
    this.histogram = loopDelayHistogram();
    this.histogram.enable();
    this.timer = setInterval(() => this.rotate(), windowMs);
    this.timer.unref();
  }

  /** Ends the window under way: it becomes `last`, and a new one starts. */
  rotate(): void {
    this.last = delays(this.histogram);
    this.histogram.reset();
  }

  stats(): { windowSeconds: number; last: LoopDelay | null; current: LoopDelay | null } {
    return { windowSeconds: this.windowMs / 1000, last: this.last, current: delays(this.histogram) };
  }

  close(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

/** A histogram of the event loop's delays, sampled at the resolution `delays` reads them with. */
export function loopDelayHistogram(): IntervalHistogram {
  return monitorEventLoopDelay({ resolution: RESOLUTION_MS });
}

let watching: EventLoopMonitor | undefined;

/**
 * The process's one monitor (the event loop is the process's, whatever the apps built in it),
 * started by the first call; its timer never keeps the process alive.
 */
export function watchEventLoop(): EventLoopMonitor {
  watching ??= new EventLoopMonitor();
  return watching;
}

/**
 * Node records the time between two ticks of its timer, the resolution included (an idle loop
 * records about 10 ms): the delay is what exceeds it. Null before the first tick.
 */
export function delays(histogram: Pick<IntervalHistogram, 'count' | 'percentile' | 'max'>): LoopDelay | null {
  if (histogram.count === 0) return null;
  const late = (ns: number) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 10) / 10);
  return {
    p50Ms: late(histogram.percentile(50)),
    p99Ms: late(histogram.percentile(99)),
    maxMs: late(histogram.max),
  };
}
