import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams, ZIdempotencyHeaders } from '@mitos/domain/common';
import { MSG } from '@mitos/domain/messages';
import {
  ZApprovedSearchQuery,
  ZCloseRejectedRequest,
  ZCreateMatchRequest,
  ZHandleRejectionRequest,
  ZMatch,
  ZMatchList,
  ZMatchListQuery,
  createMatchBodyForm,
  type TMatch,
} from '@mitos/domain/matches';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { badRequest } from '../errors';
import { fieldErrors } from '../http/errors';
import { sendRead } from '../http/cached-reply';
import * as matches from './service';
import { keyOf } from '../requests/keys';

export function matchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['matches'];
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
  /** An Idempotency-Key used before for another action or match: 422. */
  const keyedErrors = { ...errors, 422: ZErrorResponse };
  const pageHeaders = {
    description: 'Newest first; X-Next-Cursor, when present, is the `before` of the next page.',
  };

  return async (app) => {
    app.addHook('preHandler', app.requireUser);

    app.post(
      '/api/matches',
      {
        // The body is one of two forms; when it fails, it is checked again against the form it is
        // written in, so the error names the field rather than "neither form".
        attachValidation: true,
        schema: {
          tags,
          headers: ZIdempotencyHeaders,
          body: ZCreateMatchRequest,
          response: { 201: ZMatch, ...keyedErrors },
        },
      },
      async (request, reply) => {
        // Checked first: with attachValidation a malformed key would read as a body error.
        const key = keyOf(request.headers);
        if (request.validationError) {
          const body: unknown = request.body;
          const issues = createMatchBodyForm(body).safeParse(body).error?.issues ?? [];
          const fields = fieldErrors(issues);
          throw badRequest(Object.values(fields)[0]?.[0] ?? MSG.badRequest, fields);
        }
        const match = await matches.createMatch(ctx, currentUser(request), request.body, key);
        return reply.code(201).send(match);
      },
    );

    app.get(
      '/api/matches/me',
      {
        schema: {
          tags,
          ...pageHeaders,
          querystring: ZMatchListQuery,
          response: { 200: ZMatchList, ...errors },
        },
      },
      async (request, reply) => {
        await sendRead(reply, ctx, matches.ownRead, {
          userId: currentUser(request).id,
          query: request.query,
        });
        return reply;
      },
    );

    app.get(
      '/api/matches/me/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZMatch, ...errors } } },
      async (request) => matches.getOwnMatch(ctx, currentUser(request).id, request.params.id),
    );

    app.get(
      '/api/matches/all-approved',
      {
        schema: {
          tags,
          ...pageHeaders,
          querystring: ZApprovedSearchQuery,
          response: { 200: ZMatchList, ...errors },
        },
      },
      async (request, reply) => {
        await sendRead(reply, ctx, matches.approvedRead, request.query);
        return reply;
      },
    );

    app.get(
      '/api/matches/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZMatch, ...errors } } },
      async (request) => matches.getMatch(ctx, request.params.id),
    );

    // Approve and reject take an Idempotency-Key (docs/decisions/018), as creation does.
    const keyedAction = (
      name: string,
      run: (ctx: AppContext, userId: number, matchId: number, key?: string) => Promise<TMatch>,
    ) =>
      app.post(
        `/api/matches/:id/${name}`,
        {
          schema: {
            tags,
            params: ZIdParams,
            headers: ZIdempotencyHeaders,
            response: { 200: ZMatch, ...keyedErrors },
          },
        },
        async (request) => run(ctx, currentUser(request).id, request.params.id, keyOf(request.headers)),
      );
    keyedAction('approve', matches.approveMatch);
    keyedAction('reject', matches.rejectMatch);
    // Also the organiser of an escalated match (decision 020), whom the community rules know.
    app.post(
      '/api/matches/:id/cancel',
      { schema: { tags, params: ZIdParams, response: { 200: ZMatch, ...errors } } },
      async (request) => matches.cancelMatch(ctx, currentUser(request), request.params.id),
    );

    app.post(
      '/api/matches/:id/annul',
      {
        schema: {
          tags,
          summary: 'Anular una partida aprobada',
          description:
            'An admin, or an organiser of the store the match was played at, cancels an approved ' +
            'match (event "annulled", status "processed"); its points leave its season\'s rankings.',
          params: ZIdParams,
          response: { 200: ZMatch, ...errors },
        },
      },
      async (request) => matches.annulMatch(ctx, currentUser(request), request.params.id),
    );

    app.post(
      '/api/matches/:id/handle-rejection',
      {
        schema: {
          tags,
          params: ZIdParams,
          body: ZHandleRejectionRequest,
          response: { 200: ZMatch, ...errors },
        },
      },
      async (request) => matches.acceptRejection(ctx, currentUser(request).id, request.params.id),
    );

    app.post(
      '/api/matches/:id/close-rejected',
      {
        schema: {
          tags,
          params: ZIdParams,
          body: ZCloseRejectedRequest,
          response: { 200: ZMatch, ...errors },
        },
      },
      async (request) => matches.closeRejected(ctx, currentUser(request).id, request.params.id),
    );
  };
}
