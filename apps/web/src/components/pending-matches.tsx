import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { isPendingForUser, pendingForScreens } from '@mitos/domain/match-rules';
import type { TMatch } from '@mitos/domain/matches';
import { MatchCard } from './match-card';
import { useMatchActions } from '../api/match-actions';
import { ConfirmMatchDialog } from './confirm-match-dialog';
import { MatchGrid } from './match-grid';
import { ReminderNotice } from './reminder-notice';

export interface PendingMatchesProps {
  matches: readonly TMatch[];
  userId: number;
}

type Actions = ReturnType<typeof useMatchActions>;

/** A match waiting for the user's approval, with Aprobar and Rechazar under it. */
export function ApprovalCard({
  match,
  userId,
  actions,
}: {
  match: TMatch;
  userId: number;
  actions: Actions;
}) {
  const { approve, reject, running } = actions;
  const [confirming, setConfirming] = useState(false);
  return (
    <MatchCard match={match} currentUserId={userId}>
      <ReminderNotice match={match} userId={userId} />
      <Stack direction="row" spacing={1}>
        <Button
          fullWidth
          variant="contained"
          color="success"
          disabled={running !== null}
          loading={running?.id === match.id && running.action === 'approve'}
          onClick={() => void approve(match)}
        >
          Aprobar
        </Button>
        <Button
          fullWidth
          variant="outlined"
          color="error"
          disabled={running !== null}
          loading={running?.id === match.id && running.action === 'reject'}
          onClick={() => setConfirming(true)}
        >
          Rechazar
        </Button>
      </Stack>
      {confirming && (
        <ConfirmMatchDialog
          kind="reject"
          match={match}
          onConfirm={() => void reject(match)}
          onClose={() => setConfirming(false)}
        />
      )}
    </MatchCard>
  );
}

/** The pending matches split into those waiting for the user (with Aprobar and Rechazar) and the rest. */
export function PendingMatches({ matches, userId }: PendingMatchesProps) {
  const actions = useMatchActions();
  const pending = pendingForScreens(matches, userId);
  const mine = pending.filter((m) => isPendingForUser(m, userId));
  const others = pending.filter((m) => !isPendingForUser(m, userId));

  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="pending-mine">
        <Typography id="pending-mine" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          Esperando mi aprobación
        </Typography>
        {mine.length === 0 ? (
          <Alert severity="info" variant="outlined">
            No hay partidas esperando tu aprobación
          </Alert>
        ) : (
          <MatchGrid label="Esperando mi aprobación">
            {mine.map((m) => (
              <li key={m.id}>
                <ApprovalCard match={m} userId={userId} actions={actions} />
              </li>
            ))}
          </MatchGrid>
        )}
      </Box>
      <Box component="section" aria-labelledby="pending-others">
        <Typography id="pending-others" variant="h3" component="h2" sx={{ mb: 1.5 }}>
          Esperando aprobación de otros
        </Typography>
        {others.length === 0 ? (
          <Alert severity="info" variant="outlined">
            No hay partidas esperando a otros jugadores
          </Alert>
        ) : (
          <MatchGrid label="Esperando aprobación de otros">
            {others.map((m) => (
              <li key={m.id}>
                <MatchCard match={m} currentUserId={userId} />
              </li>
            ))}
          </MatchGrid>
        )}
      </Box>
    </Stack>
  );
}
