import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from '../../../lib/snackbar';
import type { TMatch, TTeam } from '@mitos/domain/matches';
import { MSG } from '@mitos/domain/messages';
import { ApiError } from '../../../lib/api-client';
import { fetchMe } from '../../auth/api/session';
import { PENDING_MATCHES_KEY, useNotifications } from '../../notifications/api/notifications';
import {
  MATCHES_KEY,
  approveMatch,
  cancelErrorMessage,
  cancelMatch,
  closeRejected,
  handleRejection,
  handleRejectionErrorMessage,
  isAlreadyCancelled,
  matchKeys,
  rejectMatch,
} from './matches';

/** SPEC §2: announces an approval to the home screen, which reloads its data. */
export const MATCH_APPROVED_EVENT = 'matchApproved';

export type MatchAction = 'approve' | 'reject' | 'accept-rejection' | 'cancel' | 'close';

export type ActionResult = { ok: true } | { ok: false; error: string | null };

function withPlayerStatus(match: TMatch, userId: number, status: 'rejected'): TMatch {
  const mark = (team: TTeam): TTeam => ({
    ...team,
    players: team.players.map((p) =>
      p.user_id === userId ? { ...p, approval_status: status, approved: false } : p,
    ),
  });
  return { ...match, approval_status: 'rejected', team1: mark(match.team1), team2: mark(match.team2) };
}

/**
 * The approval actions of SPEC §4: each checks the session first, runs alone (a click while
 * another action runs is ignored), and afterwards refetches the match lists and the count.
 */
export function useMatchActions() {
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { refreshLists } = useNotifications();
  const busy = useRef(false);
  const [running, setRunning] = useState<{ id: number; action: MatchAction } | null>(null);

  const run = useCallback(
    async (id: number, action: MatchAction, body: (userId: number) => Promise<ActionResult>) => {
      if (busy.current) return null;
      busy.current = true;
      setRunning({ id, action });
      try {
        // Offline or unreachable, the connection is the problem, not the session.
        const me = await fetchMe().catch((err: unknown) =>
          err instanceof ApiError && err.isNetworkError ? ('offline' as const) : null,
        );
        if (me === 'offline') return { ok: false, error: MSG.connectionError } satisfies ActionResult;
        if (!me) return { ok: false, error: MSG.notAuthenticated } satisfies ActionResult;
        const result = await body(me.id);
        await Promise.allSettled([client.invalidateQueries({ queryKey: MATCHES_KEY }), refreshLists()]);
        return result;
      } finally {
        busy.current = false;
        setRunning(null);
      }
    },
    [client, refreshLists],
  );

  const dropFromPending = useCallback(
    (id: number) =>
      client.setQueryData<TMatch[]>(PENDING_MATCHES_KEY, (list) => list?.filter((m) => m.id !== id)),
    [client],
  );

  const approve = useCallback(
    async (match: TMatch) => {
      const result = await run(match.id, 'approve', async () => {
        try {
          await approveMatch(match.id);
          dropFromPending(match.id);
          window.dispatchEvent(new Event(MATCH_APPROVED_EVENT));
          enqueueSnackbar(MSG.approvedToast, { variant: 'success' });
          return { ok: true };
        } catch {
          enqueueSnackbar(MSG.approveErrorToast, { variant: 'error' });
          return { ok: false, error: MSG.approveErrorToast };
        }
      });
      if (
        result &&
        !result.ok &&
        (result.error === MSG.notAuthenticated || result.error === MSG.connectionError)
      ) {
        enqueueSnackbar(result.error, { variant: 'error' });
      }
      return result;
    },
    [run, dropFromPending, enqueueSnackbar],
  );

  const reject = useCallback(
    async (match: TMatch) => {
      const result = await run(match.id, 'reject', async (userId) => {
        try {
          await rejectMatch(match.id);
          dropFromPending(match.id);
          client.setQueryData<TMatch>(matchKeys.detail(match.id), (m) =>
            m ? withPlayerStatus(m, userId, 'rejected') : m,
          );
          enqueueSnackbar(MSG.rejectedToast, { variant: 'success' });
          return { ok: true };
        } catch {
          enqueueSnackbar(MSG.rejectErrorToast, { variant: 'error' });
          return { ok: false, error: MSG.rejectErrorToast };
        }
      });
      if (
        result &&
        !result.ok &&
        (result.error === MSG.notAuthenticated || result.error === MSG.connectionError)
      ) {
        enqueueSnackbar(result.error, { variant: 'error' });
      }
      return result;
    },
    [run, dropFromPending, client, enqueueSnackbar],
  );

  /** Aceptar Rechazo: the rejection is accepted and the match cancelled. */
  const acceptRejection = useCallback(
    (match: TMatch) =>
      run(match.id, 'accept-rejection', async () => {
        try {
          await handleRejection(match.id);
          return { ok: true };
        } catch (err) {
          return { ok: false, error: handleRejectionErrorMessage(err) };
        }
      }),
    [run],
  );

  /**
   * Crear Nueva, once the new match is saved: the rejected one is cancelled, or already was
   * (SPEC §8 tolerance). Not an action of this screen, so it neither waits for nor blocks one.
   */
  const cancelAfterRecreation = useCallback(async (id: number): Promise<ActionResult> => {
    try {
      await cancelMatch(id);
      return { ok: true };
    } catch (err) {
      if (isAlreadyCancelled(err)) return { ok: true };
      return { ok: false, error: cancelErrorMessage(err) };
    }
  }, []);

  /** Cancelar partida: the creator withdraws their own pending match. */
  const cancelPending = useCallback(
    (match: TMatch) =>
      run(match.id, 'cancel', async () => {
        try {
          await cancelMatch(match.id);
          dropFromPending(match.id);
          enqueueSnackbar(MSG.cancelledToast, { variant: 'success' });
          return { ok: true };
        } catch (err) {
          return { ok: false, error: cancelErrorMessage(err) };
        }
      }),
    [run, dropFromPending, enqueueSnackbar],
  );

  /** Removes a rejected match from the user's rejected list. */
  const close = useCallback(
    (match: TMatch) =>
      run(match.id, 'close', async () => {
        try {
          await closeRejected(match.id);
          return { ok: true };
        } catch {
          return { ok: false, error: MSG.processErrorOther };
        }
      }),
    [run],
  );

  return { approve, reject, acceptRejection, cancelAfterRecreation, cancelPending, close, running };
}
