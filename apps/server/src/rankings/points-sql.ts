import { sql, type SQL } from 'drizzle-orm';
import { TIER_VALUES } from '@mitos/domain/constants';
import { matchPoints, type Outcome } from '@mitos/domain/community-points';

/**
 * The domain's points rules (packages/domain community-points: TIER_OF_MATCH, PARTICIPATION_SHARE,
 * outcomeOf) written as SQL, generated from the rules themselves so that the numbers have one
 * home: the incremental standings and the full rebuild both compute with these expressions.
 */

const OUTCOMES: readonly Outcome[] = ['win', 'loss', 'draw'];

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** outcomeOf(team, team1Score, team2Score) over SQL columns: 'win', 'loss' or 'draw'. */
export function outcomeSql(team: SQL, team1Score: SQL, team2Score: SQL): SQL {
  return sql`(case when ${team1Score} = ${team2Score} then 'draw'
                   when (${team} = 1) = (${team1Score} > ${team2Score}) then 'win'
                   else 'loss' end)`;
}

/** matchPoints(tier, outcome) over SQL values: one branch per tier and outcome, from the domain. */
export function pointsSql(tier: SQL, outcome: SQL): SQL {
  const branches = TIER_VALUES.flatMap((t) =>
    OUTCOMES.map((o) => `when ${literal(`${t}:${o}`)} then ${String(matchPoints(t, o))}`),
  );
  return sql`(case ${tier} || ':' || ${outcome} ${sql.raw(branches.join(' '))} else 0 end)`;
}
