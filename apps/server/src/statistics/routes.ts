import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import {
  ZHeadToHead,
  ZHeadToHeadParams,
  ZMetagame,
  ZMetagameQuery,
  ZPlayerStatistics,
  ZPlayerStatisticsQuery,
} from '@mitos/domain/player-statistics';
import type { AppContext } from '../context';
import { sendRead } from '../http/cached-reply';
import { headToHeadRead, metagameRead, statisticsRead } from './service';

/** What players read of their matches (issue 17): statistics, a head-to-head, the metagame. */
export function statisticsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

  return async (app) => {
    // onRequest, so a signed-out caller gets 401 before any parameter is looked at.
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/api/users/:id/statistics',
      {
        schema: {
          tags: ['statistics'],
          summary: 'Estadísticas de un jugador: forma, mazos, razas, cruces, rivales y rachas',
          description:
            'Approved matches only (every player approved); a win is a higher own score, a draw is ' +
            'not. `period` (week from Monday, or month, Buenos Aires time; default month) groups the ' +
            'form, oldest first, each point with the all-time Mitos Rating after its last match. ' +
            '`seasonId` counts that season only. Matchups and opponents count each opponent of a ' +
            '2v2; opponents lists the ten met most. Unknown user or season: 404.',
          params: ZIdParams,
          querystring: ZPlayerStatisticsQuery,
          response: {
            200: ZPlayerStatistics.check(
              z.meta({
                examples: [
                  {
                    period: 'month',
                    seasonId: null,
                    totals: { matches: 3, wins: 2, winRate: 67 },
                    form: [
                      { period: '2026-03-01', matches: 2, wins: 2, winRate: 100, rating: 1064 },
                      { period: '2026-04-01', matches: 1, wins: 0, winRate: 0, rating: 1041 },
                    ],
                    byDeck: [
                      { deckId: 7, name: 'Dragones', raza: 'Dragon', matches: 3, wins: 2, winRate: 67 },
                    ],
                    byRace: [{ race: 'Dragon', matches: 3, wins: 2, winRate: 67 }],
                    matchups: [
                      { ownRace: 'Dragon', opponentRace: 'Faerie', matches: 2, wins: 2, winRate: 100 },
                      { ownRace: 'Dragon', opponentRace: 'Sombra', matches: 1, wins: 0, winRate: 0 },
                    ],
                    opponents: [
                      { opponent: { id: 12, username: 'lucia' }, matches: 3, wins: 2, winRate: 67 },
                    ],
                    streaks: { current: { kind: 'loss', length: 1 }, longestWin: 2, longestLoss: 1 },
                  },
                ],
              }),
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { period, seasonId } = request.query;
        await sendRead(reply, ctx, statisticsRead, { userId: request.params.id, period, seasonId });
        return reply;
      },
    );

    app.get(
      '/api/users/:id/head-to-head/:opponentId',
      {
        schema: {
          tags: ['statistics'],
          summary: 'Historial entre dos jugadores',
          description:
            'The approved matches the two played on opposite teams, from the first one’s side: ' +
            'record and the ten latest, newest first. The same id twice: 400; an unknown user: 404.',
          params: ZHeadToHeadParams,
          response: { 200: ZHeadToHead, ...errors },
        },
      },
      async (request, reply) => {
        const { id, opponentId } = request.params;
        await sendRead(reply, ctx, headToHeadRead, { userId: id, opponentId });
        return reply;
      },
    );

    app.get(
      '/api/metagame',
      {
        schema: {
          tags: ['statistics'],
          summary: 'Metajuego: las razas jugadas en una temporada',
          description:
            'The current season unless `seasonId` is given, the whole community unless `storeId` is. ' +
            'Each race: appearances (one per player and approved match), wins, win rate, distinct ' +
            'players and share of all appearances, most played first. No season at all: season null ' +
            'and nothing counted; unknown season or store: 404.',
          querystring: ZMetagameQuery,
          response: { 200: ZMetagame, ...errors },
        },
      },
      async (request, reply) => {
        const { seasonId, storeId } = request.query;
        await sendRead(reply, ctx, metagameRead, { seasonId, storeId });
        return reply;
      },
    );
  };
}
