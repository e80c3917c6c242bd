import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '@mitos/domain/common';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import * as MSG from '@mitos/domain/message-texts';
import { AppProviders } from '../test/render';
import { calls, mockFetch, signedIn } from '../test/fetch-mock';
import { rejectedByCarla, stubWebSocket, waitingForLucia } from '../test/match-fixtures';
import { useInbox, usePendingMatches } from './inbox';
import { predictedMatch, useMatchActions } from './match-actions';
import { useSession } from './session';

// The signed-in test user is lucia (7).
const pendingForMe = waitingForLucia;
const rejected = rejectedByCarla;

/**
 * A client whose defaults would retry every mutation three times at once: what each action
 * does must come from its own rule.
 */
function retryingClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity },
      mutations: { retry: 3, retryDelay: 0 },
    },
  });
}

function renderActions(queryClient = retryingClient()) {
  const Socket = stubWebSocket();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>{children}</AppProviders>
  );
  const view = renderHook(
    () => ({
      actions: useMatchActions(),
      inbox: useInbox(),
      pending: usePendingMatches(),
      session: useSession(),
    }),
    { wrapper },
  );
  return { ...view, Socket, queryClient };
}

const posts = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
  calls(fetchMock).filter((c) => c === `POST ${path}`);

async function signedInActions(routes: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch({ 'GET /api/auth/me': signedIn, ...routes });
  const view = renderActions();
  // The session the screens see has the player before any action (the actions check it). The
  // notification count is asked for earlier, as soon as the session check answers (api/inbox),
  // so it does not say that the screens' session has caught up.
  await waitFor(() => expect(view.result.current.session.user).not.toBeNull());
  await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/notifications/count'));
  return { ...view, fetchMock };
}

describe('the retry rule of each match action (SPEC §9)', () => {
  it('retries close-rejected once, 1 s after a 500', async () => {
    const { result, fetchMock } = await signedInActions({
      'POST /api/matches/21/close-rejected': [{ status: 500, body: {} }, { body: { success: true } }],
    });
    const started = Date.now();
    let outcome: Awaited<ReturnType<typeof result.current.actions.close>> = null;
    await act(async () => {
      outcome = await result.current.actions.close(rejected);
    });
    expect(outcome).toEqual({ ok: true });
    expect(posts(fetchMock, '/api/matches/21/close-rejected')).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries close-rejected only once, and never after another failure', async () => {
    const { result, fetchMock } = await signedInActions({
      'POST /api/matches/21/close-rejected': { status: 500, body: {} },
      'POST /api/matches/22/close-rejected': { status: 400, body: { error: 'x' } },
    });
    await act(async () => {
      expect(await result.current.actions.close(rejected)).toEqual({
        ok: false,
        error: MSG.processErrorOther,
      });
      await result.current.actions.close({ ...rejected, id: 22 });
    });
    expect(posts(fetchMock, '/api/matches/21/close-rejected')).toHaveLength(2);
    expect(posts(fetchMock, '/api/matches/22/close-rejected')).toHaveLength(1);
  });

  it('does not retry approve on a 500', async () => {
    const { result, fetchMock } = await signedInActions({
      'POST /api/matches/11/approve': { status: 500, body: {} },
    });
    await act(async () => {
      expect(await result.current.actions.approve(pendingForMe)).toEqual({
        ok: false,
        error: MSG.approveErrorToast,
      });
    });
    expect(posts(fetchMock, '/api/matches/11/approve')).toHaveLength(1);
  });
});

describe('Idempotency-Key of approve and reject (docs/decisions/018)', () => {
  afterEach(() => onlineManager.setOnline(true));
  const keysOf = (fetchMock: ReturnType<typeof mockFetch>, path: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => String(input).endsWith(path) && (init as RequestInit).method === 'POST')
      .map(([, init]) => ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key']);

  it('sends approve again with the same key after a send without an answer', async () => {
    let sends = 0;
    const { result, fetchMock } = await signedInActions({
      'POST /api/matches/11/approve': () => {
        sends += 1;
        if (sends === 1) throw new TypeError('Failed to fetch');
        return { body: {} };
      },
    });
    await act(async () => {
      expect(await result.current.actions.approve(pendingForMe)).toEqual({ ok: true });
    });
    const keys = keysOf(fetchMock, '/api/matches/11/approve');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(keys[1]).toBe(keys[0]);
  });

  it('gives each press its own key', async () => {
    const { result, fetchMock } = await signedInActions({
      'POST /api/matches/11/reject': { status: 400, body: { success: false, error: 'x', message: 'x' } },
    });
    await act(async () => {
      await result.current.actions.reject(pendingForMe);
      await result.current.actions.reject(pendingForMe);
    });
    const keys = keysOf(fetchMock, '/api/matches/11/reject');
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('fails at once with the connection message while offline', async () => {
    const { result, fetchMock } = await signedInActions({
      'POST /api/matches/11/approve': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    onlineManager.setOnline(false);
    await act(async () => {
      expect(await result.current.actions.approve(pendingForMe)).toEqual({
        ok: false,
        error: MSG.connectionError,
      });
    });
    expect(posts(fetchMock, '/api/matches/11/approve')).toHaveLength(1);
  });
});

describe('the notification count', () => {
  it('comes from the push only: an action refetches the lists, not the count', async () => {
    const { result, fetchMock, Socket } = await signedInActions({
      'GET /api/notifications/count': { body: { count: 4 } },
      'POST /api/matches/11/approve': { body: {} },
    });
    await waitFor(() => expect(result.current.inbox.count).toBe(4));
    await act(async () => {
      await result.current.actions.approve(pendingForMe);
    });
    expect(result.current.inbox.count).toBe(4);
    await waitFor(() => expect(Socket.instances.length).toBeGreaterThan(0));
    act(() => Socket.instances.at(-1)!.receive({ type: 'new_notification', count: 3 }));
    await waitFor(() => expect(result.current.inbox.count).toBe(3));
    await waitFor(() =>
      expect(calls(fetchMock).filter((c) => c === 'GET /api/matches/pending')).not.toHaveLength(0),
    );
    expect(calls(fetchMock).filter((c) => c === 'GET /api/notifications/count')).toHaveLength(1);
  });
});

describe('predictedMatch: the state machine of @mitos/domain predicts the match after an action', () => {
  it('marks my own entry rejected and the match rejected when I reject', () => {
    const next = predictedMatch(pendingForMe, 7, 'reject');
    expect(next.approval_status).toBe('rejected');
    expect(next.team2.players[0]).toMatchObject({ approval_status: 'rejected', approved: false });
    expect(next.team1.players[0]).toEqual(pendingForMe.team1.players[0]);
  });

  it('approves the match when mine was the last answer, and leaves a refused action as it was', () => {
    const next = predictedMatch(pendingForMe, 7, 'approve');
    expect(next.approval_status).toBe('approved');
    expect(next.team2.players[0]).toMatchObject({ approval_status: 'approved', approved: true });
    expect(predictedMatch(pendingForMe, 8, 'approve')).toBe(pendingForMe);
  });

  it('cancels the waiting entries when the creator withdraws the match', () => {
    const next = predictedMatch(pendingForMe, 8, 'cancel');
    expect(next.approval_status).toBe('cancelled');
    expect(next.team2.players[0]!.approval_status).toBe('cancelled');
  });
});
