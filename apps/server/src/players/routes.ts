import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import {
  ZAdminPlayer,
  ZAdminPlayerCreated,
  ZAdminPlayerInput,
  ZAdminPlayerPage,
  ZAdminPlayerQuery,
  ZAdminPlayerUpdate,
  ZOwnTorCodeInput,
} from '@mitos/domain/community';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import * as players from './service';

export function playerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['admin'];
  const refusals = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
  return async (app) => {
    app.addHook('onRequest', app.requireUser);

    app.get(
      '/api/admin/players',
      {
        schema: {
          tags,
          summary: 'Jugadores: every player, by name; admins and store organisers',
          querystring: ZAdminPlayerQuery,
          response: { 200: ZAdminPlayerPage, 403: ZErrorResponse },
        },
      },
      async (request) => players.listPlayers(ctx, currentUser(request), request.query),
    );

    app.post(
      '/api/admin/players',
      {
        schema: {
          tags,
          summary: 'Adds a player who has no account yet; answers the invitation code they claim it with',
          body: ZAdminPlayerInput,
          response: { 201: ZAdminPlayerCreated, ...refusals },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await players.addPlayer(ctx, currentUser(request), request.body)),
    );

    app.patch(
      '/api/admin/players/:id',
      {
        schema: {
          tags,
          summary: "Edits a player's name, TOR code or (admins only) role",
          params: ZIdParams,
          body: ZAdminPlayerUpdate,
          response: { 200: ZAdminPlayer, ...refusals },
        },
      },
      async (request) => players.updatePlayer(ctx, currentUser(request), request.params.id, request.body),
    );

    app.put(
      '/api/users/me/tor-code',
      {
        schema: {
          tags: ['users'],
          summary: 'Sets or clears the signed-in player’s own TOR code',
          body: ZOwnTorCodeInput,
          response: { 200: ZAdminPlayer, ...refusals },
        },
      },
      async (request) => players.setOwnTorCode(ctx, currentUser(request), request.body.torCode),
    );
  };
}
