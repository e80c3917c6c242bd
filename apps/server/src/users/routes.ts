import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import { ZPublicUser, ZUserSearchQuery, ZUserSummaryList } from '@mitos/domain/users';
import type { AppContext } from '../context';
import * as users from './service';
import { ZUserStatistics } from '@mitos/domain/statistics';

export function userRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // onRequest, so a signed-out caller gets 401 before any body or parameter is looked at.
    app.addHook('onRequest', app.requireUser);

    app.get('/api/users', { schema: { tags: ['users'], response: { 200: ZUserSummaryList } } }, async () =>
      users.listUsers(ctx),
    );

    app.get(
      '/api/users/search',
      { schema: { tags: ['users'], querystring: ZUserSearchQuery, response: { 200: ZUserSummaryList } } },
      async (request) => users.searchUsers(ctx, request.query.q),
    );

    app.get(
      '/api/users/:id',
      { schema: { tags: ['users'], params: ZIdParams, response: { 200: ZPublicUser, 404: ZErrorResponse } } },
      async (request) => users.getUser(ctx, request.params.id),
    );

    app.get(
      '/api/users/:id/stats',
      {
        schema: {
          tags: ['users'],
          params: ZIdParams,
          response: { 200: ZUserStatistics, 404: ZErrorResponse },
        },
      },
      async (request) => users.getUserStatistics(ctx, request.params.id),
    );
  };
}
