import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import { ZMatch, ZMatchList } from '@mitos/domain/matches';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { confirmMatch } from './service';
import { listEscalated } from './escalation';

/**
 * The organisers' side of a pending match nobody answered (docs/decisions/020): the matches
 * escalated to them, and Confirmar. Cancelar is POST /api/matches/:id/cancel, which the store's
 * organiser (or an admin) may use on an escalated match.
 */
export function escalationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['matches'];
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
  return async (app) => {
    app.addHook('preHandler', app.requireUser);

    app.get(
      '/api/matches/escalated',
      {
        schema: {
          tags,
          summary: 'Partidas para confirmar',
          description:
            'Pending matches nobody finished answering in time, sent to the organisers of their ' +
            'store: those of the stores the caller organises (every store for an admin), oldest first.',
          response: { 200: ZMatchList, 401: ZErrorResponse },
        },
      },
      async (request) => listEscalated(ctx, currentUser(request)),
    );

    app.post(
      '/api/matches/:id/confirm',
      {
        schema: {
          tags,
          summary: 'Confirmar una partida enviada al organizador',
          description:
            "The store's organiser or an admin approves an escalated match as if the players who " +
            'did not answer had approved it (event "confirmed"); it counts like any approved match.',
          params: ZIdParams,
          response: { 200: ZMatch, ...errors },
        },
      },
      async (request) => confirmMatch(ctx, currentUser(request), request.params.id),
    );
  };
}
