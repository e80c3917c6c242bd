import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../db/client';
import { userSettings } from '../db/schema/index';
import { parseJson } from '../matches/repository/load';

/** Whether the player lets signed-out visitors see their approved matches (no row: the default, yes). */
export async function readPublicMatches(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ publicMatches: userSettings.publicMatches })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row?.publicMatches ?? true;
}

/**
 * Sets public_matches only: the row also holds the push preferences, which another screen owns,
 * so a first write leaves them at their defaults and a later one never touches them.
 */
export async function writePublicMatches(
  db: Db | Tx,
  userId: number,
  publicMatches: boolean,
): Promise<boolean> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, publicMatches })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { publicMatches, updatedAt: sql`now()` },
    })
    .returning({ publicMatches: userSettings.publicMatches });
  return row!.publicMatches;
}

export interface PublicMatchRow {
  id: number;
  matchDate: Date;
  mode: string;
  tier: string;
  store: string | null;
  winningTeam: string | null;
  team1Score: number;
  team2Score: number;
  players: { team: number; username: string; race: string }[];
}

type RawPublicMatch = Omit<PublicMatchRow, 'matchDate' | 'players'> & {
  matchDate: string | Date;
  players: PublicMatchRow['players'] | string;
};

/**
 * The match when anyone may see it: approved, and no player of it has turned public matches off
 * (a player without a settings row keeps the default, on). Otherwise nothing, whatever the reason.
 */
export async function findPublicMatch(db: Db | Tx, matchId: number): Promise<PublicMatchRow | null> {
  const [row] = await queryRows<RawPublicMatch>(
    db,
    sql`
    select m.id, m.match_date as "matchDate", m.match_mode as mode, m.tier, st.name as store,
           m.winning_team as "winningTeam", m.team1_score as "team1Score", m.team2_score as "team2Score",
           (select coalesce(json_agg(json_build_object('team', p.team, 'username', u.username, 'race', p.deck_raza)
                                     order by p.team, p.position), '[]')
              from match_players p join users u on u.id = p.user_id
             where p.match_id = m.id) as players
      from matches m left join stores st on st.id = m.store_id
     where m.id = ${matchId}
       and m.approval_status = 'approved'
       and not exists (select 1
                         from match_players p join user_settings s on s.user_id = p.user_id
                        where p.match_id = m.id and not s.public_matches)`,
  );
  if (!row) return null;
  return {
    ...row,
    matchDate: row.matchDate instanceof Date ? row.matchDate : new Date(row.matchDate),
    players: parseJson(row.players),
  };
}
