import { MSG } from '@mitos/domain/messages';
import {
  acceptsEndpoint,
  type TPushDevice,
  type TPushPreferences,
  type ZPushSubscriptionInput,
} from '@mitos/domain/push';
import type { z } from 'zod/mini';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import * as repo from './repository';

type SubscriptionInput = z.output<typeof ZPushSubscriptionInput>;

/** The VAPID public key browsers subscribe with (applicationServerKey). */
export function publicKey(ctx: AppContext): { publicKey: string } {
  return { publicKey: ctx.config.push.vapid.publicKey };
}

/** This device receives the user's pushes from now on; a known endpoint moves to this user. */
export async function subscribe(ctx: AppContext, userId: number, input: SubscriptionInput): Promise<void> {
  if (!acceptsEndpoint(input.endpoint, ctx.config.push.allowLoopback)) {
    throw badRequest(MSG.pushEndpointInvalid, { endpoint: [MSG.pushEndpointInvalid] });
  }
  await repo.upsertSubscription(ctx.database.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    device: input.device || null,
  });
  // Every process learns that this user now has a device (push/subscribers.ts).
  await ctx.changes.publish({ push: [userId] });
}

/** Only the user's own subscription; someone else's answers like a missing one. */
export async function unsubscribe(ctx: AppContext, userId: number, endpoint: string): Promise<void> {
  if (!(await repo.deleteOwnSubscription(ctx.database.db, userId, endpoint))) {
    throw notFound(MSG.pushSubscriptionNotFound);
  }
}

export function preferences(ctx: AppContext, userId: number): Promise<TPushPreferences> {
  return repo.preferencesOf(ctx.database.db, userId);
}

export async function savePreferences(
  ctx: AppContext,
  userId: number,
  choices: TPushPreferences,
): Promise<TPushPreferences> {
  await repo.savePreferences(ctx.database.db, userId, choices);
  return choices;
}

export async function devices(ctx: AppContext, userId: number): Promise<TPushDevice[]> {
  return (await repo.devicesOf(ctx.database.db, userId)).map((d) => ({
    id: d.id,
    device: d.device,
    created_at: d.createdAt.toISOString(),
    last_sent_at: d.lastSentAt?.toISOString() ?? null,
  }));
}
