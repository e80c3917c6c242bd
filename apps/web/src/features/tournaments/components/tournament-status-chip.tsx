import { tournamentStatusLabel, type TournamentStatus } from '@mitos/domain/tournament-rules';
import { tournamentStatusColor } from '../tournament-view';
import { PaletteChip } from '../../../components/palette-chip';

/** Abierto, Próximamente, En Progreso · Ronda N, Finalizado. */
export function TournamentStatusChip({ status, round }: { status: TournamentStatus; round: number | null }) {
  return <PaletteChip label={tournamentStatusLabel(status, round)} color={tournamentStatusColor(status)} />;
}
