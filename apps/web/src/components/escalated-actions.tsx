import { useState } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import type { CommunityActor } from '@mitos/domain/community-rules';
import { escalationStateOf } from '@mitos/domain/match-rules';
import { canTransition } from '@mitos/domain/match-transitions';
import type { TMatch } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { useCommunityMe } from '../api/community';
import { useEscalationAction, type EscalationAction } from '../api/escalated';
import { useSession } from '../api/session';
import { ConfirmMatchDialog } from './confirm-match-dialog';
import { ApiError } from '../lib/api-client';

/** The signed-in user as the community rules see them; null until known. */
export function useCommunityActor(): CommunityActor | null {
  return useCommunityActorQuery().actor;
}

/**
 * The actor and whether it is still being asked for (false once the caller's stores answered or
 * failed), for a screen that waits for it before drawing what depends on it.
 */
export function useCommunityActorQuery(): { actor: CommunityActor | null; isPending: boolean } {
  const { user } = useSession();
  const me = useCommunityMe(!!user);
  const actor =
    user && me.data ? { id: user.id, role: user.role, organises: me.data.organises.map((s) => s.id) } : null;
  return { actor, isPending: !!user && me.isPending };
}

/**
 * Confirmar and Cancelar of a match sent to its store's organisers (decision 020), for them and
 * the admins, each after a confirmation dialog; nothing for anyone else.
 */
export function EscalatedActions({ match }: { match: TMatch }) {
  if (match.approval_status !== 'pending' || match.escalated_at === null) return null;
  return <OrganiserButtons match={match} />;
}

function OrganiserButtons({ match }: { match: TMatch }) {
  const actor = useCommunityActor();
  const action = useEscalationAction();
  const [asking, setAsking] = useState<EscalationAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!actor || !canTransition(escalationStateOf(match), actor.id, 'confirm', actor)) return null;
  const run = (which: EscalationAction) => {
    setError(null);
    action.mutate(
      { match, action: which },
      {
        onError: (err) =>
          setError(
            err instanceof ApiError && err.isNetworkError
              ? MSG.connectionError
              : err instanceof ApiError && err.status < 500
                ? err.message
                : MSG.escalationActionError,
          ),
      },
    );
  };
  const busy = action.isPending;
  return (
    <Stack spacing={1}>
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          fullWidth
          variant="contained"
          color="success"
          disabled={busy}
          loading={busy && action.variables.action === 'confirm'}
          aria-label={`Confirmar la partida ${match.id}`}
          onClick={() => setAsking('confirm')}
        >
          Confirmar
        </Button>
        <Button
          fullWidth
          variant="outlined"
          color="error"
          disabled={busy}
          loading={busy && action.variables.action === 'cancel'}
          aria-label={`Cancelar la partida ${match.id}`}
          onClick={() => setAsking('cancel')}
        >
          Cancelar
        </Button>
      </Stack>
      {asking && (
        <ConfirmMatchDialog
          kind={asking === 'confirm' ? 'confirm-escalated' : 'cancel-escalated'}
          match={match}
          onConfirm={() => run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </Stack>
  );
}
