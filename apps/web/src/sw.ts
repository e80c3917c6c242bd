/// <reference lib="webworker" />
// The app's service worker (docs/decisions/017), built by vite-plugin-pwa (injectManifest): it
// precaches the page and the hashed files of the build, answers the app's screens with the
// precached page when the network is gone, never touches /api, /ws or /docs, and shows Web Push
// notifications.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Addresses that are not screens of the app: the API, the live connection, the API docs, files. */
const NOT_APP_ROUTES = [
  /^\/api(\/|$)/,
  /^\/ws(\/|$)/,
  /^\/docs(\/|$)/,
  /^\/assets\//,
  /\/[^/]+\.[a-z0-9]{1,12}$/i,
];

// A screen's address opens the precached page, which asks the API itself (never cached here).
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NOT_APP_ROUTES }));

// A new version waits until the player chooses "Actualizar" (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first version takes the open tab at once: it can work offline from its first visit.
clientsClaim();

interface PushPayload {
  title: string;
  body?: string;
  url?: string;
  tag?: string;
}

function parsePush(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data || typeof data.title !== 'string') return null;
    return {
      title: data.title,
      body: typeof data.body === 'string' ? data.body : undefined,
      url: typeof data.url === 'string' ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = parsePush(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

/** An address of this app (a push cannot send the player elsewhere). */
function sameOriginUrl(raw: unknown): string {
  try {
    const url = new URL(typeof raw === 'string' ? raw : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

async function openApp(target: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    const focused = await open.focus();
    try {
      await focused.navigate(target);
      return;
    } catch {
      // An uncontrolled tab cannot be navigated by the worker: open the address instead.
    }
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openApp(sameOriginUrl(data?.url)));
});
