import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, mockFetch, signedIn, type MockHandler } from '../../../test/fetch-mock';
import { AppProviders, renderRoutes, testQueryClient } from '../../../test/render';
import { useSession } from '../../../api/session';
import { PushSettings, PUSH_TEXT } from './push-settings';

const VAPID_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.com/send/dispositivo-1';
const KEYS = { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) };

/** A browser with Web Push: Notification, PushManager and a service worker registration, all mocked. */
function installPush({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
}: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {}) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint: ENDPOINT,
    unsubscribe,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: vi.fn(async () => registration) },
  });
  return { requestPermission, pushManager, unsubscribe };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const PREFERENCES = { approval: true, rejected: true, announcement: true, reminder: true };

function renderSettings(routes: Record<string, MockHandler | { status?: number; body?: unknown }> = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/push/key': { body: { publicKey: VAPID_KEY } },
    'GET /api/push/preferences': { body: PREFERENCES },
    'POST /api/push/subscriptions': { status: 201, body: { success: true } },
    'DELETE /api/push/subscriptions': { body: { success: true } },
    ...routes,
  });
  renderRoutes(<PushSettings />, { path: '/profile' });
  return { fetchMock, user: userEvent.setup() };
}

describe('PushSettings', () => {
  it('says so in a browser without Web Push, and asks nothing', async () => {
    const { fetchMock } = renderSettings();
    expect(await screen.findByText(PUSH_TEXT.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls(fetchMock).filter((c) => c.includes('/api/push'))).toEqual([]);
  });

  it('never asks for the permission on a visit; on Activar it asks, subscribes with the server key and saves the device', async () => {
    const push = installPush();
    const posted: unknown[] = [];
    const { user, fetchMock } = renderSettings({
      'POST /api/push/subscriptions': ({ body }) => {
        posted.push(body);
        return { status: 201, body: { success: true } };
      },
    });
    const activate = await screen.findByRole('button', { name: PUSH_TEXT.activate });
    expect(push.requestPermission).not.toHaveBeenCalled();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();

    await user.click(activate);

    expect(await screen.findByRole('switch', { name: 'Partidas que esperan tu aprobación' })).toBeChecked();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    const options = push.pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    const key = options[0].applicationServerKey as Uint8Array;
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(posted).toEqual([{ endpoint: ENDPOINT, keys: KEYS, device: expect.any(String) as string }]);
    for (const name of ['Partidas rechazadas', 'Comunicados de torneos', 'Recordatorios']) {
      expect(screen.getByRole('switch', { name })).toBeChecked();
    }
    expect(screen.getByRole('button', { name: PUSH_TEXT.deactivate })).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('GET /api/push/key');
  });

  it('saves each switch, and puts it back when saving fails', async () => {
    installPush({ permission: 'granted', subscribed: true });
    const saved: unknown[] = [];
    const { user } = renderSettings({
      'PUT /api/push/preferences': ({ body }) => {
        saved.push(body);
        return saved.length === 1
          ? { body }
          : { status: 500, body: { success: false, error: 'x', message: 'x' } };
      },
    });
    const rejected = await screen.findByRole('switch', { name: 'Partidas rechazadas' });
    await user.click(rejected);
    await waitFor(() => expect(saved).toEqual([{ ...PREFERENCES, rejected: false }]));
    expect(rejected).not.toBeChecked();

    const reminders = screen.getByRole('switch', { name: 'Recordatorios' });
    await user.click(reminders);
    await waitFor(() => expect(saved).toHaveLength(2));
    await waitFor(() => expect(reminders).toBeChecked());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('Desactivar removes the device from the server and the browser', async () => {
    const push = installPush({ permission: 'granted', subscribed: true });
    const removed: unknown[] = [];
    const { user } = renderSettings({
      'DELETE /api/push/subscriptions': ({ body }) => {
        removed.push(body);
        return { body: { success: true } };
      },
    });
    await user.click(await screen.findByRole('button', { name: PUSH_TEXT.deactivate }));
    expect(await screen.findByRole('button', { name: PUSH_TEXT.activate })).toBeInTheDocument();
    expect(removed).toEqual([{ endpoint: ENDPOINT }]);
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('explains how to allow notifications again once they were blocked, before or on Activar', async () => {
    installPush({ permission: 'denied' });
    renderSettings();
    expect(await screen.findByText(PUSH_TEXT.denied)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PUSH_TEXT.activate })).not.toBeInTheDocument();
  });

  it('shows the blocked explanation when the player says no to the prompt, and saves nothing', async () => {
    const push = installPush({ answer: 'denied' });
    const { user, fetchMock } = renderSettings();
    await user.click(await screen.findByRole('button', { name: PUSH_TEXT.activate }));
    expect(await screen.findByText(PUSH_TEXT.denied)).toBeInTheDocument();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls(fetchMock)).not.toContain('POST /api/push/subscriptions');
  });
});

function SignOut() {
  const { status, logout } = useSession();
  return (
    <button type="button" disabled={status !== 'authenticated'} onClick={() => void logout()}>
      Salir
    </button>
  );
}

describe('signing out', () => {
  it('removes this device’s subscription from the server while still signed in', async () => {
    const push = installPush({ permission: 'granted', subscribed: true });
    const fetchMock = mockFetch({
      'GET /api/auth/me': signedIn,
      'DELETE /api/push/subscriptions': { body: { success: true } },
      'POST /api/auth/logout': { body: { success: true } },
    });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <SignOut />
      </AppProviders>,
    );
    const button = await screen.findByRole('button', { name: 'Salir' });
    await waitFor(() => expect(button).toBeEnabled());
    await act(async () => button.click());
    await waitFor(() => expect(calls(fetchMock)).toContain('POST /api/auth/logout'));
    const order = calls(fetchMock).filter((c) => c.includes('/push/') || c.includes('/logout'));
    expect(order).toEqual(['DELETE /api/push/subscriptions', 'POST /api/auth/logout']);
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
