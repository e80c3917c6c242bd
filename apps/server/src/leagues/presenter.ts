import type { TLeague } from '@mitos/domain/community';
import { leagueStatus, runsStore, type CommunityActor } from '@mitos/domain/community-rules';
import type { LeagueRow } from './repository';

/** A league as `actor` sees it on `today` (a day in Buenos Aires). */
export function presentLeague(row: LeagueRow, today: string, actor: CommunityActor): TLeague {
  return {
    id: row.id,
    name: row.name,
    storeId: row.storeId,
    store: row.store,
    startDate: row.startsOn,
    status: leagueStatus({ startsOn: row.startsOn, finished: row.finishedAt !== null }, today),
    participants: row.participants,
    joined: row.joined,
    canManage: runsStore(actor, row.storeId),
  };
}
