import { Chip, type ChipProps } from '@mui/material';
import { LEAGUE_STATUS_LABELS, type LeagueStatus } from '@mitos/domain/community-rules';

/** SPEC: Próximamente, Activa (success colour), Finalizada. */
const LEAGUE_STATUS_COLORS: Readonly<Record<LeagueStatus, NonNullable<ChipProps['color']>>> = {
  upcoming: 'info',
  active: 'success',
  finished: 'default',
};

export function LeagueStatusChip({ status }: { status: LeagueStatus }) {
  return <Chip size="small" label={LEAGUE_STATUS_LABELS[status]} color={LEAGUE_STATUS_COLORS[status]} />;
}
