import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import { ZSeason, ZSeasonInput, ZSeasonList } from '@mitos/domain/community';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { sendRead } from '../http/cached-reply';
import * as seasons from './service';

export function seasonRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['seasons'];
  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/api/seasons',
      {
        schema: {
          tags,
          summary: 'The seasons, newest first; the open one is the current season (Temporada Actual)',
          response: { 200: ZSeasonList },
        },
      },
      async (_request, reply) => {
        await sendRead(reply, ctx, seasons.seasonsRead, null);
        return reply;
      },
    );

    app.post(
      '/api/seasons',
      {
        schema: {
          tags,
          summary: 'Open a season (admins): dates not overlapping another season, none other open',
          body: ZSeasonInput,
          response: { 201: ZSeason, 400: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await seasons.openSeason(ctx, currentUser(request), request.body)),
    );

    app.post(
      '/api/seasons/:id/close',
      {
        schema: {
          tags,
          summary: 'Close a season (admins); closing a closed season answers 409',
          params: ZIdParams,
          response: { 200: ZSeason, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
        },
      },
      async (request) => seasons.closeSeason(ctx, currentUser(request), request.params.id),
    );
  };
}
