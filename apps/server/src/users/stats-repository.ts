import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { MatchSummaryForStats } from '@mitos/domain/statistics';

/** One compact row per match the user plays in: what the statistics rule needs, nothing more. */
export async function statisticsSummaries(db: Db, userId: number): Promise<MatchSummaryForStats[]> {
  const rows = await queryRows<{
    cancelled: boolean;
    all_approved: boolean;
    own_status: string;
    own_score: number;
    opponent_score: number;
  }>(
    db,
    sql`
    select m.approval_status = 'cancelled' as cancelled,
           not exists (
             select 1 from match_players o where o.match_id = m.id and o.approval_status <> 'approved'
           ) as all_approved,
           mp.approval_status as own_status,
           case when mp.team = 1 then m.team1_score else m.team2_score end as own_score,
           case when mp.team = 1 then m.team2_score else m.team1_score end as opponent_score
      from match_players mp
      join matches m on m.id = mp.match_id
     where mp.user_id = ${userId}`,
  );
  return rows.map((r) => ({
    cancelled: r.cancelled,
    allApproved: r.all_approved,
    ownStatus: r.own_status,
    ownScore: Number(r.own_score),
    opponentScore: Number(r.opponent_score),
  }));
}
