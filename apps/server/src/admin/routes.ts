import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@mitos/domain/common';
import { ZAdminSummary } from '@mitos/domain/community';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { adminSummary } from './service';

export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/api/admin/summary',
      {
        schema: {
          tags: ['admin'],
          summary: 'The counters of Panel de Administración (admins and store organisers)',
          response: { 200: ZAdminSummary, 403: ZErrorResponse },
        },
      },
      async (request) => adminSummary(ctx, currentUser(request)),
    );
  };
}
