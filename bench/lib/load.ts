import autocannon, { type Result } from 'autocannon';

export interface LoadResult {
  /** Successful requests per second over the run. */
  rps: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  token: string;
}

/**
 * Closed-loop load from this process: `connections` keep-alive connections each sending the
 * next request as soon as the previous answers. Any non-2xx answer or socket error fails the
 * run: a figure about failing requests would mean nothing.
 */
export async function load(
  url: string,
  options: LoadOptions,
  /** Wraps the measured run only (not the warm-up), to take readings around it. */
  around: (run: () => Promise<LoadResult>) => Promise<LoadResult> = (run) => run(),
): Promise<LoadResult> {
  const run = (seconds: number) =>
    autocannon({
      url,
      connections: options.connections,
      duration: seconds,
      // As a browser asks: the server's larger answers come gzipped.
      headers: { authorization: `Bearer ${options.token}`, 'accept-encoding': 'gzip' },
      timeout: 30,
    });
  const checked = async (seconds: number) => {
    const result = await run(seconds);
    if (result.non2xx > 0 || result.errors > 0 || result['2xx'] === 0) {
      const codes = Object.entries(result.statusCodeStats)
        .map(([code, { count }]) => `${code}×${count}`)
        .join(', ');
      throw new Error(
        `GET ${url}: ${result.non2xx} non-2xx (${codes}), ${result.errors} errors, ${result['2xx']} ok`,
      );
    }
    return result;
  };
  if (options.warmupSeconds > 0) await checked(options.warmupSeconds);
  return around(async () => summary(await checked(options.seconds)));
}

function summary(result: Result): LoadResult {
  return {
    rps: result['2xx'] / result.duration,
    meanMs: result.latency.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result['2xx'],
  };
}
