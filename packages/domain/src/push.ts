import { z } from 'zod/mini';
import * as MSG from './message-texts';

/**
 * Web Push contracts (docs/decisions/019): a device's subscription as the browser's
 * PushSubscription.toJSON() gives it, and which kinds of push a player accepts.
 */

export const PUSH_DEVICE_MAX = 100;

/** Hosts a push service never lives at; allowed over http only where the server says (tests). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The push services of the browsers players use (Chrome, Edge, Samsung Internet and Opera through
 * Google's FCM; Firefox; Safari; Windows): a subscription elsewhere is refused, so a player cannot
 * make the server post to an address of their choosing.
 */
export const PUSH_SERVICE_DOMAINS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PUSH_SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/**
 * Whether `endpoint` may be sent to: an https URL of a known push service, or http on this machine
 * when `allowLoopback` (the server's tests run a push service on 127.0.0.1). Without it loopback
 * hosts are refused outright, so a subscription cannot make the server post to itself.
 */
export function acceptsEndpoint(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (isLoopbackHost(url.hostname))
    return allowLoopback && (url.protocol === 'https:' || url.protocol === 'http:');
  return url.protocol === 'https:' && isPushServiceHost(url.hostname);
}

/** base64url of `bytes` bytes, padded or not, as browsers write the subscription keys. */
function base64urlOf(bytes: number, first?: RegExp) {
  const chars = Math.ceil((bytes * 4) / 3);
  return z
    .pipe(
      z.string({ error: MSG.pushKeyInvalid }).check(z.maxLength(chars + 2, { error: MSG.pushKeyInvalid })),
      z.transform((v) => v.replace(/=+$/, '')),
    )
    .check(
      z.refine((v) => v.length === chars && /^[A-Za-z0-9_-]+$/.test(v) && (!first || first.test(v)), {
        error: MSG.pushKeyInvalid,
      }),
    );
}

export const ZPushSubscriptionInput = z.strictObject({
  endpoint: z.string({ error: MSG.pushEndpointInvalid }).check(
    z.maxLength(2048, { error: MSG.pushEndpointInvalid }),
    z.refine((v) => acceptsEndpoint(v, true), { error: MSG.pushEndpointInvalid }),
  ),
  keys: z.object(
    {
      // An uncompressed P-256 point: 65 bytes starting with 0x04 (base64url "B…").
      p256dh: base64urlOf(65, /^B/),
      auth: base64urlOf(16),
    },
    { error: MSG.pushKeyInvalid },
  ),
  // toJSON() also writes expirationTime; the server does not keep it.
  expirationTime: z.optional(z.nullable(z.number())),
  device: z.optional(
    z.nullable(
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((v) => v.trim()),
        ),
        z.string().check(z.maxLength(PUSH_DEVICE_MAX, { error: MSG.pushDeviceMax })),
      ),
    ),
  ),
});
export type TPushSubscriptionInput = z.input<typeof ZPushSubscriptionInput>;

export const ZPushUnsubscribeInput = z.strictObject({
  endpoint: z.string({ error: MSG.pushEndpointInvalid }).check(
    z.minLength(1, { error: MSG.pushEndpointInvalid }),
    z.maxLength(2048, {
      error: MSG.pushEndpointInvalid,
    }),
  ),
});

export const ZPushKey = z.object({ publicKey: z.string() });
export type TPushKey = z.infer<typeof ZPushKey>;

const choice = z.boolean({ error: MSG.pushPreferencesInvalid });

/** Which kinds of push the player accepts; every kind is on until they turn it off. */
export const ZPushPreferences = z.strictObject({
  approval: choice,
  rejected: choice,
  announcement: choice,
  reminder: choice,
});
export type TPushPreferences = z.infer<typeof ZPushPreferences>;

export const ZPushDevice = z.object({
  id: z.int(),
  device: z.nullable(z.string()),
  created_at: z.string(),
  last_sent_at: z.nullable(z.string()),
});
export const ZPushDeviceList = z.array(ZPushDevice);
export type TPushDevice = z.infer<typeof ZPushDevice>;

/** The parts of a match that decide who hears of it. */
export interface PushMatchView {
  created_by: number | null;
  team1: { players: readonly { user_id: number; approval_status: string }[] };
  team2: { players: readonly { user_id: number; approval_status: string }[] };
}

const playersOf = (match: PushMatchView) => [...match.team1.players, ...match.team2.players];

/** A match just recorded: the players whose approval it waits for (never its recorder). */
export function approvalAudience(match: PushMatchView): number[] {
  const ids = playersOf(match)
    .filter((p) => p.approval_status === 'pending' && p.user_id !== match.created_by)
    .map((p) => p.user_id);
  return [...new Set(ids)];
}

/**
 * A match just rejected: its recorder and the players who had approved it, who believed it
 * settled; never the player who rejected it.
 */
export function rejectionAudience(match: PushMatchView, rejectedBy: number): number[] {
  const ids = [
    ...(match.created_by === null ? [] : [match.created_by]),
    ...playersOf(match)
      .filter((p) => p.approval_status === 'approved')
      .map((p) => p.user_id),
  ];
  return [...new Set(ids)].filter((id) => id !== rejectedBy);
}
