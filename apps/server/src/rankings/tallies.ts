import { sql, type SQL } from 'drizzle-orm';
import type { Tier } from '@mitos/domain/constants';
import { outcomeOf, standingDelta } from '@mitos/domain/community-points';
import { queryRows, type Database, type Db, type Tx } from '../db/client';
import { columnSource } from '../db/bulk-insert';
import { outcomeSql, pointsSql } from './points-sql';

// ---------------------------------------------------------------------------------------------
// A season's counts of its approved matches, kept up to date as matches are approved or annulled
// and recomputable from them: the standings (each player's season line, docs/decisions/014) and
// the race tallies the metagame sums (each player's appearances with each race, decision 028).
// Both count a match in the whole community (store 0) and, when it names one, at its store.
// ---------------------------------------------------------------------------------------------

/** The store_id of Ranking General and of the community's metagame: the whole community. */
export const GENERAL = 0;

/** One line of the standings: a player's season in one ranking. */
export interface StandingLine {
  seasonId: number;
  storeId: number;
  userId: number;
  matches: number;
  wins: number;
  points: number;
}

/** One line of the race tallies: a player's appearances with one race in a season's matches. */
export interface RaceTallyLine {
  seasonId: number;
  storeId: number;
  userId: number;
  race: string;
  appearances: number;
  wins: number;
  /** The matches counted on this line: each match once, on its lowest user id's line. */
  leads: number;
}

/** A column of a counts table: its name, the line's field and its SQL type. */
type Column<L> = readonly [column: string, field: keyof L & string, type: 'int' | 'text'];

/**
 * A table of counts: lines keyed by `keys`, whose `counts` are added to. The first count is the
 * one a line has none of when it counts nothing (a rebuild writes no such line). Lines are always
 * written in key order, so that concurrent writes sharing lines lock them in the same order and
 * never deadlock; every write takes the standings before the race tallies.
 */
interface CountsTable<L> {
  name: string;
  keys: readonly Column<L>[];
  counts: readonly Column<L>[];
  /** `sign` times one match's lines, from the database, in key order. */
  deltas: (matchId: number, sign: 1 | -1) => SQL;
  /** Every line computed afresh from the approved matches. */
  rebuilt: SQL;
}

const OUTCOME = outcomeSql(sql`p.team`, sql`m.team1_score`, sql`m.team2_score`);
const POINTS = pointsSql(sql`m.tier`, OUTCOME);
const WON = sql`${OUTCOME} = 'win'`;
/** Whether p is the player a match's count is kept on: its lowest user id. */
const LEADS = sql`p.user_id = (select min(q.user_id) from match_players q where q.match_id = p.match_id)`;

/** A match's players in each ranking it counts in: the whole community and its store. */
const COUNTED_FROM = sql`
      from matches m
      join match_players p on p.match_id = m.id
     cross join lateral (values (${GENERAL}::int), (m.store_id)) s(store_id)`;
const COUNTED = sql`m.season_id is not null and s.store_id is not null`;

const signed = (sign: 1 | -1, when: SQL) => sql`case when ${when} then ${sign}::int else 0 end`;

const STANDINGS: CountsTable<StandingLine> = {
  name: 'standings',
  keys: [
    ['season_id', 'seasonId', 'int'],
    ['store_id', 'storeId', 'int'],
    ['user_id', 'userId', 'int'],
  ],
  counts: [
    ['matches', 'matches', 'int'],
    ['wins', 'wins', 'int'],
    ['points', 'points', 'int'],
  ],
  deltas: (matchId, sign) => sql`
    select m.season_id, s.store_id, p.user_id, ${sign}::int as matches, ${signed(sign, WON)} as wins,
           ${sign}::int * ${POINTS} as points
      ${COUNTED_FROM}
     where m.id = ${matchId}::int and ${COUNTED}
     order by s.store_id, p.user_id`,
  rebuilt: sql`
    select m.season_id, s.store_id, p.user_id, count(*)::int, count(*) filter (where ${WON})::int,
           sum(${POINTS})::int
      ${COUNTED_FROM}
     where m.approval_status = 'approved' and ${COUNTED}
     group by m.season_id, s.store_id, p.user_id`,
};

const RACE_TALLIES: CountsTable<RaceTallyLine> = {
  name: 'race_tallies',
  keys: [
    ['season_id', 'seasonId', 'int'],
    ['store_id', 'storeId', 'int'],
    ['user_id', 'userId', 'int'],
    ['race', 'race', 'text'],
  ],
  counts: [
    ['appearances', 'appearances', 'int'],
    ['wins', 'wins', 'int'],
    ['leads', 'leads', 'int'],
  ],
  deltas: (matchId, sign) => sql`
    select m.season_id, s.store_id, p.user_id, p.deck_raza as race, ${sign}::int as appearances,
           ${signed(sign, WON)} as wins, ${signed(sign, LEADS)} as leads
      ${COUNTED_FROM}
     where m.id = ${matchId}::int and ${COUNTED}
     order by s.store_id, p.user_id, p.deck_raza`,
  rebuilt: sql`
    select m.season_id, s.store_id, p.user_id, p.deck_raza, count(*)::int,
           count(*) filter (where ${WON})::int, count(*) filter (where ${LEADS})::int
      ${COUNTED_FROM}
     where m.approval_status = 'approved' and ${COUNTED}
     group by m.season_id, s.store_id, p.user_id, p.deck_raza`,
};

/** Runs `run` on each counts table, in the order every write takes them: standings first. */
async function eachTable(run: <L>(table: CountsTable<L>) => Promise<void>): Promise<void> {
  await run(STANDINGS);
  await run(RACE_TALLIES);
}

const names = <L>(columns: readonly Column<L>[]) => sql.raw(columns.map(([c]) => c).join(', '));

/**
 * Rows added to a counts table as one INSERT … ON CONFLICT DO UPDATE adding to what is there:
 * atomic per line, so writes of different matches by the same players never lose an update.
 * Usable as a WITH part (the approval folds it into its one statement) or alone.
 */
function addRows<L>(table: CountsTable<L>, rows: SQL): SQL {
  const adding = table.counts.map(([c]) => `${c} = ${table.name}.${c} + excluded.${c}`).join(', ');
  return sql`
    insert into ${sql.raw(table.name)} (${names(table.keys)}, ${names(table.counts)})
    ${rows}
    on conflict (${names(table.keys)}) do update set ${sql.raw(adding)}`;
}

/**
 * Lines computed in memory (from a locked match), added as one INSERT … SELECT of their columns
 * (one parameter each, whatever the number of lines: the statement's text is the same for every
 * match, and quick to build); with `when`, only if it holds (it is read before the first line is
 * written).
 */
function addLines<L>(table: CountsTable<L>, lines: readonly L[], when: SQL = sql`true`): SQL {
  const columns = [...table.keys, ...table.counts];
  const sources = columns.map(([, field, type]) =>
    columnSource(
      lines.map((l) => l[field]),
      type,
    ),
  );
  return addRows(table, sql`select * from unnest(${sql.join(sources, sql`, `)}) v where ${when}`);
}

/**
 * One match's lines taken from a counts table. Not an upsert: PostgreSQL checks the proposed row
 * (negative counts) before it looks for the conflict. The lines are locked first in the order the
 * approvals take them, so an annulment racing approvals of the same players cannot deadlock;
 * lines left counting nothing go, as a rebuild would not write them.
 */
async function subtractMatch<L>(tx: Tx, table: CountsTable<L>, matchId: number): Promise<void> {
  const t = sql.raw(table.name);
  const keys = table.keys.map(([c]) => c);
  const key = sql.raw(
    `(${keys.map((c) => `t.${c}`).join(', ')}) = (${keys.map((c) => `d.${c}`).join(', ')})`,
  );
  const d = table.deltas(matchId, -1);
  await queryRows(
    tx,
    sql`select 1 from ${t} t, (${d}) d where ${key}
         order by ${sql.raw(
           keys
             .slice(1)
             .map((c) => `t.${c}`)
             .join(', '),
         )} for update of t`,
  );
  const subtracting = table.counts.map(([c]) => `${c} = t.${c} + d.${c}`).join(', ');
  await queryRows(tx, sql`update ${t} t set ${sql.raw(subtracting)} from (${d}) d where ${key}`);
  await queryRows(
    tx,
    sql`delete from ${t} t using (${d}) d where ${key} and t.${sql.raw(table.counts[0]![0])} = 0`,
  );
}

/** What the counts need of a match: its season, store, tier, scores, players' teams and races. */
export interface CountedMatch {
  seasonId: number | null;
  storeId: number | null;
  tier: string;
  team1Score: number;
  team2Score: number;
  players: readonly { userId: number; team: number; deckRaza: string }[];
}

/** One match's lines, `sign` times, by the domain's rules: what deltas computes in SQL. */
export interface MatchLines {
  standings: StandingLine[];
  raceTallies: RaceTallyLine[];
}

/**
 * The lines one match adds (sign 1) or takes away (−1), by the domain's rules (standingDelta,
 * outcomeOf): the same numbers the SQL of the deltas and of the rebuild computes, in the order
 * the approvals lock them in. None for a match without a season.
 */
export function linesOf(match: CountedMatch, sign: 1 | -1): MatchLines {
  if (match.seasonId === null) return { standings: [], raceTallies: [] };
  const seasonId = match.seasonId;
  const stores = match.storeId === null ? [GENERAL] : [GENERAL, match.storeId];
  const players = [...match.players].sort((a, b) => a.userId - b.userId);
  const lead = players[0]?.userId;
  const each = stores.flatMap((storeId) =>
    players.map((p) => ({
      storeId,
      player: p,
      delta: standingDelta(
        match.tier as Tier,
        outcomeOf(p.team === 1 ? 1 : 2, match.team1Score, match.team2Score),
        sign,
      ),
    })),
  );
  return {
    standings: each.map(({ storeId, player, delta }) => ({
      seasonId,
      storeId,
      userId: player.userId,
      ...delta,
    })),
    raceTallies: each.map(({ storeId, player, delta }) => ({
      seasonId,
      storeId,
      userId: player.userId,
      race: player.deckRaza,
      appearances: sign,
      wins: delta.wins,
      leads: player.userId === lead ? sign : 0,
    })),
  };
}

/**
 * An approval's lines as WITH parts of its one statement (named st and rt): the numbers computed
 * from the match it holds locked, with no join to read them again. Empty for no lines. PostgreSQL
 * runs a statement's WITH parts in an order of its own, so the race tallies wait on reading every
 * row the standings wrote: the approval takes the standings first, as every other write does (an
 * annulment racing it in the other order would deadlock).
 */
export function addLinesAsWith(lines: MatchLines): SQL {
  if (lines.standings.length === 0) return sql``;
  const standings = addLines(STANDINGS, lines.standings);
  const afterStandings = sql`(select count(*) from st) > 0`;
  return sql`, st as (${standings} returning 1),
    rt as (${addLines(RACE_TALLIES, lines.raceTallies, afterStandings)})`;
}

/**
 * Adds (1) or removes (−1) one match in its season's counts, inside the caller's transaction:
 * for any write that approves or annuls a match (the admin's Resultados and the tournaments
 * too). Nothing for a match without a season.
 */
export async function applyCounts(tx: Tx, matchId: number, sign: 1 | -1): Promise<void> {
  await eachTable(async (table) => {
    if (sign === 1) await queryRows(tx, addRows(table, table.deltas(matchId, 1)));
    else await subtractMatch(tx, table, matchId);
  });
}

/**
 * Every count computed afresh from the approved matches, in one transaction: what the
 * incremental updates must always equal. The tables are locked against the approvals meanwhile
 * (they wait, then add to the rebuilt lines); reads go on. Answers how many standings lines were
 * written.
 */
export async function rebuildCounts(database: Database): Promise<number> {
  return database.transaction(async (tx) => {
    const written = new Map<string, number>();
    await eachTable(async (table) => {
      const t = sql.raw(table.name);
      await tx.execute(sql`lock table ${t} in exclusive mode`);
      await tx.execute(sql`delete from ${t}`);
      const rows = await queryRows<{ lines: number }>(
        tx,
        sql`
        with lines as (
          insert into ${t} (${names(table.keys)}, ${names(table.counts)})
          ${table.rebuilt}
          returning 1)
        select count(*)::int as lines from lines`,
      );
      written.set(table.name, Number(rows[0]?.lines ?? 0));
    });
    return written.get(STANDINGS.name) ?? 0;
  });
}

/** Every line of a counts table, in key order, as the database has them. */
async function allLines<L>(db: Db | Tx, table: CountsTable<L>): Promise<L[]> {
  const columns = [...table.keys, ...table.counts];
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${sql.raw(columns.map(([c, f]) => `${c} as "${f}"`).join(', '))}
          from ${sql.raw(table.name)} order by ${names(table.keys)}`,
  );
  return rows.map(
    (r) =>
      Object.fromEntries(
        columns.map(([, f, type]) => [f, type === 'int' ? Number(r[f]) : String(r[f])]),
      ) as L,
  );
}

/** Every standings line: for the tests comparing the incremental counts with a rebuild. */
export const allStandings = (db: Db | Tx) => allLines(db, STANDINGS);

/** Every race tally line: for the tests comparing the incremental counts with a rebuild. */
export const allRaceTallies = (db: Db | Tx) => allLines(db, RACE_TALLIES);

/** Every ranking's size as ranking_sizes keeps it, in key order: for the tests against the lines. */
export async function allRankingSizes(
  db: Db | Tx,
): Promise<{ seasonId: number; storeId: number; lines: number }[]> {
  const rows = await queryRows<{ seasonId: number; storeId: number; lines: number }>(
    db,
    sql`select season_id as "seasonId", store_id as "storeId", lines from ranking_sizes
         order by season_id, store_id`,
  );
  return rows.map((r) => ({
    seasonId: Number(r.seasonId),
    storeId: Number(r.storeId),
    lines: Number(r.lines),
  }));
}
