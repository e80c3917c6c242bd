import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@mitos/domain/common';
import {
  ZAdminResult,
  ZAdminResultInput,
  ZAdminResultList,
  ZAdminSummary,
  ZServerMetrics,
} from '@mitos/domain/community';
import { enterResult, listResults } from './results';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { adminSummary, serverMetrics } from './service';

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

    app.get(
      '/api/admin/metrics',
      {
        schema: {
          tags: ['admin'],
          summary:
            'The process’s read cache (hits, misses), memory and event loop delay, for an operator (admins only)',
          response: { 200: ZServerMetrics, 403: ZErrorResponse },
        },
      },
      async (request) => serverMetrics(ctx, currentUser(request)),
    );

    app.get(
      '/api/admin/results',
      {
        schema: {
          tags: ['admin'],
          summary: 'Resultados: the results entered lately (an organiser sees their stores’)',
          response: { 200: ZAdminResultList, 403: ZErrorResponse },
        },
      },
      async (request) => listResults(ctx, currentUser(request)),
    );

    app.post(
      '/api/admin/results',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Resultados: enters a 1v1 played at the organiser’s store; it becomes an approved match that counts at once',
          body: ZAdminResultInput,
          response: { 201: ZAdminResult, 400: ZErrorResponse, 403: ZErrorResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await enterResult(ctx, currentUser(request), request.body)),
    );
  };
}
