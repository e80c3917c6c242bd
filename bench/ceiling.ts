/**
 * The ceiling: a bare Fastify process answering the real server's recorded responses from
 * memory, so every figure of the real server can be read as a share of what Node and Fastify
 * alone reach on this machine at the same moment. It also holds WebSockets (`/ws?userId=N`)
 * and, on a POST carrying `?notify=1,2`, pushes a count message to those users' sockets: the
 * floor of the fan-out path.
 *
 * Environment: BENCH_CEILING_SPEC (a JSON file of CeilingSpec), PORT.
 */
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { NOTIFY_QUERY, READY_PREFIX, type Canned, type CeilingInfo, type CeilingSpec } from './lib/protocol';

interface Prepared {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const prepare = (c: Canned): Prepared => ({
  status: c.status,
  headers: c.headers,
  body: Buffer.from(c.body, 'base64'),
});

async function main() {
  const spec = JSON.parse(readFileSync(process.env.BENCH_CEILING_SPEC!, 'utf8')) as CeilingSpec;
  const app = Fastify({ logger: false });
  const sockets = new Map<number, Set<WebSocket>>();
  const message = JSON.stringify({ type: 'new_notification', count: 0 });

  const byUrl = new Map(Object.entries(spec.get).map(([url, c]) => [url, prepare(c)]));
  const paths = new Set([...byUrl.keys()].map((url) => url.split('?')[0]!));
  for (const path of paths) {
    app.get(path, async (request, reply) => {
      const canned = byUrl.get(request.url);
      if (!canned) return reply.code(404).send();
      return reply.code(canned.status).headers(canned.headers).send(canned.body);
    });
  }
  for (const { route, response } of spec.post) {
    const canned = prepare(response);
    app.post(route, async (request, reply) => {
      const notify = (request.query as Record<string, string | undefined>)[NOTIFY_QUERY];
      if (notify) {
        setImmediate(() => {
          for (const id of notify.split(','))
            for (const socket of sockets.get(Number(id)) ?? []) socket.send(message);
        });
      }
      return reply.code(canned.status).headers(canned.headers).send(canned.body);
    });
  }

  const wss = new WebSocketServer({ noServer: true });
  app.server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://ceiling');
    const userId = Number(url.searchParams.get('userId'));
    if (url.pathname !== '/ws' || !Number.isSafeInteger(userId)) return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      const set = sockets.get(userId) ?? new Set<WebSocket>();
      sockets.set(userId, set);
      set.add(ws);
      ws.on('close', () => set.delete(ws));
      ws.send(message);
    });
  });

  const stop = () => {
    for (const set of sockets.values()) for (const ws of set) ws.terminate();
    void app.close().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const info: CeilingInfo = { port, pid: process.pid };
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
}

await main();
