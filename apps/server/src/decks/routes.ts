import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams, ZSuccess, ZUserIdParams } from '@mitos/domain/common';
import { ZCreateDeckRequest, ZDeck, ZDeckList, ZUpdateDeckRequest } from '@mitos/domain/decks';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { sendRead } from '../http/cached-reply';
import * as decks from './service';

export function deckRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['decks'];
  return async (app) => {
    // onRequest, so a signed-out caller gets 401 before any body or parameter is looked at.
    app.addHook('onRequest', app.requireUser);

    app.get('/api/decks', { schema: { tags, response: { 200: ZDeckList } } }, async (request, reply) => {
      await sendRead(reply, ctx, decks.ownDecksRead, currentUser(request).id);
      return reply;
    });

    app.get(
      '/api/decks/user/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZDeckList, 404: ZErrorResponse } } },
      async (request, reply) => {
        await sendRead(reply, ctx, decks.decksOfUserRead, request.params.id);
        return reply;
      },
    );

    app.get(
      '/api/decks/default/:userId',
      { schema: { tags, params: ZUserIdParams, response: { 200: ZDeck, 404: ZErrorResponse } } },
      async (request) => decks.defaultDeck(ctx, request.params.userId),
    );

    app.post(
      '/api/decks',
      {
        schema: {
          tags,
          body: ZCreateDeckRequest,
          response: { 201: ZDeck, 400: ZErrorResponse, 409: ZErrorResponse },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await decks.createDeck(ctx, currentUser(request).id, request.body)),
    );

    app.put(
      '/api/decks/:id',
      {
        schema: {
          tags,
          params: ZIdParams,
          body: ZUpdateDeckRequest,
          response: { 200: ZDeck, 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
        },
      },
      async (request) => decks.updateDeck(ctx, currentUser(request).id, request.params.id, request.body),
    );

    app.put(
      '/api/decks/:id/default',
      { schema: { tags, params: ZIdParams, response: { 200: ZDeck, 404: ZErrorResponse } } },
      async (request) => decks.setDefaultDeck(ctx, currentUser(request).id, request.params.id),
    );

    app.delete(
      '/api/decks/:id',
      {
        schema: {
          tags,
          params: ZIdParams,
          response: { 200: ZSuccess, 400: ZErrorResponse, 404: ZErrorResponse },
        },
      },
      async (request) => {
        await decks.deleteDeck(ctx, currentUser(request).id, request.params.id);
        return { success: true as const };
      },
    );
  };
}
