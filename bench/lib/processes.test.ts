import { describe, expect, it } from 'vitest';
import { cpuMillis, mainThreadCpuMillis, statCpuMillis } from './processes';

/** A /proc stat line: `comm` as the kernel writes it, utime and stime in ticks (USER_HZ). */
function statLine(comm: string, utime: number, stime: number): string {
  const after = ['S', '1', '1', '1', '0', '-1', '4194304', '100', '0', '0', '0', utime, stime, '0', '0'];
  return `4242 (${comm}) ${after.join(' ')} 20 0 11 0 500 1000000 2000`;
}

describe('CPU time read from /proc', () => {
  it('adds user and system time, ten milliseconds a tick', () => {
    expect(statCpuMillis(statLine('node', 150, 25))).toBe(1750);
  });

  it('reads past a command name holding spaces and parentheses', () => {
    expect(statCpuMillis(statLine('V8 Worker) (x', 3, 4))).toBe(70);
    expect(statCpuMillis(statLine(') 1 2 3', 0, 9))).toBe(90);
  });

  it("reads this process's main thread, which never counts more than the whole process", () => {
    const main = mainThreadCpuMillis(process.pid);
    const whole = cpuMillis(process.pid);
    expect(Number.isFinite(main)).toBe(true);
    expect(main).toBeGreaterThan(0);
    expect(main).toBeLessThanOrEqual(whole);
  });
});
