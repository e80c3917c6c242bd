import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import { MSG } from '@mitos/domain/messages';
import {
  ZApprovedSearchQuery,
  ZCloseRejectedRequest,
  ZCreateMatchRequest,
  ZHandleRejectionRequest,
  ZInboxListQuery,
  ZMatch,
  ZMatchList,
  ZMatchListQuery,
  createMatchBodyForm,
  type TMatch,
} from '@mitos/domain/matches';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { badRequest, fieldErrors } from '../http/errors';
import { sendCached } from '../http/cached-reply';
import type { Topic } from '../cache/read-cache';
import type { Page } from './cursor';
import * as matches from './service';

export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A page of matches, from the read cache when nothing it depends on changed since it was read. */
function sendPage(
  ctx: AppContext,
  reply: FastifyReply,
  key: string,
  topic: Topic,
  read: () => Promise<Page<TMatch>>,
): Promise<FastifyReply> {
  return sendCached(reply, ctx.cache, key, [topic], async () => {
    const page = await read();
    return { payload: page.items, ...(page.next ? { headers: { [NEXT_CURSOR_HEADER]: page.next } } : {}) };
  });
}

/** A page of the user's own matches, kept until a match of theirs changes. */
function sendOwnPage<Q>(
  ctx: AppContext,
  reply: FastifyReply,
  list: string,
  userId: number,
  query: Q,
  read: (ctx: AppContext, userId: number, query: Q) => Promise<Page<TMatch>>,
): Promise<FastifyReply> {
  return sendPage(ctx, reply, `${list}:${userId}:${JSON.stringify(query)}`, `matches:${userId}`, () =>
    read(ctx, userId, query),
  );
}

export function matchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['matches'];
  const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
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
        schema: { tags, body: ZCreateMatchRequest, response: { 201: ZMatch, ...errors } },
      },
      async (request, reply) => {
        if (request.validationError) {
          const body: unknown = request.body;
          const issues = createMatchBodyForm(body).safeParse(body).error?.issues ?? [];
          const fields = fieldErrors(issues);
          throw badRequest(Object.values(fields)[0]?.[0] ?? MSG.badRequest, fields);
        }
        const match = await matches.createMatch(ctx, currentUser(request), request.body);
        return reply.code(201).send(match);
      },
    );

    app.get(
      '/api/matches/pending',
      { schema: { tags, querystring: ZInboxListQuery, response: { 200: ZMatchList, ...errors } } },
      async (request, reply) =>
        sendOwnPage(ctx, reply, 'pending', currentUser(request).id, request.query, matches.listPending),
    );

    app.get(
      '/api/matches/rejected',
      { schema: { tags, querystring: ZInboxListQuery, response: { 200: ZMatchList, ...errors } } },
      async (request, reply) =>
        sendOwnPage(ctx, reply, 'rejected', currentUser(request).id, request.query, matches.listRejected),
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
      async (request, reply) =>
        sendOwnPage(ctx, reply, 'me', currentUser(request).id, request.query, matches.listOwn),
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
      async (request, reply) =>
        sendPage(ctx, reply, `approved:${JSON.stringify(request.query)}`, 'matches', () =>
          matches.listApproved(ctx, request.query),
        ),
    );

    app.get(
      '/api/matches/:id',
      { schema: { tags, params: ZIdParams, response: { 200: ZMatch, ...errors } } },
      async (request) => matches.getMatch(ctx, request.params.id),
    );

    const action = (
      name: string,
      run: (ctx: AppContext, userId: number, matchId: number) => Promise<TMatch>,
    ) =>
      app.post(
        `/api/matches/:id/${name}`,
        { schema: { tags, params: ZIdParams, response: { 200: ZMatch, ...errors } } },
        async (request) => run(ctx, currentUser(request).id, request.params.id),
      );
    action('approve', matches.approveMatch);
    action('reject', matches.rejectMatch);
    action('cancel', matches.cancelMatch);

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
