import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import { ZPlayerRating, ZPlayerRatingQuery } from '@mitos/domain/player-statistics';
import type { AppContext } from '../context';
import { sendRead } from '../http/cached-reply';
import { playerRatingRead } from './service';

/** Mitos Rating reads (docs/decisions/016). */
export function ratingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
  return async (app) => {
    app.addHook('onRequest', app.requireUser);
    app.get(
      '/api/users/:id/rating',
      {
        schema: {
          tags: ['ratings'],
          summary: 'Mitos Rating de un jugador: histórico y de la temporada',
          description:
            'The all-time rating and that of the season (the current one unless `seasonId` is given). ' +
            '`rating` is 40·(μ − 3σ) + 1000 of the OpenSkill model (1000 for a new player); ' +
            '`provisional` until 10 approved matches. A line is null before the first approved match.',
          params: ZIdParams,
          querystring: ZPlayerRatingQuery,
          response: {
            200: ZPlayerRating.check(
              z.meta({
                examples: [
                  {
                    allTime: { rating: 1312, mu: 28.4, sigma: 1.8, matches: 41, provisional: false },
                    season: {
                      id: 3,
                      name: 'Temporada 2026',
                      startsOn: '2026-03-01',
                      endsOn: '2026-12-15',
                      current: true,
                      closedAt: null,
                    },
                    seasonRating: { rating: 1104, mu: 26.9, sigma: 3.2, matches: 9, provisional: true },
                  },
                ],
              }),
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        await sendRead(reply, ctx, playerRatingRead, {
          userId: request.params.id,
          seasonId: request.query.seasonId,
        });
        return reply;
      },
    );
  };
}
