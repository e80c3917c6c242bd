import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildServer, nodeArgs, SERVER_DIR } from '../../apps/server/build.mjs';
import { READY_PREFIX } from './protocol';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const running = new Set<ChildProcess>();

// Whatever ends the driver, no server it started outlives it.
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface Started<T> {
  pid: number;
  info: T;
  /** The last lines the process wrote, for an error message. */
  output(): string;
  stop(): Promise<void>;
}

/** Output kept and a stop that waits for the exit, for any process the bench starts. */
function supervise(child: ChildProcess) {
  running.add(child);
  const tail: string[] = [];
  const remember = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
  };
  const output = () => tail.join('\n');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { remember, output, stop };
}

/**
 * Runs a bench/*.ts entry as its own Node process (TypeScript through tsx's loader, so the pid
 * is the process's own) and waits for its ready line.
 */
export function startProcess<T>(
  script: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<Started<T>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: BENCH_DIR,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { remember, output, stop } = supervise(child);

  return new Promise((resolve, reject) => {
    let buffered = '';
    let ready = false;
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} was not ready after ${timeoutMs / 1000} s:\n${output()}`));
    }, timeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => chunk.split('\n').forEach(remember));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!ready && line.startsWith(READY_PREFIX)) {
          ready = true;
          clearTimeout(timer);
          resolve({ pid: child.pid!, info: JSON.parse(line.slice(READY_PREFIX.length)) as T, output, stop });
        } else remember(line);
      }
    });
    child.once('exit', (code, signal) => {
      if (ready) return;
      clearTimeout(timer);
      reject(new Error(`${script} exited (${signal ?? code}) before it was ready:\n${output()}`));
    });
  });
}

/** How often a starting server is asked whether it answers. */
const POLL_MS = 10;

/** Whether `url` answers 2xx; an https:// one with the certificate `ca` (a PEM) trusted. */
async function answersOk(url: string, ca?: Buffer): Promise<boolean> {
  if (!ca) {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.ok;
  }
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca, timeout: 5_000 }, (res) => {
        res.resume();
        res.on('end', () => resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300));
      })
      .on('error', reject)
      .on('timeout', function (this: { destroy(err: Error): void }) {
        this.destroy(new Error('timeout'));
      });
  });
}

/**
 * Asks `url` every 10 ms until it answers 2xx; answers the milliseconds from `since` (a
 * performance.now()) to that answer. Rejects when `child` exits first or after `timeoutMs`.
 * `ca`: the certificate an https:// server answers with.
 */
export async function firstAnswer(
  url: string,
  child: ChildProcess,
  since: number,
  timeoutMs: number,
  ca?: Buffer,
): Promise<number> {
  while (child.exitCode === null && child.signalCode === null) {
    try {
      if (await answersOk(url, ca)) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`the process exited (${child.signalCode ?? child.exitCode}) before ${url} answered`);
}

/** The server bundle, built once per bench run: what the run measures is the source checked out. */
let built: Promise<void> | undefined;

/**
 * Runs the compiled server (apps/server/dist/server.js, built by buildServer) as `npm start`
 * runs it (built once per bench run), its pid the server's own, and waits until GET /api/health answers. `env` names the
 * database, the port and the rest of its configuration.
 */
export async function startCompiledServer(
  env: Record<string, string>,
  timeoutMs: number,
): Promise<Started<{ port: number }>> {
  await (built ??= buildServer());
  // BENCH_SERVER_NODE_FLAGS: Node's flags for the server only, to profile it under a measure
  // (`--cpu-prof --cpu-prof-dir=/tmp/prof`, which NODE_OPTIONS refuses).
  const flags = process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, nodeArgs('server', flags), {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { remember, output, stop } = supervise(child);
  for (const stream of [child.stdout!, child.stderr!])
    stream.setEncoding('utf8').on('data', (chunk: string) => chunk.split('\n').forEach(remember));
  const port = Number(env.PORT);
  // Started with TLS_CERT_FILE (the phone's screens over HTTPS): that certificate is trusted.
  const ca = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : undefined;
  const scheme = ca ? 'https' : 'http';
  try {
    await firstAnswer(`${scheme}://127.0.0.1:${port}/api/health`, child, performance.now(), timeoutMs, ca);
  } catch (err) {
    await stop();
    throw new Error(`the server did not start: ${(err as Error).message}\n${output()}`);
  }
  return { pid: child.pid!, info: { port }, output, stop };
}

/** Resident set size of a process, in bytes, as the kernel counts it. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/**
 * The CPU time (user and system, in milliseconds) a line of /proc's `stat` counts: the process's
 * in /proc/<pid>/stat, one thread's in /proc/<pid>/task/<tid>/stat.
 */
export function statCpuMillis(stat: string): number {
  // Fields after the command name, which may itself hold spaces and parentheses (the last ')'
  // closes it); utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  // /proc counts in USER_HZ, 100 per second on Linux whatever the kernel's own tick.
  return ticks * 10;
}

/** CPU time a process has used so far (user and system, all its threads), in milliseconds. */
export function cpuMillis(pid: number): number {
  return statCpuMillis(readFileSync(`/proc/${pid}/stat`, 'utf8'));
}

/**
 * CPU time a process's main thread has used so far, in milliseconds: for the server, its event
 * loop, the JavaScript and (on PGlite) the database, without V8's helper threads (the garbage
 * collector's concurrent work, compilation) or libuv's pool.
 */
export function mainThreadCpuMillis(pid: number): number {
  return statCpuMillis(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
}

/** Samples a process's resident size until stopped; answers the largest seen. */
export function sampleResident(pid: number, everyMs = 100): () => number {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentBytes(pid));
    } catch {
      // The process ended; the peak so far stands and the caller finds out from the process.
    }
  }, everyMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/**
 * The next port of the bench's range (3200–3299) that nothing listens on, from a random place in
 * it: two benches started side by side (other worktrees) would otherwise both probe 3200, find it
 * free and race to listen on it.
 */
let tried = 0;
let nextPort = 3200 + Math.floor(Math.random() * 100);
export async function freePort(): Promise<number> {
  while (tried++ < 100) {
    const port = nextPort;
    nextPort = nextPort === 3299 ? 3200 : nextPort + 1;
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port left in 3200-3299');
}
