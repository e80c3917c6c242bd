/**
 * Fills a fresh bench database with the demo seeder, then exits: the server is started
 * afterwards as a process of its own, so its memory holds what serving needs and nothing the
 * seeding left behind. Prints `BENCH_READY <json>` (SeedInfo) when done.
 *
 * Then VACUUM, as PostgreSQL's autovacuum does soon after a bulk load: until the
 * visibility map is set, every index-only scan still reads the table, and the bench measures a
 * database in its steady state, not the minute after a restore. (Embedded PGlite has no
 * autovacuum daemon at all: see docs/benchmarks.md.)
 *
 * Then the community (lib/community-seed.ts): stores, a season, BENCH_RANKING_PLAYERS players and
 * BENCH_MATCHES more approved matches among them, and their standings.
 *
 * Then the tournaments' field (lib/tournament-seed.ts): BENCH_TOURNAMENT_PLAYERS players with a
 * default deck each, whom the demo seed's organiser signs up. SeedInfo lists the players who sign
 * in (all but these two fields), for the driver.
 *
 * With BENCH_RATINGS (RatingOptions as JSON), issue 17's rating measures, here because the
 * server is not running yet (embedded PGlite is one process's): a full rebuild of the demo seed
 * alone, timed right after it, and once everything is seeded and vacuumed a full rebuild of the
 * whole database, then new approvals each rated incrementally and a few late ones
 * (lib/rating-measure.ts). Vacuumed again after them.
 *
 * Environment: BENCH_DB (see BenchDatabase), BENCH_PLAYERS, BENCH_MATCHES, BENCH_RANKING_PLAYERS,
 * BENCH_TOURNAMENT_PLAYERS, BENCH_RATINGS.
 */
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '@mitos/server/db/client';
import { seedDemoData } from '@mitos/server/seed/seed';
import { databaseTarget } from './lib/database-target';
import { RANKING_EMAIL_DOMAIN, seedCommunity } from './lib/community-seed';
import { seedTournamentPlayers, TOURNAMENT_EMAIL_DOMAIN } from './lib/tournament-seed';
import { READY_PREFIX, type RatingOptions, type SeedInfo, type SeedRatings } from './lib/protocol';
import { measureRatings, timedRebuild } from './lib/rating-measure';

const ratingOptions = process.env.BENCH_RATINGS
  ? (JSON.parse(process.env.BENCH_RATINGS) as RatingOptions)
  : null;

const database = await openDatabase(databaseTarget(process.env.BENCH_DB!));
try {
  await database.migrate();
  const started = performance.now();
  const seed = await seedDemoData(database, {
    players: Number(process.env.BENCH_PLAYERS),
    matches: Number(process.env.BENCH_MATCHES),
  });
  const seconds = (performance.now() - started) / 1000;
  const demoRebuild = ratingOptions ? await timedRebuild(database) : null;
  const communityStarted = performance.now();
  const community = await seedCommunity(database, {
    players: Number(process.env.BENCH_RANKING_PLAYERS),
    matches: Number(process.env.BENCH_MATCHES),
  });
  const communitySeconds = (performance.now() - communityStarted) / 1000;
  const tournamentPlayers = await seedTournamentPlayers(
    database,
    Number(process.env.BENCH_TOURNAMENT_PLAYERS ?? 0),
  );
  const sessionPlayers = await queryRows<{ id: number; role: string; deckId: number | null }>(
    database.db,
    sql`select u.id, u.role, (select d.id from decks d where d.user_id = u.id order by d.is_default desc, d.id limit 1) as "deckId"
          from users u
         where u.email not like ${`%${TOURNAMENT_EMAIL_DOMAIN}`}
         order by u.id`,
  );
  await database.db.execute(sql`vacuum analyze`);
  let ratings: SeedRatings | null = null;
  if (ratingOptions && demoRebuild) {
    ratings = {
      demoRebuild,
      ...(await measureRatings(database, { ...ratingOptions, skipEmail: seed.demoUser.email })),
    };
    await database.db.execute(sql`vacuum analyze`);
  }
  const users = await queryRows<{ id: number; email: string }>(
    database.db,
    // The ranking's and the tournaments' players never sign in (lib/community-seed.ts,
    // lib/tournament-seed.ts).
    sql`select id, email from users
         where email not like ${`%${RANKING_EMAIL_DOMAIN}`} and email not like ${`%${TOURNAMENT_EMAIL_DOMAIN}`}
         order by id`,
  );
  const info: SeedInfo = {
    seconds,
    matches: seed.matches,
    password: seed.password,
    demoEmail: seed.demoUser.email,
    organiserEmail: seed.organiser?.email ?? null,
    tournamentPlayers,
    community: { ...community, seconds: communitySeconds },
    ratings,
    sessionPlayers: sessionPlayers.map((p) => ({
      id: Number(p.id),
      role: p.role,
      deckId: p.deckId === null ? null : Number(p.deckId),
    })),
    users: users.map((u) => ({ id: Number(u.id), email: u.email })),
  };
  process.stdout.write(`${READY_PREFIX}${JSON.stringify(info)}\n`);
} finally {
  await database.close();
}
