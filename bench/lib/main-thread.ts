/**
 * A page's main thread in a Chromium trace (the one Lighthouse records of a run): the CPU its
 * tasks used against the time they took on the clock.
 *
 * Lighthouse's total blocking time counts each task's duration on the clock, ×4 for its simulated
 * phone CPU. On this machine (2 cores, shared by the server, Chromium's browser process, its
 * software compositor and Lighthouse itself) a task's clock time was 1.5–3× its CPU time in
 * session 38's traces: a 128 ms task used 44 ms of CPU while the compositor used 48 ms and the
 * browser process 23 ms beside it. The CPU figures say what the page itself asked of the main
 * thread; the gap between the two is the machine's (docs/benchmarks.md, session 38).
 */

/** The part of a trace event read here (Chromium's JSON trace format). */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  /** Clock duration, microseconds (complete events). */
  dur?: number;
  /** The thread's CPU time over the event, microseconds, when the trace records it. */
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

export interface MainThreadTime {
  /** Top-level tasks of the page's main thread from its navigation on. */
  tasks: number;
  /** Their CPU time. */
  cpuMs: number;
  /** Their time on the clock. */
  wallMs: number;
  /** The CPU time of the longest of them (by CPU). */
  longestCpuMs: number;
  /**
   * Lighthouse's blocking rule applied to CPU time instead of clock time: each task's CPU time
   * ×4 (its simulated phone), less 50 ms, summed.
   */
  cpuBlockingMs: number;
}

/** Lighthouse's simulated phone CPU: 4× slower than the machine's. */
const CPU_SLOWDOWN = 4;
/** A task blocks for what it takes past 50 ms. */
const BLOCKING_AFTER_MS = 50;

/**
 * The page's main thread: the renderer thread of the last main-frame navigation to `url` (the
 * last main-frame navigation when none names it). Null when the trace has no such navigation or
 * no CPU times.
 */
export function mainThreadTime(events: readonly TraceEvent[], url: string): MainThreadTime | null {
  const navigations = events.filter(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame === true,
  );
  const toUrl = navigations.filter((e) => e.args?.data?.documentLoaderURL === url);
  const navigation = (toUrl.length ? toUrl : navigations).at(-1);
  if (!navigation) return null;
  const tasks = events.filter(
    (e) =>
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.pid === navigation.pid &&
      e.tid === navigation.tid &&
      e.ts >= navigation.ts &&
      e.dur !== undefined &&
      e.tdur !== undefined,
  );
  if (tasks.length === 0) return null;
  let cpu = 0;
  let wall = 0;
  let longest = 0;
  let blocking = 0;
  for (const task of tasks) {
    const cpuMs = task.tdur! / 1000;
    cpu += cpuMs;
    wall += task.dur! / 1000;
    longest = Math.max(longest, cpuMs);
    blocking += Math.max(0, CPU_SLOWDOWN * cpuMs - BLOCKING_AFTER_MS);
  }
  return { tasks: tasks.length, cpuMs: cpu, wallMs: wall, longestCpuMs: longest, cpuBlockingMs: blocking };
}

/** "main thread 460 ms of CPU in 980 ms (longest task 22 ms; blocking at 4× CPU 30 ms)". */
export function mainThreadFigure(t: MainThreadTime): string {
  const ms = (n: number) => `${Math.round(n)} ms`;
  return (
    `main thread ${ms(t.cpuMs)} of CPU in ${ms(t.wallMs)} ` +
    `(longest task ${ms(t.longestCpuMs)}; blocking at ${CPU_SLOWDOWN}× CPU ${ms(t.cpuBlockingMs)})`
  );
}
