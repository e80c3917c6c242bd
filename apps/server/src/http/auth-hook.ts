import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '@mitos/domain/messages';
import { ACCESS_COOKIE, verifyAccessToken } from '../auth/tokens';
import type { SessionUser } from '../auth/session';
import { unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook that answers 401 unless a valid access token came with the request. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return undefined;
}

/** The signed-in user of a request, from the access cookie or an `Authorization: Bearer` header. */
export function readSession(
  request: FastifyRequest,
  secret: string,
  extraToken?: string,
): SessionUser | null {
  const candidates = [bearerToken(request), request.cookies?.[ACCESS_COOKIE], extraToken];
  for (const token of candidates) {
    const claims = verifyAccessToken(token, secret);
    if (claims) return { id: claims.sub, role: claims.role, familyId: claims.fam };
  }
  return null;
}

/** Access to the signed-in user inside a handler that ran requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized(MSG.notAuthenticated);
  return request.sessionUser;
}

export const authHook = fp(async (app: FastifyInstance, opts: { secret: string }) => {
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    request.sessionUser = readSession(request, opts.secret);
  });
  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (!request.sessionUser) throw unauthorized(MSG.notAuthenticated);
  });
});
