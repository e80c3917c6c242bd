import { useRef, useState } from 'react';
import { onlineManager, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { matchStateOf } from '@mitos/domain/match-rules';
import { applyTransition, decideTransition } from '@mitos/domain/match-transitions';
import type { TMatch, TTeam } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { api, ApiError } from '../lib/api-client';
import { newRequestKey } from '../lib/outbox';
import { useSnackbar } from '../lib/snackbar';
import { TIMINGS } from '../lib/ui-constants';
import { inboxKeys, matchKeys, matchesChanged } from './query-keys';
import { useSession } from './session';

/** The actions a player takes on a match (SPEC §4), named as the state machine names them. */
export type MatchAction = 'approve' | 'reject' | 'cancel' | 'accept-rejection' | 'close-rejected';

export type ActionResult = { ok: true } | { ok: false; error: string | null };

/** The Idempotency-Key header of an action sent with one (docs/decisions/018). */
const keyed = (key?: string) => (key ? { headers: { 'Idempotency-Key': key } } : {});

/**
 * Each action's request (SPEC §7). Approve and reject carry the key of the player's press, the
 * same for its retries, so a retry after a lost answer is not a second action.
 */
const REQUESTS: Record<MatchAction, (id: number, key?: string) => Promise<unknown>> = {
  approve: (id, key) => api(`/api/matches/${id}/approve`, { method: 'POST', ...keyed(key) }),
  reject: (id, key) => api(`/api/matches/${id}/reject`, { method: 'POST', ...keyed(key) }),
  cancel: (id) => api(`/api/matches/${id}/cancel`, { method: 'POST' }),
  'accept-rejection': (id) =>
    api(`/api/matches/${id}/handle-rejection`, { method: 'POST', body: { action: 'ok' } }),
  'close-rejected': (id) =>
    api(`/api/matches/${id}/close-rejected`, { method: 'POST', body: { status: 'processed' } }),
};

/** Approve and reject sent without an answer while online are sent again, with the same key. */
const KEYED_RETRY_DELAYS_MS = [1_000, 3_000];

/**
 * SPEC §9: close-rejected is retried once, after 1 s, when the server answers 500. Approve and
 * reject are retried twice (1 s, 3 s) when a send got no answer while the browser is online,
 * with the key of the press (docs/decisions/018); offline they fail at once with the connection
 * message. No other action is retried (a 401 is refreshed and retried by the API client).
 */
export function retryRule(action: MatchAction) {
  if (action === 'approve' || action === 'reject') {
    return {
      retry: (failures: number, err: unknown) =>
        failures < KEYED_RETRY_DELAYS_MS.length &&
        err instanceof ApiError &&
        err.isNetworkError &&
        onlineManager.isOnline(),
      retryDelay: (failures: number) =>
        KEYED_RETRY_DELAYS_MS[Math.min(failures, KEYED_RETRY_DELAYS_MS.length) - 1] ?? 1_000,
    };
  }
  if (action !== 'close-rejected') return { retry: false } as const;
  return {
    retry: (failures: number, err: unknown) => failures < 1 && err instanceof ApiError && err.status === 500,
    retryDelay: TIMINGS.closeRejectedRetryMs,
  };
}

/**
 * The match after the player's action, as the state machine predicts it (SPEC §4: rejecting
 * marks the player's own entry rejected at once); the match unchanged when the machine refuses.
 */
export function predictedMatch(match: TMatch, userId: number, action: MatchAction): TMatch {
  const state = matchStateOf(match);
  const decision = decideTransition(state, userId, action);
  if (!decision.ok) return match;
  const next = applyTransition(state, userId, decision.effect);
  const statusOf = new Map(next.players.map((p) => [p.userId, p.approvalStatus]));
  const mark = (team: TTeam): TTeam => ({
    ...team,
    players: team.players.map((p) => {
      const status = statusOf.get(p.user_id) ?? p.approval_status;
      return status === p.approval_status
        ? p
        : { ...p, approval_status: status, approved: status === 'approved' };
    }),
  });
  const label = decision.effect.match?.status;
  return {
    ...match,
    approval_status: next.approvalStatus,
    ...(label === undefined ? {} : { status: label }),
    team1: mark(match.team1),
    team2: mark(match.team2),
  };
}

/** SPEC §4: after approve or reject the match leaves the pending list at once. */
const LEAVES_PENDING: ReadonlySet<MatchAction> = new Set(['approve', 'reject', 'cancel']);

function applySuccess(client: QueryClient, match: TMatch, userId: number | null, action: MatchAction) {
  if (userId !== null) {
    client.setQueryData<TMatch>(matchKeys.detail(match.id), (m) => m && predictedMatch(m, userId, action));
  }
  if (LEAVES_PENDING.has(action)) {
    client.setQueryData<TMatch[]>(inboxKeys.pending, (list) => list?.filter((m) => m.id !== match.id));
  }
  void matchesChanged(client);
}

/**
 * One mutation per action: its request, its retry rule, and on success the prediction and the one
 * invalidation of what shows matches. The session query already knows the player; no GET /me.
 */
export function useMatchMutation(action: MatchAction) {
  const client = useQueryClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useMutation({
    mutationKey: ['match-action', action],
    // The key is made once per press (mutate), so TanStack's retries send the same one.
    mutationFn: ({ match, key }: { match: TMatch; key: string }) => REQUESTS[action](match.id, key),
    // Offline, the request fails at once with the connection message instead of waiting.
    networkMode: 'always',
    ...retryRule(action),
    onSuccess: (_data, { match }) => applySuccess(client, match, userId, action),
  });
}

/** The text a failed action shows (SPEC §8); null for a failure that stays quiet. */
export function actionErrorMessage(action: MatchAction, err: unknown): string | null {
  if (err instanceof ApiError && err.isNetworkError) return MSG.connectionError;
  const expired = err instanceof ApiError && err.status === 401;
  switch (action) {
    case 'approve':
      return expired ? MSG.notAuthenticated : MSG.approveErrorToast;
    case 'reject':
      return expired ? MSG.notAuthenticated : MSG.rejectErrorToast;
    case 'cancel':
      return cancelErrorMessage(err);
    case 'accept-rejection':
      return handleRejectionErrorMessage(err);
    case 'close-rejected':
      return MSG.processErrorOther;
  }
}

const SUCCESS_TOAST: Partial<Record<MatchAction, string>> = {
  approve: MSG.approvedToast,
  reject: MSG.rejectedToast,
  cancel: MSG.cancelledToast,
};
/** Approve and reject also report a failure in a toast (SPEC §8 toasts). */
const FAILURE_TOAST: ReadonlySet<MatchAction> = new Set(['approve', 'reject']);

/**
 * The approval actions of SPEC §4 for a screen: each runs alone (a click while another runs is
 * ignored), needs a signed-in player (else No autenticado), and reports its toast and result.
 */
export function useMatchActions() {
  const { user } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const mutations: Record<MatchAction, ReturnType<typeof useMatchMutation>> = {
    approve: useMatchMutation('approve'),
    reject: useMatchMutation('reject'),
    cancel: useMatchMutation('cancel'),
    'accept-rejection': useMatchMutation('accept-rejection'),
    'close-rejected': useMatchMutation('close-rejected'),
  };
  const busy = useRef(false);
  const [running, setRunning] = useState<{ id: number; action: MatchAction } | null>(null);
  const signedIn = user !== null;

  const run = async (action: MatchAction, match: TMatch): Promise<ActionResult | null> => {
    if (busy.current) return null;
    if (!signedIn) {
      enqueueSnackbar(MSG.notAuthenticated, { variant: 'error' });
      return { ok: false, error: MSG.notAuthenticated };
    }
    busy.current = true;
    setRunning({ id: match.id, action });
    try {
      await mutations[action].mutateAsync({ match, key: newRequestKey() });
      const toast = SUCCESS_TOAST[action];
      if (toast) enqueueSnackbar(toast, { variant: 'success' });
      return { ok: true };
    } catch (err) {
      const error = actionErrorMessage(action, err);
      if (error && FAILURE_TOAST.has(action)) enqueueSnackbar(error, { variant: 'error' });
      return { ok: false, error };
    } finally {
      busy.current = false;
      setRunning(null);
    }
  };

  return {
    approve: (match: TMatch) => run('approve', match),
    reject: (match: TMatch) => run('reject', match),
    cancelPending: (match: TMatch) => run('cancel', match),
    acceptRejection: (match: TMatch) => run('accept-rejection', match),
    close: (match: TMatch) => run('close-rejected', match),
    running,
  };
}

/**
 * Crear Nueva, once the new match is saved: the rejected one is cancelled, or already was
 * (SPEC §8 tolerance). Not an action of a screen, so it neither waits for nor blocks one; the
 * caller announces the change with the new match.
 */
export async function cancelAfterRecreation(id: number): Promise<ActionResult> {
  try {
    await REQUESTS.cancel(id);
    return { ok: true };
  } catch (err) {
    if (isAlreadyCancelled(err)) return { ok: true };
    return { ok: false, error: cancelErrorMessage(err) };
  }
}

function serverError(err: ApiError): string {
  return err.body?.error ?? err.body?.message ?? '';
}

function detailsText(details: unknown): string {
  if (typeof details === 'string') return details;
  if (details && typeof details === 'object') return Object.values(details).join(', ');
  return '';
}

/** SPEC §8: a cancel answered with "already cancelled" is no failure when recreating a match. */
export function isAlreadyCancelled(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && serverError(err).includes('ya está cancelada');
}

/** SPEC §8 messages of a failed cancel. */
export function cancelErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return MSG.processErrorOther;
  if (err.status === 403) return MSG.cancelForbidden;
  if (err.status === 401) return MSG.sessionExpiredShort;
  if (err.status === 400) {
    const text = serverError(err);
    if (text.includes(MSG.cannotCancel)) {
      return MSG.cancelProcessError(detailsText(err.body?.details) || MSG.invalidStateFallback);
    }
    if (text.includes(MSG.invalidApprovalStatus)) return MSG.internalApprovalError;
    return text || MSG.processError;
  }
  return MSG.processErrorOther;
}

/** SPEC §8 messages of a failed rejection handling; null for a 401, which fails quietly. */
export function handleRejectionErrorMessage(err: unknown): string | null {
  if (err instanceof ApiError) {
    if (err.status === 401) return null;
    if (err.status === 403) return MSG.handleRejectionForbidden;
  }
  return MSG.rejectionError;
}
