import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCommunityMe } from '@mitos/domain/community';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { sendRead } from '../http/cached-reply';
import { communityMeRead } from './service';

export function communityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/api/community/me',
      {
        schema: {
          tags: ['community'],
          summary: 'Who the caller is to the community: admin screens, organised stores, usual stores',
          response: { 200: ZCommunityMe },
        },
      },
      async (request, reply) => {
        await sendRead(reply, ctx, communityMeRead, currentUser(request));
        return reply;
      },
    );
  };
}
