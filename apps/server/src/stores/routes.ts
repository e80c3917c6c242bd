import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZIdParams } from '@mitos/domain/common';
import {
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  ZLogoQuery,
  ZStore,
  ZStoreInput,
  ZStoreList,
  ZStoreListQuery,
  ZStoreOrganisersInput,
} from '@mitos/domain/community';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import { sendRead } from '../http/cached-reply';
import { logoTypeOf, logoWrongType, readLogoBody } from './logo';
import * as stores from './service';

/** A year: a logo's URL names its version, so the bytes at one URL never change. */
const LOGO_CACHE = 'public, max-age=31536000, immutable';
/** An SVG opened on its own (not through <img>) may run nothing and load nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function storeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['stores'];
  return async (app) => {
    // The logo itself, for <img>: no session needed (an image request may carry no cookie), and
    // the only /api answer a shared cache may keep (http/private-answers.ts).
    app.get(
      '/api/stores/:id/logo',
      {
        schema: {
          tags,
          summary: "A store's logo (PNG, JPEG, WebP or SVG), cached for a year under its versioned URL",
          params: ZIdParams,
          querystring: ZLogoQuery,
          response: { 404: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const logo = await stores.readLogo(ctx, request.params.id);
        const current = logo.version !== null && request.query.v === String(logo.version);
        // Only the URL that names the current version is immutable; any other is asked again.
        reply
          .header('cache-control', current ? LOGO_CACHE : 'no-cache')
          .header('x-content-type-options', 'nosniff')
          .type(logo.contentType);
        if (logo.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
        // The image's own bytes: no response schema applies to a 200 here.
        return reply.send(logo.bytes as never);
      },
    );

    await app.register(async (plain) => {
      const signedIn = plain.withTypeProvider<ZodTypeProvider>();
      // onRequest, so a signed-out caller gets 401 before any body or parameter is looked at.
      signedIn.addHook('onRequest', signedIn.requireUser);

      signedIn.get(
        '/api/stores',
        {
          schema: {
            tags,
            summary: 'The active stores; with all=true (admins) the inactive ones too',
            querystring: ZStoreListQuery,
            response: { 200: ZStoreList },
          },
        },
        async (request, reply) => {
          const all = stores.listsInactive(currentUser(request), request.query.all);
          await sendRead(reply, ctx, stores.storesRead, { all });
          return reply;
        },
      );

      signedIn.get(
        '/api/stores/:id',
        {
          schema: {
            tags,
            summary: 'One store, with its organisers and logo URL',
            params: ZIdParams,
            response: { 200: ZStore, 404: ZErrorResponse },
          },
        },
        async (request, reply) => {
          await sendRead(reply, ctx, stores.storeRead, request.params.id);
          return reply;
        },
      );

      signedIn.post(
        '/api/stores',
        {
          schema: {
            tags,
            summary: 'Create a store (admins)',
            body: ZStoreInput,
            response: { 201: ZStore, 400: ZErrorResponse, 403: ZErrorResponse, 409: ZErrorResponse },
          },
        },
        async (request, reply) =>
          reply.code(201).send(await stores.createStore(ctx, currentUser(request), request.body)),
      );

      signedIn.put(
        '/api/stores/:id',
        {
          schema: {
            tags,
            summary: "Edit a store's name and place (its organisers, admins); only admins change `active`",
            params: ZIdParams,
            body: ZStoreInput,
            response: {
              200: ZStore,
              400: ZErrorResponse,
              403: ZErrorResponse,
              404: ZErrorResponse,
              409: ZErrorResponse,
            },
          },
        },
        async (request) => stores.updateStore(ctx, currentUser(request), request.params.id, request.body),
      );

      signedIn.put(
        '/api/stores/:id/organisers',
        {
          schema: {
            tags,
            summary: "Name a store's organisers, the whole list (admins)",
            params: ZIdParams,
            body: ZStoreOrganisersInput,
            response: { 200: ZStore, 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
          },
        },
        async (request) =>
          stores.setOrganisers(ctx, currentUser(request), request.params.id, request.body.userIds),
      );

      await signedIn.register(async (scope) => {
        const logos = scope.withTypeProvider<ZodTypeProvider>();
        // The image arrives as the raw body: read here up to LOGO_MAX_BYTES, for these routes only.
        logos.addContentTypeParser(
          [...LOGO_TYPES],
          async (request: FastifyRequest, payload: AsyncIterable<Buffer>) =>
            readLogoBody(payload, request.headers['content-length']),
        );

        logos.put(
          '/api/stores/:id/logo',
          {
            schema: {
              tags,
              summary: `Upload a store's logo as the raw body (its organisers, admins): PNG, JPEG, WebP or SVG, at most ${LOGO_MAX_BYTES / 1024} KB`,
              consumes: [...LOGO_TYPES],
              params: ZIdParams,
              response: {
                200: ZStore,
                400: ZErrorResponse,
                403: ZErrorResponse,
                404: ZErrorResponse,
                413: ZErrorResponse,
                415: ZErrorResponse,
              },
            },
            // Before the body is read: any other type is refused with the logo's own message.
            preParsing: async (request) => {
              if (!logoTypeOf(request.headers['content-type'])) throw logoWrongType();
            },
          },
          async (request) => {
            const type = logoTypeOf(request.headers['content-type'])!;
            const body = request.body;
            if (!Buffer.isBuffer(body)) throw logoWrongType();
            return stores.putLogo(ctx, currentUser(request), request.params.id, type, body);
          },
        );

        logos.delete(
          '/api/stores/:id/logo',
          {
            schema: {
              tags,
              summary: "Remove a store's logo (its organisers, admins)",
              params: ZIdParams,
              response: { 200: ZStore, 403: ZErrorResponse, 404: ZErrorResponse },
            },
          },
          async (request) => stores.deleteLogo(ctx, currentUser(request), request.params.id),
        );
      });
    });
  };
}
