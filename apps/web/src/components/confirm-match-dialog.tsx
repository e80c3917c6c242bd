import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { TMatch, TTeam } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { formatListDate } from '../lib/list-date';

const names = (team: TTeam) => team.players.map((p) => p.username).join(', ') || MSG.unknownUser;

/** Which match, in words: "#12 del 20/11/2026 18:30 — ana 2 vs 1 beto, registrada por ana". */
export function describeMatch(match: TMatch): string {
  const creator = match.created_by_username ? `, registrada por ${match.created_by_username}` : '';
  return `#${match.id} del ${formatListDate(match.match_date)} — ${names(match.team1)} ${match.team1.score} vs ${match.team2.score} ${names(match.team2)}${creator}`;
}

export type ConfirmKind = 'reject' | 'cancel' | 'confirm-escalated' | 'cancel-escalated';

const COPY: Record<ConfirmKind, { title: string; body: string; confirm: string; color?: 'success' }> = {
  reject: {
    title: '¿Rechazar la partida?',
    body: 'Los demás jugadores verán que la rechazaste y la partida no contará. No se puede deshacer.',
    confirm: 'Rechazar',
  },
  cancel: {
    title: '¿Cancelar la partida?',
    body: 'Deja de esperar aprobaciones y no contará en las estadísticas. No se puede deshacer.',
    confirm: 'Cancelar partida',
  },
  // An organiser's answer to a match nobody finished answering (decision 020).
  'confirm-escalated': {
    title: '¿Confirmar la partida?',
    body: 'Cuenta como aprobada por los jugadores que no respondieron y suma en los rankings. No se puede deshacer.',
    confirm: 'Confirmar',
    color: 'success',
  },
  'cancel-escalated': {
    title: '¿Cancelar la partida?',
    body: 'No contará en las estadísticas ni en los rankings. No se puede deshacer.',
    confirm: 'Cancelar partida',
  },
};

/**
 * Confirms a final action on a match (issue 14 items 4 and 6), naming the match and who played,
 * as the deck delete does. Mount it only while open.
 */
export function ConfirmMatchDialog({
  kind,
  match,
  onConfirm,
  onClose,
}: {
  kind: ConfirmKind;
  match: TMatch;
  onConfirm(): void;
  onClose(): void;
}) {
  const copy = COPY[kind];
  const titleId = `confirm-${kind}-title`;
  const textId = `confirm-${kind}-text`;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{copy.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          <strong>Partida {describeMatch(match)}.</strong> {copy.body}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} autoFocus>
          Volver
        </Button>
        <Button
          color={copy.color ?? 'error'}
          variant="contained"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          {copy.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
