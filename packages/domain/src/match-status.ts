import type { ApprovalStatus } from './constants';

// Apart from match-rules, whose rules a match list does not need (docs/decisions/022-js).

export type MatchStatusLabel = 'Cancelada' | 'Rechazada' | 'Pendiente' | 'Aprobada';

/** What each status means, as a match's status chip explains it and /help lists it. */
export const STATUS_HELP: Record<MatchStatusLabel, string> = {
  Pendiente: 'Esperando la aprobación de todos los jugadores.',
  Aprobada: 'Todos los jugadores aprobaron la partida: cuenta en estadísticas y suma puntos.',
  Rechazada: 'Un jugador rechazó la partida.',
  Cancelada: 'La partida fue cancelada y no cuenta en estadísticas.',
};

/** A match's status as its chip says it. */
export function statusLabel(status: ApprovalStatus | string): MatchStatusLabel {
  switch (status) {
    case 'cancelled':
      return 'Cancelada';
    case 'rejected':
      return 'Rechazada';
    case 'pending':
      return 'Pendiente';
    default:
      return 'Aprobada';
  }
}
