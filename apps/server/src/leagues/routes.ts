import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { ZErrorResponse, ZIdParam, ZIdParams, ZSuccess } from '@mitos/domain/common';
import {
  ZLeague,
  ZLeagueInput,
  ZLeagueList,
  ZLeagueListQuery,
  ZLeagueParticipantInput,
  ZLeagueParticipants,
} from '@mitos/domain/community';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { sendRead } from '../http/cached-reply';
import * as leagues from './service';

const ZParticipantParams = z.object({ id: ZIdParam, userId: ZIdParam });

export function leagueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['leagues'];
  const refusals = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/api/leagues',
      {
        schema: {
          tags,
          summary: "The leagues (of one store with storeId), each with today's status and the caller's part",
          querystring: ZLeagueListQuery,
          response: { 200: ZLeagueList },
        },
      },
      async (request, reply) => {
        const args = leagues.leaguesArgs(currentUser(request), request.query.storeId);
        await sendRead(reply, ctx, leagues.leaguesRead, args);
        return reply;
      },
    );

    app.post(
      '/api/leagues',
      {
        schema: {
          tags,
          summary: "Create a league at an active store (the store's organisers, admins)",
          body: ZLeagueInput,
          response: { 201: ZLeague, ...refusals },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await leagues.createLeague(ctx, currentUser(request), request.body)),
    );

    app.put(
      '/api/leagues/:id',
      {
        schema: {
          tags,
          summary: "Edit a league (its store's organisers, admins)",
          params: ZIdParams,
          body: ZLeagueInput,
          response: { 200: ZLeague, ...refusals },
        },
      },
      async (request) => leagues.updateLeague(ctx, currentUser(request), request.params.id, request.body),
    );

    app.delete(
      '/api/leagues/:id',
      {
        schema: {
          tags,
          summary: 'Delete a league without results; undoable for 30 s with POST …/restore',
          params: ZIdParams,
          response: { 200: ZSuccess, ...refusals },
        },
      },
      async (request) => {
        await leagues.deleteLeague(ctx, currentUser(request), request.params.id);
        return { success: true as const };
      },
    );

    app.post(
      '/api/leagues/:id/restore',
      {
        schema: {
          tags,
          summary: 'Undo the delete of a league (Deshacer), within 30 s of it',
          params: ZIdParams,
          response: { 200: ZLeague, ...refusals },
        },
      },
      async (request) => leagues.restoreLeague(ctx, currentUser(request), request.params.id),
    );

    app.post(
      '/api/leagues/:id/finish',
      {
        schema: {
          tags,
          summary: 'End a league (Finalizada)',
          params: ZIdParams,
          response: { 200: ZLeague, ...refusals },
        },
      },
      async (request) => leagues.finishLeague(ctx, currentUser(request), request.params.id),
    );

    app.get(
      '/api/leagues/:id/participants',
      {
        schema: {
          tags,
          summary: "A league's participants, first joined first",
          params: ZIdParams,
          response: { 200: ZLeagueParticipants, 404: ZErrorResponse },
        },
      },
      async (request) => leagues.participants(ctx, request.params.id),
    );

    app.post(
      '/api/leagues/:id/join',
      {
        schema: {
          tags,
          summary: 'Join a league that has not ended',
          params: ZIdParams,
          response: { 200: ZLeague, ...refusals },
        },
      },
      async (request) => leagues.joinLeague(ctx, currentUser(request), request.params.id),
    );

    app.post(
      '/api/leagues/:id/participants',
      {
        schema: {
          tags,
          summary: "Add a player to a league (its store's organisers, admins)",
          params: ZIdParams,
          body: ZLeagueParticipantInput,
          response: { 200: ZLeagueParticipants, ...refusals },
        },
      },
      async (request) =>
        leagues.addParticipant(ctx, currentUser(request), request.params.id, request.body.userId),
    );

    app.delete(
      '/api/leagues/:id/participants/:userId',
      {
        schema: {
          tags,
          summary: 'Leave a league, or remove a player from it (its store’s organisers, admins)',
          params: ZParticipantParams,
          response: { 200: ZLeagueParticipants, ...refusals },
        },
      },
      async (request) =>
        leagues.removeParticipant(ctx, currentUser(request), request.params.id, request.params.userId),
    );
  };
}
