import { Alert } from '@mui/material';
import { playerEntry } from '@mitos/domain/match-rules';
import type { TMatch } from '@mitos/domain/matches';
import { formatListDate } from '../lib/list-date';

/**
 * What the server's timers did to a pending match (decision 020), for the player looking at it: a
 * reminder that it waits for their answer, with when it expires or goes to the store's
 * organiser; or that it went to the organiser, who confirms or cancels it. Nothing otherwise.
 */
export function ReminderNotice({ match, userId }: { match: TMatch; userId: number | null | undefined }) {
  if (match.approval_status !== 'pending') return null;
  const entry = userId == null ? undefined : playerEntry(match, userId);
  const waiting = entry?.approval_status === 'pending';
  if (match.escalated_at !== null) {
    return (
      <Alert severity="info" variant="outlined" sx={{ mb: 1 }}>
        Nadie la respondió a tiempo: el {formatListDate(match.escalated_at)} se envió al organizador de la
        tienda, que la confirmará o cancelará.{waiting ? ' Todavía puedes responderla.' : ''}
      </Alert>
    );
  }
  if (!waiting || entry.reminders === 0) return null;
  const deadline = match.deadline;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 1 }}>
      <strong>Recordatorio: esta partida espera tu respuesta.</strong>
      {deadline &&
        (deadline.rule === 'expire'
          ? ` Vence el ${formatListDate(deadline.at)}: si no se responde, se cancela.`
          : ` Se enviará al organizador de la tienda el ${formatListDate(deadline.at)}.`)}
    </Alert>
  );
}
