import { Chip } from '@mui/material';
import { tournamentStatusLabel, type TournamentStatus } from '@mitos/domain/tournament-rules';
import { tournamentStatusColor } from '../tournament-view';

/** Abierto, Próximamente, En Progreso · Ronda N, Finalizado. */
export function TournamentStatusChip({ status, round }: { status: TournamentStatus; round: number | null }) {
  return (
    <Chip size="small" label={tournamentStatusLabel(status, round)} color={tournamentStatusColor(status)} />
  );
}
