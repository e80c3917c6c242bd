import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { authHook } from '../src/http/auth-hook';
import { NotificationHub, type NotificationHubOptions } from '../src/notifications/hub';
import { ChangeFeed } from '../src/changes/feed';
import { ReadCache } from '../src/cache/read-cache';
import { notificationRoutes } from '../src/notifications/routes';
import type { Database } from '../src/db/client';
import { TEST_SECRET, testConfig } from './helpers';

export interface SocketServer {
  app: FastifyInstance;
  hub: NotificationHub;
  feed: ChangeFeed;
  /** The live socket's address (`ws://…/ws`). */
  base: string;
  /** The server's end of every socket accepted so far, in order. */
  serverSockets: WebSocket[];
}

/**
 * A bare Fastify with the session hook and the live-socket routes over a hub of the test's own
 * (its count, its bounds), on `database`, listening on a free port. The feed is not started.
 */
export async function listenWithHub(
  database: Database,
  hubOptions: Omit<NotificationHubOptions, 'log'>,
): Promise<SocketServer> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 4096 } });
  await app.register(authHook, { secret: TEST_SECRET });
  const serverSockets: WebSocket[] = [];
  app.websocketServer.on('connection', (socket: WebSocket) => serverSockets.push(socket));
  const hub = new NotificationHub({ ...hubOptions, log: app.log });
  const feed = new ChangeFeed(database, app.log);
  const config = testConfig();
  const cache = new ReadCache({ maxBytes: config.readCacheBytes });
  const push = { notify: () => undefined };
  await app.register(notificationRoutes({ config, database, changes: feed, cache, push }, hub));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  return { app, hub, feed, base, serverSockets };
}
