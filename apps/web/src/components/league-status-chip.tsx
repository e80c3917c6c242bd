import { LEAGUE_STATUS_LABELS, type LeagueStatus } from '@mitos/domain/community-rules';
import { PaletteChip, type ChipColour } from './palette-chip';

/** SPEC: Próximamente, Activa (success colour), Finalizada. */
const LEAGUE_STATUS_COLORS: Readonly<Record<LeagueStatus, ChipColour>> = {
  upcoming: 'info',
  active: 'success',
  finished: 'default',
};

export function LeagueStatusChip({ status }: { status: LeagueStatus }) {
  return <PaletteChip label={LEAGUE_STATUS_LABELS[status]} color={LEAGUE_STATUS_COLORS[status]} />;
}
