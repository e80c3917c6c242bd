import { api, ApiError } from './api-client';

/*
 * This device's Web Push subscription (docs/decisions/019). Nothing here runs on its own: the
 * permission is asked only when the player presses Activar in their profile.
 */

/** Whether this browser can receive Web Push at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    'PushManager' in window &&
    'serviceWorker' in navigator
  );
}

/** The service worker may not be installed yet (first visit): waiting for it has a limit. */
const READY_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** This device's subscription, if it has one; never asks for anything. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** A name the player recognises this device by in a list: "Chrome en Android". */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Navegador';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return system ? `${browser} en ${system}` : browser;
}

export type ActivationResult = 'subscribed' | 'denied' | 'dismissed';

/**
 * Asks for the permission (only now, on the player's click), subscribes this device with the
 * server's key and gives the subscription to the server.
 */
export async function activatePush(): Promise<ActivationResult> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const [registration, { publicKey }] = await Promise.all([
    withTimeout(navigator.serviceWorker.ready, READY_TIMEOUT_MS),
    api<{ publicKey: string }>('/api/push/key'),
  ]);
  let subscription = await registration.pushManager.getSubscription();
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const { endpoint, keys } = subscription.toJSON();
  await api('/api/push/subscriptions', {
    method: 'POST',
    body: { endpoint, keys, device: deviceLabel(navigator.userAgent) },
  });
  return 'subscribed';
}

/** The server forgets this device and the browser drops the subscription. */
export async function deactivatePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  try {
    await api('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  } catch (err) {
    // Already gone from the server (another account took the device, or the service said gone).
    if (!(err instanceof ApiError && err.status === 404)) throw err;
  }
  await subscription.unsubscribe();
}

/**
 * On sign-out: the next person on a shared phone must not receive the previous player's pushes.
 * Best effort and bounded: signing out never waits on it for long nor fails because of it.
 */
export async function forgetPushDevice(): Promise<void> {
  if (!pushSupported()) return;
  try {
    await withTimeout(deactivatePush(), 3_000);
  } catch {
    // The server drops the subscription anyway once the push service reports it gone.
  }
}
