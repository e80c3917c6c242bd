/**
 * How fast this machine is at the moment of a run, beside its figures: the same shared machine
 * has had days 2–6× slower than others (docs/benchmarks.md, sessions 20 and 23), and a run's
 * CPU times and Lighthouse scores cannot be judged without knowing which day it was.
 *
 * Probes in a fresh Node process (so the bench's own heap plays no part):
 * - a fixed loop of integer arithmetic: the CPU alone;
 * - the first touch of 256 MiB of fresh memory, one write per 4 KiB page: what the kernel (and,
 *   in a virtual machine, the host) spends handing out a page. A new process (a browser's
 *   renderer, a server growing its heap) pays it for every page it touches the first time;
 * - a system call (`fstat`, 200,000 times) and a round trip of one byte over a loopback TCP
 *   connection (5,000 times): what every request of a server pays the kernel. A day whose loop
 *   and memory were as usual (session 24) still had the bare Fastify ceiling spend 2–4× the CPU
 *   per request: these are the probes for such a day.
 */
import { execFileSync } from 'node:child_process';

export interface MachineCheck {
  /** The fixed loop, in milliseconds. */
  loopMs: number;
  /** Microseconds per 4 KiB page of fresh memory touched the first time. */
  pageFaultUs: number;
  /** Microseconds per `fstat` system call. */
  syscallUs: number;
  /** Microseconds per round trip of one byte over a loopback TCP connection (both ends here). */
  loopbackUs: number;
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
const fs = await import('node:fs');
const net = await import('node:net');
const t2 = process.hrtime.bigint();
for (let i = 0; i < 200000; i++) fs.fstatSync(1);
const syscallUs = Number(process.hrtime.bigint() - t2) / 1e3 / 200000;
const server = net.createServer((s) => s.on('data', (d) => s.write(d)));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = net.connect(server.address().port, '127.0.0.1');
await new Promise((resolve) => client.on('connect', resolve));
client.setNoDelay(true);
let left = 5000;
const t3 = process.hrtime.bigint();
await new Promise((resolve) => {
  client.on('data', () => (--left === 0 ? resolve() : client.write('x')));
  client.write('x');
});
const loopbackUs = Number(process.hrtime.bigint() - t3) / 1e3 / 5000;
client.destroy();
server.close();
process.stdout.write(
  JSON.stringify({ loopMs, pageFaultUs: touchNs / 1e3 / (size / 4096), syscallUs, loopbackUs, x: x > -1 }),
);
`;

export function machineCheck(): MachineCheck {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', PROBE], { encoding: 'utf8' });
  const { loopMs, pageFaultUs, syscallUs, loopbackUs } = JSON.parse(out) as MachineCheck;
  return { loopMs, pageFaultUs, syscallUs, loopbackUs };
}

/** "CPU loop 340 ms, fresh memory 17.1 µs per 4 KiB page, system call 1.1 µs, loopback round trip 22 µs". */
export function machineCheckFigure(c: MachineCheck): string {
  return (
    `CPU loop ${Math.round(c.loopMs)} ms, fresh memory ${c.pageFaultUs.toFixed(1)} µs per 4 KiB page, ` +
    `system call ${c.syscallUs.toFixed(1)} µs, loopback round trip ${Math.round(c.loopbackUs)} µs`
  );
}
