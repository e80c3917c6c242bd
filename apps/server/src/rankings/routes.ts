import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import { MSG } from '@mitos/domain/messages';
import { ZRanking, ZRankingQuery, ZStanding, ZStandingQuery } from '@mitos/domain/community';
import { ZMatchList, ZMatchListQuery } from '@mitos/domain/matches';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { sendRead } from '../http/cached-reply';
import { storeMatchesRead } from '../matches/service';
import { rankingRead, standingRead } from './service';

/** The community's reads from the standings: rankings, a store's results, a player's season. */
export function rankingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

  return async (app) => {
    // onRequest, so a signed-out caller gets 401 before any parameter is looked at.
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/api/rankings',
      {
        schema: {
          tags: ['rankings'],
          summary: 'Ranking de una temporada: general o de una tienda',
          description:
            'The current season unless `seasonId` is given; Ranking General unless `storeId` is. ' +
            "Best first (points, wins, fewer matches, name), or with `sort=rating` by the season's " +
            'Mitos Rating first (unrated players last); `position` is the place in that order. ' +
            'Unknown season or store: 404.',
          querystring: ZRankingQuery,
          response: {
            200: ZRanking.check(
              z.meta({
                examples: [
                  {
                    season: {
                      id: 3,
                      name: 'Temporada 2025',
                      startsOn: '2025-03-01',
                      endsOn: '2025-12-15',
                      current: true,
                      closedAt: null,
                    },
                    storeId: null,
                    sort: 'points',
                    total: 1,
                    page: 1,
                    pageSize: 50,
                    rows: [
                      {
                        position: 1,
                        userId: 12,
                        name: 'lucia',
                        torCode: 'TOR-0042',
                        matches: 14,
                        wins: 9,
                        points: 950,
                        rank: { level: 2, name: 'Cría de Dragón' },
                        rating: 1312,
                        ratingProvisional: false,
                      },
                    ],
                  },
                ],
              }),
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { seasonId, storeId, page, pageSize, sort } = request.query;
        await sendRead(reply, ctx, rankingRead, { seasonId, storeId, page, pageSize, sort });
        return reply;
      },
    );

    app.get(
      '/api/stores/:id/matches',
      {
        schema: {
          tags: ['rankings'],
          summary: 'Partidas aprobadas de una tienda, las más recientes primero',
          description:
            'Paged like /api/matches/all-approved: X-Next-Cursor, when present, is the `before` of the next page.',
          params: ZIdParams,
          querystring: ZMatchListQuery,
          response: { 200: ZMatchList, ...errors },
        },
      },
      async (request, reply) => {
        const sent = await sendRead(reply, ctx, storeMatchesRead, {
          storeId: request.params.id,
          query: request.query,
        });
        if (!sent) throw notFound(MSG.storeNotFound);
        return reply;
      },
    );

    app.get(
      '/api/users/:id/standing',
      {
        schema: {
          tags: ['rankings'],
          summary: 'Temporada de un jugador: puesto, puntos, rango y tiendas',
          description:
            'The current season unless `seasonId` is given: place in Ranking General (null before the ' +
            'first approved match), matches, wins, points, rank, TOR code, and the stores played at.',
          params: ZIdParams,
          querystring: ZStandingQuery,
          response: { 200: ZStanding, ...errors },
        },
      },
      async (request, reply) => {
        await sendRead(reply, ctx, standingRead, {
          userId: request.params.id,
          seasonId: request.query.seasonId,
        });
        return reply;
      },
    );
  };
}
