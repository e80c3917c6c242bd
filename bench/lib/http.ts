import http from 'node:http';

/** Keep-alive connections, as a browser or an app would hold them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
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
  const headers: http.OutgoingHttpHeaders = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
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
