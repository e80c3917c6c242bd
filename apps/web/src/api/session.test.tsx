import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api } from '../lib/api-client';
import {
  calls,
  mockFetch,
  signedIn,
  signedOut,
  staleSession,
  testUser,
  type MockReply,
} from '../test/fetch-mock';
import { testQueryClient, AppProviders } from '../test/render';
import { LAST_USER_KEY, useSession } from './session';
import { stubWebSocket } from '../test/match-fixtures';
import { queuedMatch } from '../test/outbox-fixtures';

function Probe() {
  const { status, user } = useSession();
  return <p>{`${status}:${user?.username ?? '-'}`}</p>;
}

async function flush() {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(10));
}

const meCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  calls(fetchMock).filter((c) => c === 'GET /api/auth/me').length;

describe('SessionProvider', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks the session on load and again every 5 minutes while signed in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedIn });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    await flush();
    expect(screen.getByText('authenticated:lucia')).toBeInTheDocument();
    expect(meCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(meCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await flush();
    expect(meCalls(fetchMock)).toBe(2);
  });

  it('takes a 401 whose refresh fails as signed out too', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/me': staleSession,
      'POST /api/auth/refresh': { status: 401 },
    });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('POST /api/auth/refresh');
  });

  it('takes a 401 whose refresh succeeds as signed in', async () => {
    mockFetch({
      'GET /api/auth/me': [staleSession, signedIn],
      'POST /api/auth/refresh': { body: { success: true } },
    });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByText('authenticated:lucia')).toBeInTheDocument();
  });

  it('does not keep checking while signed out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const fetchMock = mockFetch({ 'GET /api/auth/me': signedOut, 'POST /api/auth/refresh': { status: 401 } });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    await flush();
    expect(screen.getByText('anonymous:-')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(11 * 60_000));
    expect(meCalls(fetchMock)).toBe(1);
  });

  it('signs the user out when another call finds the session over', async () => {
    mockFetch({
      'GET /api/auth/me': signedIn,
      'GET /api/decks': { status: 401 },
      'POST /api/auth/refresh': { status: 401 },
    });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByText('authenticated:lucia')).toBeInTheDocument();
    await act(() => api('/api/decks').catch(() => {}));
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
  });

  it.each([
    { move: 'sign-in', before: signedOut, after: 'authenticated:lucia', stale: signedOut },
    { move: 'sign-out', before: signedIn, after: 'anonymous:-', stale: signedIn },
  ])(
    'keeps a $move when a session check asked before it answers after it',
    async ({ move, before, after, stale }) => {
      let answerCheck: (reply: MockReply) => void = () => {};
      let meAsked = 0;
      mockFetch({
        'GET /api/auth/me': () => {
          meAsked += 1;
          // The load's check, then a re-check left waiting, then (signing in) the sign-in's own.
          if (meAsked === 2) return new Promise<MockReply>((resolve) => (answerCheck = resolve));
          return meAsked === 1 ? before : signedIn;
        },
        'POST /api/auth/login': { body: { success: true, user: testUser } },
        'POST /api/auth/logout': { body: { success: true } },
      });
      function Moves() {
        const { recheck, login, logout } = useSession();
        const change = () =>
          move === 'sign-in' ? login({ email: 'lucia@example.com', password: 'secreto' }) : logout();
        return (
          <>
            <button type="button" onClick={() => void recheck()}>
              Comprobar
            </button>
            <button type="button" onClick={() => void change()}>
              Cambiar
            </button>
          </>
        );
      }
      render(
        <AppProviders queryClient={testQueryClient()}>
          <Probe />
          <Moves />
        </AppProviders>,
      );
      expect(
        await screen.findByText(move === 'sign-in' ? 'anonymous:-' : 'authenticated:lucia'),
      ).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Comprobar' }));
      await waitFor(() => expect(meAsked).toBe(2));
      fireEvent.click(screen.getByRole('button', { name: 'Cambiar' }));
      expect(await screen.findByText(after)).toBeInTheDocument();

      // The check asked before the move answers as the server saw it then.
      await act(async () => answerCheck(stale));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.getByText(after)).toBeInTheDocument();
    },
  );

  it('starts offline as the last player signed in here, and not after a logout', async () => {
    const offline = () => {
      throw new TypeError('Failed to fetch');
    };
    mockFetch({ 'GET /api/auth/me': signedIn });
    const first = render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByText('authenticated:lucia')).toBeInTheDocument();
    first.unmount();

    mockFetch({ 'GET /api/auth/me': offline, 'POST /api/auth/logout': offline });
    function LogoutButton() {
      const { logout } = useSession();
      return (
        <button type="button" onClick={() => void logout()}>
          Salir
        </button>
      );
    }
    const second = render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
        <LogoutButton />
      </AppProviders>,
    );
    expect(await screen.findByText('authenticated:lucia')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    second.unmount();

    render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
  });

  it('forgets the last player when the server says nobody is signed in', async () => {
    mockFetch({ 'GET /api/auth/me': signedIn });
    const first = render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByText('authenticated:lucia')).toBeInTheDocument();
    first.unmount();
    mockFetch({ 'GET /api/auth/me': signedOut });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(await screen.findByText('anonymous:-')).toBeInTheDocument();
    expect(localStorage.getItem(LAST_USER_KEY)).toBeNull();
  });
});

describe('logout and the offline outbox (docs/decisions/018)', () => {
  function LogoutProbe() {
    const { status, logout } = useSession();
    return (
      <button type="button" onClick={() => void logout()}>
        {status}
      </button>
    );
  }

  it("clears the player's outbox, and only theirs", async () => {
    const outbox = await import('../lib/outbox');
    const item = (userId: number, key: string) => queuedMatch(key, { userId });
    await outbox.enqueue(item(7, 'clave-de-lucia-0001'));
    await outbox.enqueue(item(8, 'clave-de-otro-00002'));
    stubWebSocket();
    mockFetch({ 'GET /api/auth/me': signedIn, 'POST /api/auth/logout': { body: { success: true } } });
    render(
      <AppProviders queryClient={testQueryClient()}>
        <LogoutProbe />
      </AppProviders>,
    );
    const button = await screen.findByRole('button', { name: 'authenticated' });
    await act(async () => button.click());
    await screen.findByRole('button', { name: 'anonymous' });
    expect(await outbox.readOutbox(7)).toEqual([]);
    expect(await outbox.readOutbox(8)).toHaveLength(1);
    await outbox.clearOutbox(8);
  });
});
