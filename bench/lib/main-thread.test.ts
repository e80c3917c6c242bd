import { describe, expect, it } from 'vitest';
import { mainThreadFigure, mainThreadTime, type TraceEvent } from './main-thread';

const URL = 'https://127.0.0.1:3901/profile';

function navigation(pid: number, tid: number, ts: number, url: string, mainFrame = true): TraceEvent {
  return {
    name: 'navigationStart',
    ph: 'R',
    pid,
    tid,
    ts,
    args: { data: { isLoadingMainFrame: mainFrame, documentLoaderURL: url } },
  };
}

/** A task of `wallMs` on the clock that used `cpuMs` of CPU. */
function task(pid: number, tid: number, ts: number, wallMs: number, cpuMs: number): TraceEvent {
  return { name: 'RunTask', ph: 'X', pid, tid, ts, dur: wallMs * 1000, tdur: cpuMs * 1000 };
}

describe('mainThreadTime', () => {
  it("sums the CPU and the clock time of the page's main-thread tasks from its navigation on", () => {
    const events = [
      navigation(1, 10, 1_000_000, URL),
      task(1, 10, 900_000, 80, 80), // before the navigation
      task(1, 10, 1_100_000, 128, 44),
      task(1, 10, 1_300_000, 20, 10),
      task(1, 11, 1_300_000, 60, 60), // the compositor thread
      task(2, 10, 1_300_000, 60, 60), // another process
      { name: 'FunctionCall', ph: 'X', pid: 1, tid: 10, ts: 1_100_100, dur: 100_000, tdur: 40_000 },
    ];
    expect(mainThreadTime(events, URL)).toEqual({
      tasks: 2,
      cpuMs: 54,
      wallMs: 148,
      longestCpuMs: 44,
      // 4 × 44 − 50 = 126; 4 × 10 − 50 < 0 counts nothing.
      cpuBlockingMs: 126,
    });
  });

  it('takes the last main-frame navigation to the URL, not a sign-in page or a frame before it', () => {
    const events = [
      navigation(1, 10, 1_000_000, 'https://127.0.0.1:3901/login'),
      navigation(3, 30, 2_000_000, URL),
      navigation(3, 30, 2_500_000, 'https://127.0.0.1:3901/frame', false),
      task(1, 10, 1_100_000, 30, 30),
      task(3, 30, 2_100_000, 30, 20),
      task(3, 30, 2_600_000, 15, 15),
    ];
    expect(mainThreadTime(events, URL)).toMatchObject({ tasks: 2, cpuMs: 35, wallMs: 45 });
  });

  it("falls back to the last main-frame navigation when none names the URL (a redirect's)", () => {
    const events = [navigation(1, 10, 0, 'https://127.0.0.1:3901/login'), task(1, 10, 10, 30, 12)];
    expect(mainThreadTime(events, URL)).toMatchObject({ tasks: 1, cpuMs: 12 });
  });

  it('is null without a navigation, or without CPU times in the trace', () => {
    expect(mainThreadTime([task(1, 10, 0, 30, 30)], URL)).toBeNull();
    const noCpu: TraceEvent = { name: 'RunTask', ph: 'X', pid: 1, tid: 10, ts: 10, dur: 30_000 };
    expect(mainThreadTime([navigation(1, 10, 0, URL), noCpu], URL)).toBeNull();
  });
});

describe('mainThreadFigure', () => {
  it('says the CPU, the clock, the longest task and the blocking at 4× CPU', () => {
    expect(
      mainThreadFigure({ tasks: 40, cpuMs: 459.6, wallMs: 980.2, longestCpuMs: 22.4, cpuBlockingMs: 30.5 }),
    ).toBe('main thread 460 ms of CPU in 980 ms (longest task 22 ms; blocking at 4× CPU 31 ms)');
  });
});
