import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZSuccess } from '@mitos/domain/common';
import {
  ZPushDeviceList,
  ZPushKey,
  ZPushPreferences,
  ZPushSubscriptionInput,
  ZPushUnsubscribeInput,
} from '@mitos/domain/push';
import type { AppContext } from '../context';
import { currentUser } from '../http/auth-hook';
import * as push from './service';

/** Web Push: the server's key, the user's devices and which kinds of push they accept. */
export function pushRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const tags = ['push'];
  const refusals = { 400: ZErrorResponse, 401: ZErrorResponse };
  return async (app) => {
    app.get(
      '/api/push/key',
      { schema: { tags, summary: 'The VAPID public key to subscribe with', response: { 200: ZPushKey } } },
      async () => push.publicKey(ctx),
    );

    app.post(
      '/api/push/subscriptions',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "Saves this device's subscription for the signed-in user (an endpoint moves to them)",
          body: ZPushSubscriptionInput,
          response: { 201: ZSuccess, ...refusals },
        },
      },
      async (request, reply) => {
        await push.subscribe(ctx, currentUser(request).id, request.body);
        return reply.code(201).send({ success: true as const });
      },
    );

    app.delete(
      '/api/push/subscriptions',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "Removes one of the signed-in user's own subscriptions",
          body: ZPushUnsubscribeInput,
          response: { 200: ZSuccess, 404: ZErrorResponse, ...refusals },
        },
      },
      async (request) => {
        await push.unsubscribe(ctx, currentUser(request).id, request.body.endpoint);
        return { success: true as const };
      },
    );

    app.get(
      '/api/push/subscriptions',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: "The signed-in user's devices that receive pushes",
          response: { 200: ZPushDeviceList, 401: ZErrorResponse },
        },
      },
      async (request) => push.devices(ctx, currentUser(request).id),
    );

    app.get(
      '/api/push/preferences',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Which kinds of push the signed-in user accepts',
          response: { 200: ZPushPreferences, 401: ZErrorResponse },
        },
      },
      async (request) => push.preferences(ctx, currentUser(request).id),
    );

    app.put(
      '/api/push/preferences',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          summary: 'Turns each kind of push on or off',
          body: ZPushPreferences,
          response: { 200: ZPushPreferences, ...refusals },
        },
      },
      async (request) => push.savePreferences(ctx, currentUser(request).id, request.body),
    );
  };
}
