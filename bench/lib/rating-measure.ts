import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@mitos/server/db/client';
import { rebuildCounts } from '@mitos/server/rankings/tallies';
import { rebuildRatings, settleRatings } from '@mitos/server/ratings/engine';
import { seasonForDate } from '@mitos/server/seasons/repository';
import { RANKING_EMAIL_DOMAIN } from './community-seed';
import { cpuMillis } from './processes';
import type { RatingFigures, RebuildFigures } from './protocol';
import { TOURNAMENT_EMAIL_DOMAIN } from './tournament-seed';

const DAY = 24 * 60 * 60_000;

function cpuOf(pid: number, otherwise: number): number {
  try {
    return cpuMillis(pid);
  } catch {
    // A connection closed meanwhile: its time so far is all there is.
    return otherwise;
  }
}

/**
 * The CPU time of this database's PostgreSQL backends (the pool's connections) from now until the
 * answered function is called, in ms; null on PGlite, whose work is this process's own. The
 * backends are listed before (untimed); one opened meanwhile counts from its start.
 */
async function backendCpu(database: Database): Promise<() => Promise<number | null>> {
  if (database.kind !== 'postgres') return () => Promise.resolve(null);
  const list = async () =>
    (
      await queryRows<{ pid: number }>(
        database.db,
        sql`select pid from pg_stat_activity where datname = current_database()`,
      )
    ).map((r) => Number(r.pid));
  const before = new Map((await list()).map((pid) => [pid, cpuOf(pid, 0)]));
  return async () => {
    // The known backends are read before the listing query adds its own work.
    let spent = 0;
    for (const [pid, at] of before) spent += cpuOf(pid, at) - at;
    for (const pid of await list()) if (!before.has(pid)) spent += cpuOf(pid, 0);
    return spent;
  };
}

/** `rebuildRatings` timed: the full replay of every approved match (`npm run ratings:rebuild`). */
export async function timedRebuild(database: Database): Promise<RebuildFigures> {
  const backends = await backendCpu(database);
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const { matches, seasons } = await rebuildRatings(database);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const databaseMs = await backends();
  return {
    matches,
    seasons,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    databaseCpuSeconds: databaseMs === null ? null : databaseMs / 1000,
  };
}

interface Recorded {
  id: number;
  players: number;
}

/**
 * One match recorded pending between these players (two, or four for a 2v2) and then approved by
 * one statement, as the app's last approval leaves it: the trigger queues it for the rating, and
 * nothing has rated it yet. Not timed.
 */
export async function recordAndApprove(
  database: Database,
  players: readonly number[],
  at: Date,
): Promise<Recorded> {
  const season = await seasonForDate(database.db, at);
  const twoVsTwo = players.length === 4;
  const team1 = twoVsTwo ? players.slice(0, 2) : players.slice(0, 1);
  const team2 = twoVsTwo ? players.slice(2) : players.slice(1);
  // Fixed by the players: one in three won by the second team, one in four 2–1.
  const second = players[0]! % 3 === 0;
  const close = players[1]! % 4 === 0;
  const [winner, loser] = close ? [2, 1] : [2, 0];
  const [s1, s2] = second ? [loser, winner] : [winner, loser];
  const iso = at.toISOString();
  const id = await database.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into matches (match_date, match_mode, tier, approval_status, winning_team, team1_score,
                               team2_score, total_matches, created_at, created_by, last_updated_by,
                               approval_updated_at, store_id, season_id)
          values (${iso}::timestamptz, ${twoVsTwo ? '2v2' : '1v1'}, 'Amistoso', 'pending',
                  ${s1! > s2! ? 'team1' : 'team2'}, ${s1}, ${s2}, 3, ${iso}::timestamptz, ${players[0]},
                  ${players[0]}, ${iso}::timestamptz, null, ${season?.id ?? null})
          returning id`,
    );
    const matchId = Number(row!.id);
    const entries = [
      ...team1.map((user, position) => ({ user, team: 1, position })),
      ...team2.map((user, position) => ({ user, team: 2, position })),
    ];
    await tx.execute(sql`
      insert into match_players (match_id, user_id, team, position, approval_status, status_updated_at,
                                 deck_id, deck_name, deck_raza, match_date, match_status)
      values ${sql.join(
        entries.map(
          (e) =>
            sql`(${matchId}, ${e.user}, ${e.team}, ${e.position}, 'pending', ${iso}::timestamptz, null,
                 'Mazo de prueba', 'Dragon', ${iso}::timestamptz, 'pending')`,
        ),
        sql`, `,
      )}`);
    return matchId;
  });
  // The approval: entries and match in one statement, as the last approval writes them.
  await database.db.execute(sql`
    with entries as (
      update match_players set approval_status = 'approved', match_status = 'approved'
       where match_id = ${id} returning 1)
    update matches set approval_status = 'approved', approval_updated_at = now()
     where id = ${id} and (select count(*) from entries) > 0`);
  return { id, players: players.length };
}

/** `settleRatings` timed, as the approving process runs it after the commit. */
async function timedSettle(
  database: Database,
): Promise<{ ms: number; cpuMs: number; databaseCpuMs: number | null; moved: number }> {
  const backends = await backendCpu(database);
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const moved = await settleRatings(database);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  const databaseCpuMs = await backends();
  if (moved.length === 0) throw new Error('an approval was not rated: the rating queue was empty');
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, databaseCpuMs, moved: moved.length };
}

/**
 * Issue 17's rating measures on a seeded database, with no server running: a timed full rebuild,
 * then `approvals` new matches among the demo seed's players (one in four a 2v2) approved one at a
 * time and each rated by `settleRatings` (timed; dated now, so each is appended), after `warmup`
 * untimed ones; then one annulment per entry of `lateDays`, of the match played that many days
 * back, whose rating replays the history from there and its season (timed). The
 * standings are rebuilt at the end, since these approvals did not go through the app's write path.
 */
export async function measureRatings(
  database: Database,
  options: { approvals: number; warmup: number; lateDays: readonly number[]; skipEmail: string },
): Promise<RatingFigures> {
  const rebuild = await timedRebuild(database);
  const players = (
    await queryRows<{ id: number }>(
      database.db,
      sql`select u.id from users u join ratings r on r.user_id = u.id and r.scope = 0
           where u.email not like ${`%${RANKING_EMAIL_DOMAIN}`}
             and u.email not like ${`%${TOURNAMENT_EMAIL_DOMAIN}`}
             and u.email <> ${options.skipEmail}
           order by u.id`,
    )
  ).map((r) => Number(r.id));
  if (players.length < 4)
    throw new Error(`the rating measure needs four rated players, found ${players.length}`);
  // Distinct players for the i-th match, walking the list with strides coprime-ish to its length.
  const pick = (i: number, count: number) => {
    const chosen: number[] = [];
    for (let k = 0; chosen.length < count; k++) {
      const id = players[(i * 7 + k * 13 + k * k) % players.length]!;
      if (!chosen.includes(id)) chosen.push(id);
    }
    return chosen;
  };

  const appendMs: number[] = [];
  const appendCpuMs: number[] = [];
  const appendDatabaseCpuMs: number[] = [];
  let twoVsTwo = 0;
  for (let i = 0; i < options.warmup + options.approvals; i++) {
    const size = i % 4 === 3 ? 4 : 2;
    await recordAndApprove(database, pick(i, size), new Date());
    const settled = await timedSettle(database);
    if (i < options.warmup) continue;
    appendMs.push(settled.ms);
    appendCpuMs.push(settled.cpuMs);
    if (settled.databaseCpuMs !== null) appendDatabaseCpuMs.push(settled.databaseCpuMs);
    if (size === 4) twoVsTwo++;
  }

  // Annulments: an approved match played that many days back leaves the ratings, which replay
  // the all-time history from its place and its season from the start.
  const late: RatingFigures['late'] = [];
  for (const days of options.lateDays) {
    const at = new Date(Date.now() - days * DAY);
    const [target] = await queryRows<{ id: number; rated_order: number; season_id: number | null }>(
      database.db,
      sql`select id, rated_order, season_id from matches
           where approval_status = 'approved' and match_date <= ${at.toISOString()}::timestamptz
           order by match_date desc, id desc limit 1`,
    );
    if (!target) continue;
    const [count] = await queryRows<{ all_time: number; season: number }>(
      database.db,
      sql`select count(*) filter (where m.rated_order >= ${target.rated_order})::int as all_time,
                 count(*) filter (where m.season_id = ${target.season_id})::int as season
            from matches m where m.approval_status = 'approved'`,
    );
    await database.db.execute(sql`update matches set approval_status = 'cancelled' where id = ${target.id}`);
    const settled = await timedSettle(database);
    late.push({
      daysBack: days,
      ms: settled.ms,
      cpuMs: settled.cpuMs,
      databaseCpuMs: settled.databaseCpuMs,
      allTimeMatches: Number(count?.all_time ?? 0),
      seasonMatches: Number(count?.season ?? 0),
      moved: settled.moved,
    });
  }
  await rebuildCounts(database);
  return {
    rebuild,
    appends: {
      ms: appendMs,
      cpuMs: appendCpuMs,
      databaseCpuMs: database.kind === 'postgres' ? appendDatabaseCpuMs : null,
      twoVsTwo,
      warmup: options.warmup,
    },
    late,
  };
}
