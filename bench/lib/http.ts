import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/** Keep-alive connections, as a browser or an app would hold them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body, inflated when it came gzipped. */
  body: Buffer;
  /** The body as it came over the wire. */
  wire: Buffer;
}

export class HttpError extends Error {}

export function request(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown } = {},
): Promise<Reply> {
  const url = new URL(path, base);
  const payload = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  // As a browser asks, so that the server's gzipped answers are what a player's phone receives.
  const headers: http.OutgoingHttpHeaders = { 'accept-encoding': 'gzip' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const gzipped = res.headers['content-encoding'] === 'gzip';
        try {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: gzipped ? gunzipSync(raw) : raw,
            wire: raw,
          });
        } catch (error) {
          reject(error as Error);
        }
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A request that must succeed: anything but 2xx is a failure of the benchmark run. */
export async function expectOk(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown } = {},
): Promise<Reply> {
  const reply = await request(base, method, path, options);
  if (reply.status < 200 || reply.status > 299) {
    throw new HttpError(
      `${method} ${path} answered ${reply.status}: ${reply.body.toString('utf8').slice(0, 300)}`,
    );
  }
  return reply;
}

export function json<T>(reply: Reply): T {
  return JSON.parse(reply.body.toString('utf8')) as T;
}
