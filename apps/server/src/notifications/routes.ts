import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { ZErrorResponse } from '@mitos/domain/common';
import { MSG } from '@mitos/domain/messages';
import { ZInboxListQuery, ZMatchList, ZNotificationCount } from '@mitos/domain/matches';
import type { AppContext } from '../context';
import { currentUser, readSession } from '../http/auth-hook';
import { isCrossSite } from '../http/origin-check';
import { sendRead } from '../http/cached-reply';
import { CLOSE_POLICY, type NotificationHub } from './hub';
import { countRead, pendingRead, rejectedRead } from './service';

/** Close codes a browser can read (HTTP statuses of a refused upgrade are hidden from it). */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_FORBIDDEN = 4403;

function queryText(request: FastifyRequest, name: string): string | string[] | undefined {
  return (request.query as Record<string, string | string[] | undefined> | undefined)?.[name];
}

/**
 * Lets go of the HTTP exchange that opened a socket, which otherwise lives as long as the socket:
 * @fastify/websocket's error listener holds the upgrade's request and reply (with their headers,
 * raw request and response, and logger), and the TCP socket still names the response it was
 * opened with (`_httpMessage`; the reply is hijacked, so it never finishes and lets go). A few kB
 * per connected phone: about 10 MB resident for the bench's 2,000 (docs/benchmarks.md, session
 * 23). The socket keeps an error listener of its own: a socket error ends that one connection.
 */
export function releaseUpgrade(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger): void {
  socket.removeAllListeners('error');
  socket.on('error', (err) => {
    log.warn({ err }, 'websocket error');
    socket.terminate();
  });
  // Absent on a socket that did not come through a TCP connection (fastify-websocket's injectWS).
  const tcp = request.raw.socket as (Socket & { _httpMessage?: ServerResponse | null }) | undefined;
  if (tcp?._httpMessage) tcp._httpMessage.detachSocket(tcp);
}

export function notificationRoutes(ctx: AppContext, hub: NotificationHub): FastifyPluginAsyncZod {
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse };
  return async (app) => {
    // The inbox lists (SPEC §7 names them under /api/matches).
    for (const [url, read] of [
      ['/api/matches/pending', pendingRead],
      ['/api/matches/rejected', rejectedRead],
    ] as const) {
      app.get(
        url,
        {
          preHandler: app.requireUser,
          schema: {
            tags: ['matches'],
            querystring: ZInboxListQuery,
            response: { 200: ZMatchList, ...errors },
          },
        },
        async (request, reply) => {
          await sendRead(reply, ctx, read, { userId: currentUser(request).id, query: request.query });
          return reply;
        },
      );
    }

    app.get(
      '/api/notifications/count',
      {
        preHandler: app.requireUser,
        schema: { tags: ['notifications'], response: { 200: ZNotificationCount, 401: ZErrorResponse } },
      },
      async (request, reply) => {
        await sendRead(reply, ctx, countRead, currentUser(request).id);
        return reply;
      },
    );

    /**
     * Live count for the signed-in user: `{type: "new_notification", count}` on connect and
     * after every change touching them, and `{type: "community_changed"}` (at most once a second)
     * when a store, season, league or tournament changes, `{type: "community_changed", scope:
     * "standings"}` (at most once per LIVE_STANDINGS_INTERVAL_MS) when only the season counts do
     * (decision 061). Signed in by the access cookie, a bearer header or a
     * `token` query parameter; a `userId` parameter must name that same user. The hub takes the
     * socket from there: it answers `{"type":"ping"}` and closes the socket on anything else, on
     * a flood, or when it stops reading what it is sent.
     */
    app.get('/ws', { websocket: true }, (socket: WebSocket, request) => {
      const token = queryText(request, 'token');
      const session = readSession(
        request,
        ctx.config.sessionSecret,
        typeof token === 'string' ? token : undefined,
      );
      if (isCrossSite(request.headers)) return socket.close(CLOSE_FORBIDDEN, MSG.forbiddenOrigin);
      if (!session) return socket.close(CLOSE_UNAUTHENTICATED, MSG.notAuthenticated);
      const claimed = queryText(request, 'userId');
      if (claimed !== undefined && claimed !== String(session.id)) {
        return socket.close(CLOSE_FORBIDDEN, MSG.forbidden);
      }
      if (!hub.add(session.id, socket)) return socket.close(CLOSE_POLICY, MSG.tooManyConnections);
      releaseUpgrade(socket, request, app.log);
    });
  };
}
