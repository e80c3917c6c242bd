import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@mitos/domain/messages';
import { sendError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests are accepted only from the app's own origin. Browsers send
 * Sec-Fetch-Site and Origin; clients that send neither (curl, tests, other servers) carry no
 * ambient cookies of a victim, so they are let through.
 */
export function isCrossSite(headers: Record<string, string | string[] | undefined>): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = headers.origin;
  // HTTP/2 names the host in the :authority pseudo-header; a browser sends no Host there.
  const host = headers['x-forwarded-host'] ?? headers.host ?? headers[':authority'];
  if (typeof origin === 'string' && origin !== 'null' && typeof host === 'string') {
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  return origin === 'null';
}

export const originCheck = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isCrossSite(request.headers)) return sendError(reply, 403, MSG.forbiddenOrigin);
  });
});
