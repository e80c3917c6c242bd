import { Chip } from '@mui/material';
import { tournamentStatusColor, tournamentStatusLabel, type TournamentStatus } from '../tournament';

export function TournamentStatusChip({ status }: { status: TournamentStatus }) {
  return <Chip size="small" label={tournamentStatusLabel(status)} color={tournamentStatusColor(status)} />;
}
