import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import { ZPrivacySettings, ZPrivacyUpdate, ZPublicMatchSummary } from '@mitos/domain/sharing';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import * as share from './service';

/** Reads of a public summary one address may make a minute (a link opened, its preview fetched). */
export const PUBLIC_READS_PER_MINUTE = 60;

/** Sharing (docs/decisions/021): the privacy setting, and the public summary of a shared match. */
export function shareRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // No session: whoever has the link. Limited per address, so the ids cannot be walked quickly.
    app.get(
      '/api/public/matches/:id',
      {
        config: { rateLimit: { max: PUBLIC_READS_PER_MINUTE, timeWindow: '1 minute' } },
        schema: {
          tags: ['sharing'],
          summary: 'The public summary of an approved match whose players all allow it (no session needed)',
          params: ZIdParams,
          response: {
            200: ZPublicMatchSummary,
            400: ZErrorResponse,
            404: ZErrorResponse,
            429: ZErrorResponse,
          },
        },
      },
      async (request) => share.getPublicSummary(ctx, request.params.id),
    );

    await app.register(async (plain) => {
      const signedIn = plain.withTypeProvider<ZodTypeProvider>();
      // onRequest, so a signed-out caller gets 401 before any body is looked at.
      signedIn.addHook('onRequest', signedIn.requireUser);
      const errors = { 400: ZErrorResponse, 401: ZErrorResponse };

      signedIn.get(
        '/api/users/me/privacy',
        { schema: { tags: ['sharing'], response: { 200: ZPrivacySettings, ...errors } } },
        async (request) => share.getPrivacy(ctx, currentUser(request).id),
      );

      signedIn.put(
        '/api/users/me/privacy',
        {
          schema: { tags: ['sharing'], body: ZPrivacyUpdate, response: { 200: ZPrivacySettings, ...errors } },
        },
        async (request) => share.setPrivacy(ctx, currentUser(request).id, request.body),
      );
    });
  };
}
