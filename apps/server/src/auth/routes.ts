import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZLoginRequest, ZRegisterRequest } from '@mitos/domain/auth';
import { ZAuthUserResponse, ZLoginFailure, ZMeResponse } from '@mitos/domain/session';
import { ZErrorResponse, ZSuccess } from '@mitos/domain/common';
import { MSG } from '@mitos/domain/messages';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { sendRead } from '../http/cached-reply';
import { isSecureRequest } from '../http/security-headers';
import { presentSelfUser } from '../users/presenter';
import * as auth from './service';
import { AuthThrottle } from './throttle';
import { DEFAULT_LIMITS } from './throttle-policy';
import { ACCESS_COOKIE, ACCESS_TTL_SECONDS, REFRESH_COOKIE, REFRESH_TTL_SECONDS } from './tokens';

const REFRESH_PATH = '/api/auth';

/** Whether a request carries a session's token, valid or not: a cookie of either kind or a bearer. */
function claimsSession(request: FastifyRequest): boolean {
  return Boolean(
    request.headers.authorization || request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE],
  );
}

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const cookieBase = (reply: FastifyReply) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureRequest(reply.request, ctx.config.cookieSecure),
  });

  function setSessionCookies(reply: FastifyReply, session: auth.IssuedSession) {
    reply.setCookie(ACCESS_COOKIE, session.accessToken, {
      ...cookieBase(reply),
      path: '/',
      maxAge: ACCESS_TTL_SECONDS,
    });
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      ...cookieBase(reply),
      path: REFRESH_PATH,
      maxAge: REFRESH_TTL_SECONDS,
    });
  }

  function clearSessionCookies(reply: FastifyReply) {
    reply.clearCookie(ACCESS_COOKIE, { ...cookieBase(reply), path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { ...cookieBase(reply), path: REFRESH_PATH });
  }

  // Per address (sign-in and registration together), per account and address, per account: in
  // the database, shared by every process.
  const throttle = new AuthThrottle(ctx.database.db, {
    ...DEFAULT_LIMITS,
    perAddress: ctx.config.authRateLimit,
    perAccount: ctx.config.authAccountLimit,
  });

  return async (app) => {
    app.get(
      '/api/auth/me',
      { schema: { tags: ['auth'], response: { 200: ZMeResponse, 401: ZMeResponse } } },
      async (request, reply) => {
        const session = request.sessionUser;
        const sent = session !== null && (await sendRead(reply, ctx, auth.meRead, session.id));
        if (sent) return reply;
        // Nobody signed in on this browser: a plain answer (SPEC: "401 accepted as not
        // authenticated"), so that a signed-out visit logs no failed request. A token that no
        // longer holds (an expired access token, a refresh cookie alone) gets the 401 that makes
        // the app refresh the session and ask again.
        return reply
          .code(claimsSession(request) ? 401 : 200)
          .send({ authenticated: false as const, user: null });
      },
    );

    app.post(
      '/api/auth/login',
      {
        schema: {
          tags: ['auth'],
          body: ZLoginRequest,
          response: {
            200: ZAuthUserResponse,
            401: z.extend(ZLoginFailure, { message: z.string() }),
            429: ZErrorResponse,
            400: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        try {
          const session = await auth.login(ctx, request.body, throttle, request.ip);
          setSessionCookies(reply, session);
          return { success: true as const, user: presentSelfUser(session.user, session.accessToken) };
        } catch (err) {
          if (err instanceof AppError && err.statusCode === 401) {
            return reply
              .code(401)
              .send({ success: false as const, error: MSG.badCredentials, message: MSG.badCredentials });
          }
          throw err;
        }
      },
    );

    app.post(
      '/api/auth/register',
      {
        schema: {
          tags: ['auth'],
          body: ZRegisterRequest,
          response: { 201: ZAuthUserResponse, 400: ZErrorResponse, 409: ZErrorResponse, 429: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const user = await auth.register(ctx, request.body, throttle, request.ip);
        return reply.code(201).send({ success: true as const, user: presentSelfUser(user) });
      },
    );

    app.post(
      '/api/auth/refresh',
      { schema: { tags: ['auth'], response: { 200: ZSuccess, 401: ZErrorResponse } } },
      async (request, reply) => {
        try {
          const session = await auth.refresh(ctx, request.cookies[REFRESH_COOKIE]);
          setSessionCookies(reply, session);
          return { success: true as const };
        } catch (err) {
          clearSessionCookies(reply);
          throw err;
        }
      },
    );

    app.post(
      '/api/auth/logout',
      { schema: { tags: ['auth'], response: { 200: ZSuccess } } },
      async (request, reply) => {
        await auth.logout(ctx, request.cookies[REFRESH_COOKIE], request.sessionUser?.familyId);
        clearSessionCookies(reply);
        return { success: true as const };
      },
    );
  };
}
