/**
 * How fast this machine is at the moment of a run, beside its figures: the same shared machine
 * has had days 2–6× slower than others (docs/benchmarks.md, sessions 20 and 23), and a run's
 * CPU times and Lighthouse scores cannot be judged without knowing which day it was.
 *
 * Two probes, each in a fresh Node process (so the bench's own heap plays no part):
 * - a fixed loop of integer arithmetic: the CPU alone;
 * - the first touch of 256 MiB of fresh memory, one write per 4 KiB page: what the kernel (and,
 *   in a virtual machine, the host) spends handing out a page. A new process (a browser's
 *   renderer, a server growing its heap) pays it for every page it touches the first time.
 */
import { execFileSync } from 'node:child_process';

export interface MachineCheck {
  /** The fixed loop, in milliseconds. */
  loopMs: number;
  /** Microseconds per 4 KiB page of fresh memory touched the first time. */
  pageFaultUs: number;
}

const PROBE = `
const t0 = process.hrtime.bigint();
let x = 0;
for (let i = 0; i < 1e8; i++) x = (x + i * 7) % 1000003;
const loopMs = Number(process.hrtime.bigint() - t0) / 1e6;
const size = 256 * 1024 * 1024;
const t1 = process.hrtime.bigint();
const b = Buffer.allocUnsafeSlow(size);
for (let i = 0; i < size; i += 4096) b[i] = 1;
const touchNs = Number(process.hrtime.bigint() - t1);
process.stdout.write(JSON.stringify({ loopMs, pageFaultUs: touchNs / 1e3 / (size / 4096), x: x > -1 }));
`;

export function machineCheck(): MachineCheck {
  const out = execFileSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' });
  const { loopMs, pageFaultUs } = JSON.parse(out) as MachineCheck;
  return { loopMs, pageFaultUs };
}

/** "CPU loop 340 ms, fresh memory 17.1 µs per page". */
export function machineCheckFigure(c: MachineCheck): string {
  return `CPU loop ${Math.round(c.loopMs)} ms, fresh memory ${c.pageFaultUs.toFixed(1)} µs per 4 KiB page`;
}
