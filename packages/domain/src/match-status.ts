import type { ApprovalStatus } from './constants';

// Apart from match-rules, whose rules a match list does not need (docs/decisions/022-js).

export type MatchStatusLabel = 'Cancelada' | 'Rechazada' | 'Pendiente' | 'Aprobada';

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
