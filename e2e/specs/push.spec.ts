import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, registerPlayer, signIn, snap } from './support';

/**
 * Web Push in Chromium with the browser's side mocked (docs/decisions/019): the permission
 * prompt answers "granted", and PushManager.prototype.subscribe/getSubscription hand out a
 * subscription of a made-up push service, kept in localStorage like a browser keeps its own. The
 * service worker registration is mocked too, so the flow does not depend on one being installed.
 */
async function mockPush(page: Page) {
  await page.addInitScript(() => {
    const STORE = 'e2e-push-subscription';
    const b64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));
    const asSubscription = (saved: { endpoint: string; p256dh: string; auth: string }) => ({
      endpoint: saved.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: (name: string) => {
        const text = atob(
          (name === 'p256dh' ? saved.p256dh : saved.auth).replace(/-/g, '+').replace(/_/g, '/'),
        );
        return Uint8Array.from(text, (c) => c.charCodeAt(0)).buffer;
      },
      toJSON: () => ({
        endpoint: saved.endpoint,
        expirationTime: null,
        keys: { p256dh: saved.p256dh, auth: saved.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    const stored = () => {
      const raw = localStorage.getItem(STORE);
      return raw ? asSubscription(JSON.parse(raw)) : null;
    };
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
    Notification.requestPermission = async () => {
      permission = 'granted';
      localStorage.setItem(
        'e2e-push-prompts',
        String(Number(localStorage.getItem('e2e-push-prompts') ?? 0) + 1),
      );
      return permission;
    };
    PushManager.prototype.getSubscription = async () => stored() as unknown as PushSubscription;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey as Uint8Array | undefined;
      if (!options?.userVisibleOnly || key?.length !== 65) throw new Error('bad subscribe options');
      const point = random(65);
      point[0] = 4;
      const saved = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${b64url(random(12))}`,
        p256dh: b64url(point),
        auth: b64url(random(16)),
      };
      localStorage.setItem(STORE, JSON.stringify(saved));
      return asSubscription(saved) as unknown as PushSubscription;
    };
    const registration = { pushManager: Object.create(PushManager.prototype) as PushManager };
    Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', {
      configurable: true,
      get: () => Promise.resolve(registration),
    });
    ServiceWorkerContainer.prototype.getRegistration = async () =>
      registration as unknown as ServiceWorkerRegistration;
  });
}

const devices = async (page: Page) => {
  const res = await page.request.get('/api/push/subscriptions');
  expect(res.ok()).toBe(true);
  return (await res.json()) as { device: string | null }[];
};

test('a player turns push on from the profile, picks the kinds and turns it off', async ({
  page,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'avisos', testInfo);
  await signIn(page, player);
  await mockPush(page);
  await page.goto('/profile');

  const section = page.getByRole('region', { name: 'Notificaciones push' });
  const activate = section.getByRole('button', { name: 'Activar notificaciones en este dispositivo' });
  await expect(activate).toBeVisible();
  // A visit never asks for the permission.
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-prompts'))).toBeNull();
  await expectAccessible(page);

  await activate.click();
  const approvals = section.getByRole('switch', { name: 'Partidas que esperan tu aprobación' });
  await expect(approvals).toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-prompts'))).toBe('1');
  expect(await devices(page)).toEqual([
    expect.objectContaining({ device: expect.stringMatching(/^Chrome/) }),
  ]);
  await section.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'push-settings');
  await expectAccessible(page);

  await section.getByRole('switch', { name: 'Partidas rechazadas' }).click();
  await section.getByRole('switch', { name: 'Recordatorios' }).click();
  await expect
    .poll(async () => (await page.request.get('/api/push/preferences')).json())
    .toEqual({ approval: true, rejected: false, announcement: true, reminder: false });
  await page.reload();
  await expect(section.getByRole('switch', { name: 'Partidas rechazadas' })).not.toBeChecked();
  await expect(section.getByRole('switch', { name: 'Comunicados de torneos' })).toBeChecked();

  await section.getByRole('button', { name: 'Desactivar en este dispositivo' }).click();
  await expect(activate).toBeVisible();
  expect(await devices(page)).toEqual([]);
  await expect(section.getByRole('switch')).toHaveCount(0);
});

test('signing out removes this device’s subscription for the next person on the phone', async ({
  page,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'compartido', testInfo);
  await signIn(page, player);
  await mockPush(page);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Activar notificaciones en este dispositivo' }).click();
  await expect(page.getByRole('button', { name: 'Desactivar en este dispositivo' })).toBeVisible();
  expect(await devices(page)).toHaveLength(1);

  await page.getByRole('main').getByRole('button', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
  await signIn(page, player);
  expect(await devices(page)).toEqual([]);
});
