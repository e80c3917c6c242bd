import type { TSeason } from '@mitos/domain/community';
import type { SeasonRow } from './repository';

export function presentSeason(row: SeasonRow): TSeason {
  return {
    id: row.id,
    name: row.name,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    current: row.closedAt === null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}
