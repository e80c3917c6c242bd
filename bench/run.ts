/**
 * `npm run bench`: seeds the demo data at 1,000 and 100,000 matches on embedded PGlite and on
 * PostgreSQL, starts the real server as its own process and, beside it, a bare Fastify process
 * answering the same bytes from memory (the ceiling), and drives both from this process. Every
 * figure is printed beside its ceiling, measured moments apart, because only such ratios mean
 * anything on a shared machine. Writes the table to docs/benchmarks.md.
 *
 * `npm run bench -- --smoke`: a tiny seed, one second per measure, PGlite only (PostgreSQL too
 * when BENCH_DATABASE_URL is set), no web build and no file written. It fails only when
 * something is broken (a process that does not start, a non-2xx answer, a count never pushed),
 * never on a missed target.
 *
 * Options: --db pglite,postgres  --sizes 1000,100000  --seconds 3  --warmup 10  --measures …  --help
 */
import { randomBytes } from 'node:crypto';
import type { UserRole } from '@mitos/domain/constants';
import { issueAccessToken, newFamilyId } from '@mitos/server/auth/tokens';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { pgliteIn, serverEnv } from './lib/database-target';
import { fanOut, type FanOutResult } from './lib/fanout';
import { machineCheck, machineCheckFigure } from './lib/machine-check';
import { expectOk, json, type Reply } from './lib/http';
import { load, type LoadResult } from './lib/load';
import {
  MACHINE_BUSY,
  mixedWorkload,
  type MixedLevel,
  type MixedPlayer,
  type MixedResult,
  type ServerProbe,
} from './lib/mixed';
import { SIGN_INS_AT_ONCE, signIn, type Player } from './lib/players';
import {
  playTournaments,
  quantile,
  type CpuMeter,
  type Timings,
  type TournamentTimes,
} from './lib/tournaments';
import { backendPids, DEFAULT_ADMIN_URL, dropDatabase, freshDatabase, reachable } from './lib/postgres';
import {
  cpuMillis,
  mainThreadCpuMillis,
  freePort,
  sampleResident,
  startCompiledServer,
  startProcess,
  type Started,
} from './lib/processes';
import type {
  Canned,
  CeilingInfo,
  CeilingSpec,
  RatingOptions,
  SeedInfo,
  SeedRatings,
  ServerInfo,
} from './lib/protocol';
import {
  integer,
  kilobytes,
  markdownTable,
  megabytes,
  ms,
  percent,
  textTable,
  times,
  writeResults,
  type Row,
} from './lib/report';
import { hasPgbench, pgbenchCycles, type PgbenchResult } from './lib/pgbench';
import { measureStartup } from './lib/startup';
import { measureWeb, type WebSize } from './lib/web-size';
import {
  LIGHTHOUSE_TARGET,
  lighthouseFigure,
  measureLighthouse,
  meetsTargets,
  type ScreenScore,
} from './lib/lighthouse';
import { matchBody, pairsOf, writeCycles, type Target, type WriteResult } from './lib/writes';

type Kind = 'pglite' | 'postgres';
const KIND_NAME: Record<Kind, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const ROOT = fileURLToPath(new URL('..', import.meta.url));

// ---------------------------------------------------------------------------------------------
// What to run
// ---------------------------------------------------------------------------------------------

const USAGE = `Usage: npm run bench -- [options]

Measures the real server against its ceiling (a bare Fastify answering the same bytes) and
writes docs/benchmarks.md (see it for what each measure means).

  --smoke                 tiny seed, 1 s per measure, no web build, no file written
  --db pglite,postgres    databases to measure (PostgreSQL at BENCH_DATABASE_URL)
  --sizes 1000,100000     matches seeded (and as many approved matches of the community:
                          4 stores, a current season, 2,000 players in the rankings)
  --ranking-players 2000  players in the rankings (issue 19's city run: 20000 with
                          --sizes 1000,1000000 --measures reads)
  --seconds 3             seconds per measure
  --warmup 10             seconds of write cycles before the writes are measured
  --measures reads,writes,fanout,tournaments,ratings,mixed,start,web
                          which measures to run (all by default); without one of them, the
                          table is printed but docs/benchmarks.md is left alone
  --help                  this help

Reads: profile, match lists, decks, notification count, Ranking General, a store's ranking and
a store's results, a player's statistics, rating and head-to-head, the metagame and Ranking
General by rating (and each statistics read uncached, for other players); writes:
create-and-approve cycles; fan-out over /ws; tournaments (at the largest size): a Swiss of 256
players and 8 rounds and a double elimination of 128 played by their organiser one request at a
time, then their standings and bracket under load; ratings (at the largest size, in the seed
process): a full rebuild of the Mitos Rating, new approvals each rated incrementally, and
annulments replayed; mixed (at the largest size): 2,000 players signed in, each with a socket,
following a player's session (home, Pendientes and answering it, Mis Partidas, a match, the
community's pages, a search, a deck edited, a match recorded) at rising request rates; start (on
PGlite, at the largest size, once its server has stopped): npm start to the first answered
request, three times.`;

const { values: options } = parseArgs({
  options: {
    help: { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    db: { type: 'string' },
    sizes: { type: 'string' },
    'ranking-players': { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    measures: { type: 'string' },
  },
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const smoke = options.smoke;
const MEASURES = ['reads', 'writes', 'fanout', 'tournaments', 'ratings', 'mixed', 'start', 'web'] as const;
const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL;

const plan = {
  kinds: (options.db?.split(',') ??
    (smoke
      ? ['pglite', ...(process.env.BENCH_DATABASE_URL ? ['postgres'] : [])]
      : ['pglite', 'postgres'])) as Kind[],
  sizes: options.sizes?.split(',').map(Number) ?? (smoke ? [200] : [1_000, 100_000]),
  players: smoke ? 20 : 200,
  /** Players in the community's rankings: the demo seed's and more, who never sign in. */
  rankingPlayers: Number(options['ranking-players'] ?? (smoke ? 50 : 2_000)),
  seconds: Number(options.seconds ?? (smoke ? 1 : 3)),
  warmupSeconds: smoke ? 0 : 1,
  /**
   * The write cycles' warm-up (`--warmup`). The write path's code is compiled by V8's optimizing
   * compiler in its first seconds under load (session 48, PGlite at 200 cycles/s: 84–140
   * compilations a second over the first six seconds, 14–23 from the twelfth on), on its helper
   * threads but in the process's CPU: after 1 s of warm-up, a 3 s measure counted that once-only
   * work in every cycle (decision 059).
   */
  writeWarmupSeconds: Number(options.warmup ?? (smoke ? 0 : 10)),
  readRounds: smoke ? 1 : 2,
  connections: smoke ? 10 : 50,
  writeLoops: smoke ? 2 : 24,
  socketsPerPlayer: smoke ? 2 : 10,
  approvals: smoke ? 6 : 100,
  fanOutLoops: smoke ? 2 : 4,
  /** Issue 16's tournaments, played at the largest size only. */
  tournaments: smoke
    ? { swissPlayers: 16, swissRounds: 4, doubleEliminationPlayers: 8 }
    : { swissPlayers: 256, swissRounds: 8, doubleEliminationPlayers: 128 },
  /**
   * Issue 17's rating measures, at the largest size in the seed process: approvals rated one at a
   * time (after untimed ones), and one annulment per entry, of the match played that many days back.
   */
  ratings: smoke
    ? { approvals: 20, warmup: 3, lateDays: [1, 30] }
    : { approvals: 300, warmup: 20, lateDays: [1, 30, 180] },
  /**
   * Issue 19's mixed workload, at the largest size: every player of the community signed in (the
   * rankingPlayers), each visit recording a match one time in five (with the answers it brings,
   * about 20 reads to a write), the rates offered in turn until the server is busy past 80 % of a
   * core.
   */
  mixed: smoke
    ? { rates: [40], seconds: 1, warmupSeconds: 0 }
    : { rates: [100, 200, 300, 450, 650, 900, 1200], seconds: 8, warmupSeconds: 2 },
  /** Players whose statistics, rating and head-to-head with the demo player are read uncached. */
  coldReads: smoke ? 5 : 40,
  measures: new Set(options.measures?.split(',') ?? [...MEASURES]),
  web: false,
};
plan.web = !smoke && plan.measures.has('web');
/** A partial run writes no results: the table in the docs is always a whole run's. */
const partial = MEASURES.some((m) => !plan.measures.has(m));
for (const measure of plan.measures)
  if (!(MEASURES as readonly string[]).includes(measure)) throw new Error(`unknown --measures ${measure}`);
for (const kind of plan.kinds)
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error(`unknown --db ${kind}`);
for (const size of plan.sizes)
  if (!Number.isInteger(size) || size < 30) throw new Error(`bad --sizes ${size}`);
if (!Number.isInteger(plan.rankingPlayers) || plan.rankingPlayers < plan.players)
  throw new Error(`bad --ranking-players ${plan.rankingPlayers} (at least ${plan.players})`);

/** Whom the reads ask about: the demo player, others, the community's store. */
interface Who {
  demoId: number;
  /** The opponent the demo player met most (their statistics' first opponent, and the home search's). */
  rivalId: number;
  storeId: number;
}

/** The requests of the app's first screens, as the web client sends them. */
interface ReadEndpoint {
  label: string;
  /** `limit`: the page asked for, of a list (the same at every size: see commonPages). */
  url(who: Who, limit: number): string;
  /** Lists answer pages of matches: their cost must follow the page, not the table. */
  list: boolean;
  /** A list's page as the web asks for it; smaller when a size has fewer matches to answer. */
  page?: number;
  /**
   * The community's reads (issue 15): p99 under 25 ms on both databases, and at the large size
   * within 1.5× of the small one's p99.
   */
  community?: boolean;
  /** Issue 17's statistics and rating reads: p99 under 25 ms on both databases. */
  statistics?: boolean;
}
const READS: ReadEndpoint[] = [
  { label: 'GET /api/auth/me', url: () => '/api/auth/me', list: false },
  {
    label: 'GET /api/matches/all-approved',
    url: (_, limit) => `/api/matches/all-approved?limit=${limit}`,
    list: true,
    page: 12,
  },
  {
    label: 'GET /api/matches/all-approved, search',
    url: (w, limit) => `/api/matches/all-approved?limit=${limit}&team1=${w.demoId}&team2=${w.rivalId}`,
    list: true,
    page: 12,
  },
  {
    label: 'GET /api/matches/pending',
    url: (_, limit) => `/api/matches/pending?limit=${limit}`,
    list: true,
    page: 20,
  },
  { label: 'GET /api/matches/me', url: (_, limit) => `/api/matches/me?limit=${limit}`, list: true, page: 30 },
  { label: 'GET /api/decks', url: () => '/api/decks', list: false },
  { label: 'GET /api/notifications/count', url: () => '/api/notifications/count', list: false },
  { label: 'GET /api/rankings (Ranking General)', url: () => '/api/rankings', list: false, community: true },
  {
    label: 'GET /api/rankings, store ranking',
    url: (w) => `/api/rankings?storeId=${w.storeId}`,
    list: false,
    community: true,
  },
  {
    label: 'GET /api/stores/:id/matches (store results)',
    url: (w, limit) => `/api/stores/${w.storeId}/matches?limit=${limit}`,
    list: true,
    page: 20,
    community: true,
  },
  {
    label: 'GET /api/users/:id/statistics (month)',
    url: (w) => `/api/users/${w.demoId}/statistics?period=month`,
    list: false,
    statistics: true,
  },
  {
    label: 'GET /api/users/:id/statistics (week)',
    url: (w) => `/api/users/${w.demoId}/statistics?period=week`,
    list: false,
    statistics: true,
  },
  {
    label: 'GET /api/users/:id/rating',
    url: (w) => `/api/users/${w.demoId}/rating`,
    list: false,
    statistics: true,
  },
  {
    label: 'GET /api/users/:id/head-to-head/:opponentId',
    url: (w) => `/api/users/${w.demoId}/head-to-head/${w.rivalId}`,
    list: false,
    statistics: true,
  },
  { label: 'GET /api/metagame', url: () => '/api/metagame', list: false, statistics: true },
  {
    label: 'GET /api/rankings?sort=rating',
    url: () => '/api/rankings?sort=rating',
    list: false,
    statistics: true,
  },
];

/**
 * The statistics reads each asked once, uncached, about other players than the demo player (a
 * key of its own each): what a read costs when the cache has nothing, as after every approval
 * (the `ratings` topic drops every statistics answer).
 */
const COLD_READS: { label: string; url(w: Who, playerId: number): string }[] = [
  {
    label: 'GET /api/users/:id/statistics (month)',
    url: (_, id) => `/api/users/${id}/statistics?period=month`,
  },
  { label: 'GET /api/users/:id/rating', url: (_, id) => `/api/users/${id}/rating` },
  {
    label: 'GET /api/users/:id/head-to-head/:opponentId',
    url: (w, id) => `/api/users/${w.demoId}/head-to-head/${id}`,
  },
];

// ---------------------------------------------------------------------------------------------
// One seeded server and its ceiling
// ---------------------------------------------------------------------------------------------

/** CPU time per request (or per cycle), in ms: the process's own, and its PostgreSQL backends'. */
interface CpuUse {
  process: number;
  database: number | null;
  /** The process's main thread's share of `process` (its other threads: V8's helpers, libuv's pool). */
  mainThread: number;
}

interface ReadFigures {
  real: LoadResult;
  ceiling: LoadResult;
  realCpu: CpuUse;
  ceilingCpu: CpuUse;
}

/** What an endpoint answered the demo player: its size, and how many matches for a list. */
interface Answer {
  url: string;
  bytes: number;
  items: number | null;
}

interface Instance {
  kind: Kind;
  size: number;
  /** The PostgreSQL database's name; null on PGlite, which runs inside the server process. */
  databaseName: string | null;
  seedSeconds: number;
  /** The players' sign-ins through the API before the measures: how long, and the server's largest size meanwhile. */
  signIns: { players: number; seconds: number; peakRss: number };
  server: Started<ServerInfo>;
  /** Stops the server and starts it again on the same database and port, with `env` added. */
  restartServer(env: Record<string, string>): Promise<Started<ServerInfo>>;
  ceiling: Started<CeilingInfo>;
  real: Target;
  bare: Target;
  players: Player[];
  demo: Player;
  /** How the demo player signs in (Lighthouse signs in through the page). */
  demoLogin: { email: string; password: string };
  /** The community's store, where the tournaments are played. */
  storeId: number;
  /** The demo seed's tournament admin, signed in; null in a seed too small to have one. */
  organiser: Player | null;
  /** The tournaments' field (empty but at the largest size). */
  tournamentPlayers: number[];
  answers: Map<string, Answer>;
  reads: Map<string, ReadFigures>;
  /** The lists, search and rankings with the read cache off (measureUncached), by label. */
  uncached: Map<string, { real: LoadResult; realCpu: CpuUse }>;
  rss: { real: number; ceiling: number };
  writes?: {
    real: WriteResult;
    ceiling: WriteResult;
    realCpu: CpuUse;
    ceilingCpu: CpuUse;
    /** PostgreSQL's own ceiling for the cycle (lib/pgbench.ts); null on PGlite or without pgbench. */
    pgbench: PgbenchResult | null;
  };
  fanOut?: { real: FanOutResult; ceiling: FanOutResult };
  who: Who;
  /** The demo player's approved matches, whose statistics are read. */
  demoMatches: number;
  /** The latencies of the uncached statistics reads (COLD_READS), in ms, by label. */
  coldReads?: Map<string, number[]>;
  coldCpu?: Map<string, CpuUse>;
  /** Issue 17's rating measures, from the seed process (at the largest size). */
  ratings: SeedRatings | null;
  tournaments?: { times: TournamentTimes; reads: Map<string, ReadFigures & { bytes: number }> };
  /** The server's SESSION_SECRET: the mixed workload's players get their sessions signed with it. */
  secret: string;
  sessionPlayers: { id: number; role: string; deckId: number | null }[];
  mixed?: MixedResult;
  cleanup: () => Promise<void>;
}

const RUN_TAG = randomBytes(3).toString('hex');

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

function canned(reply: Reply): Canned {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'content-encoding', 'vary', 'x-next-cursor']) {
    const value = reply.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // The bytes the server sent: gzipped when it gzips for a browser.
  return { status: reply.status, headers, body: reply.wire.toString('base64') };
}

/** Tournaments are played at the largest size only (the most rows behind each write), for the run's length. */
function tournamentsAt(size: number): boolean {
  return plan.measures.has('tournaments') && size === Math.max(...plan.sizes);
}

/** The rating measures, like the tournaments, at the largest size only. */
function ratingsAt(size: number): boolean {
  return plan.measures.has('ratings') && size === Math.max(...plan.sizes);
}

/** The opponent the demo player met most, from their statistics (read once, uncached). */
async function rivalOf(base: string, demo: Player): Promise<{ rivalId: number; matches: number }> {
  const statistics = json<{ totals: { matches: number }; opponents: { opponent: { id: number } }[] }>(
    await expectOk(base, 'GET', `/api/users/${demo.id}/statistics?period=month`, { token: demo.token }),
  );
  const rival = statistics.opponents[0]?.opponent.id;
  if (rival === undefined) throw new Error('the demo player has no opponent in their statistics');
  return { rivalId: rival, matches: statistics.totals.matches };
}

/** An instance before its ceiling runs: what startCeiling needs to start one. */
type Seeded = Omit<Instance, 'ceiling' | 'bare' | 'answers'> & {
  /** The write cycle's answers, for the ceiling. */
  posts: CeilingSpec['post'];
  /** Run by cleanup, last first. */
  cleanups: (() => Promise<void>)[];
};

/** A run of its own: two benches on one PostgreSQL (other worktrees) never share a database. */
const databaseName = (size: number) => `mitos_bench_${size}_${RUN_TAG}`;

async function startInstance(kind: Kind, size: number, scratch: string): Promise<Seeded> {
  const name = databaseName(size);
  const database =
    kind === 'postgres' ? await freshDatabase(adminUrl, name) : pgliteIn(path.join(scratch, name));
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse())
      await step().catch((err: unknown) => log(`cleanup: ${String(err)}`));
  };
  if (kind === 'postgres') cleanups.push(() => dropDatabase(adminUrl, name));
  try {
    log(`${KIND_NAME[kind]} ${integer(size)}: seeding ${plan.players} players, ${integer(size)} matches`);
    const seeder = await startProcess<SeedInfo>(
      'seed.ts',
      {
        BENCH_DB: database,
        BENCH_PLAYERS: String(plan.players),
        BENCH_MATCHES: String(size),
        BENCH_RANKING_PLAYERS: String(plan.rankingPlayers),
        BENCH_TOURNAMENT_PLAYERS: String(tournamentsAt(size) ? plan.tournaments.swissPlayers : 0),
        BENCH_RATINGS: ratingsAt(size) ? JSON.stringify(plan.ratings satisfies RatingOptions) : '',
      },
      15 * 60_000,
    );
    await seeder.stop();
    const seed = seeder.info;
    log(
      `${KIND_NAME[kind]} ${integer(size)}: seeded in ${seed.seconds.toFixed(1)} s, the community ` +
        `(${integer(size)} more approved matches, ${integer(seed.community.players)} ranked players) ` +
        `in ${seed.community.seconds.toFixed(1)} s`,
    );
    if (seed.ratings) {
      const { demoRebuild, rebuild, appends, late } = seed.ratings;
      log(
        `${KIND_NAME[kind]} ${integer(size)}: rating rebuild of the demo seed ${integer(demoRebuild.matches)} ` +
          `matches in ${demoRebuild.seconds.toFixed(1)} s, of the whole database ${integer(rebuild.matches)} in ` +
          `${rebuild.seconds.toFixed(1)} s; ${appends.ms.length} approvals rated, p99 ` +
          `${ms(quantile(appends.ms, 0.99))}; annulments: ${late.map((l) => `${l.daysBack} d ${ms(l.ms)}`).join(', ')}`,
      );
    }

    const secret = randomBytes(48).toString('base64url');
    const port = String(await freePort());
    const startServer = async (env: Record<string, string>): Promise<Started<ServerInfo>> => {
      const started = await startCompiledServer(
        {
          ...serverEnv(database),
          HOST: '127.0.0.1',
          PORT: port,
          SESSION_SECRET: secret,
          LOG_LEVEL: 'warn',
          // Every seeded player signs in once per run, all from 127.0.0.1.
          AUTH_RATE_LIMIT: '1000000',
          // Each pair of the write cycles records hundreds of matches a minute (decision 012's limits).
          MATCH_CREATE_LIMIT: '1000000',
          MATCH_PENDING_LIMIT: '1000000',
          ...webServerEnv(),
          ...env,
        },
        120_000,
      );
      return {
        ...started,
        info: { port: started.info.port, pid: started.pid, database: kind, users: seed.users },
      };
    };
    let server = await startServer({});
    cleanups.push(() => server.stop());
    // Same port, same secret: the players' sessions hold across a restart.
    const restartServer = async (env: Record<string, string>) => {
      await server.stop();
      server = await startServer(env);
      return server;
    };
    const base = `http://127.0.0.1:${server.info.port}`;
    // The server's resident size while the players sign in, four Argon2 checks asked at once
    // (each holds 19 MB while it runs), sampled often: one check takes tens of milliseconds.
    const signInRss = sampleResident(server.pid, 5);
    const signInStarted = performance.now();
    const players = await signIn(base, server.info.users, seed.password);
    const signIns = {
      players: players.length,
      seconds: (performance.now() - signInStarted) / 1000,
      peakRss: signInRss(),
    };
    const demoId = server.info.users.find((u) => u.email === seed.demoEmail)?.id;
    const demo = players.find((p) => p.id === demoId);
    if (!demo) throw new Error(`the demo player ${seed.demoEmail} did not sign in`);
    const organiserId = server.info.users.find((u) => u.email === seed.organiserEmail)?.id;
    const rival = await rivalOf(base, demo);
    const who: Who = {
      demoId: demo.id,
      rivalId: rival.rivalId,
      storeId: seed.community.storeId,
    };

    // The ceiling answers these, and the reads' answers (startCeiling), as the real server did.
    const [pair] = pairsOf(players.filter((p) => p !== demo));
    if (!pair) throw new Error('the bench needs at least three players');
    const created = await expectOk(base, 'POST', '/api/matches', {
      token: pair.creator.token,
      json: matchBody(pair),
    });
    const approved = await expectOk(
      base,
      'POST',
      `/api/matches/${json<{ id: number }>(created).id}/approve`,
      {
        token: pair.opponent.token,
      },
    );
    const posts: CeilingSpec['post'] = [
      { route: '/api/matches', response: canned(created) },
      { route: '/api/matches/:id/approve', response: canned(approved) },
    ];

    return {
      kind,
      size,
      databaseName: kind === 'postgres' ? name : null,
      seedSeconds: seed.seconds,
      signIns,
      server,
      restartServer,
      real: { base, ceiling: false },
      posts,
      players,
      demo,
      demoLogin: { email: seed.demoEmail, password: seed.password },
      storeId: seed.community.storeId,
      organiser: players.find((p) => p.id === organiserId) ?? null,
      tournamentPlayers: seed.tournamentPlayers,
      who,
      demoMatches: rival.matches,
      ratings: seed.ratings,
      reads: new Map(),
      uncached: new Map(),
      rss: { real: 0, ceiling: 0 },
      secret,
      sessionPlayers: seed.sessionPlayers,
      cleanups,
      cleanup,
    };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

/**
 * Each list's page, the same at every size: the page the web asks for, or fewer when some size
 * has fewer matches to answer (the home search of the demo player and their rival, at 1,000
 * matches), so that sizes compare answers of the same length (issue 19).
 */
async function commonPages(seeded: readonly Seeded[]): Promise<Map<string, number>> {
  const pages = new Map<string, number>();
  for (const endpoint of READS) {
    if (endpoint.page === undefined) continue;
    let page = endpoint.page;
    for (const instance of seeded) {
      const reply = await expectOk(instance.real.base, 'GET', endpoint.url(instance.who, endpoint.page), {
        token: instance.demo.token,
      });
      page = Math.min(page, json<unknown[]>(reply).length);
    }
    pages.set(endpoint.label, Math.max(1, page));
  }
  return pages;
}

/** Reads each endpoint once, then starts the ceiling answering those very bytes. */
async function startCeiling(seeded: Seeded, scratch: string, pages: Map<string, number>): Promise<Instance> {
  const spec: CeilingSpec = { get: {}, post: seeded.posts };
  const answers = new Map<string, Answer>();
  for (const endpoint of READS) {
    const url = endpoint.url(seeded.who, pages.get(endpoint.label) ?? 0);
    const reply = await expectOk(seeded.real.base, 'GET', url, { token: seeded.demo.token });
    const parsed: unknown = JSON.parse(reply.body.toString('utf8'));
    answers.set(endpoint.label, {
      url,
      bytes: reply.body.length,
      items: endpoint.list && Array.isArray(parsed) ? parsed.length : null,
    });
    spec.get[url] = canned(reply);
  }
  const specFile = path.join(scratch, `${seeded.kind}-${seeded.size}-ceiling.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  const ceiling = await startProcess<CeilingInfo>(
    'ceiling.ts',
    { BENCH_CEILING_SPEC: specFile, PORT: String(await freePort()) },
    60_000,
  );
  seeded.cleanups.push(() => ceiling.stop());
  log(
    `${KIND_NAME[seeded.kind]} ${integer(seeded.size)}: server on ${seeded.real.base}, ceiling on port ${ceiling.info.port}`,
  );
  return {
    ...seeded,
    ceiling,
    bare: { base: `http://127.0.0.1:${ceiling.info.port}`, ceiling: true },
    answers,
  };
}

// ---------------------------------------------------------------------------------------------
// The measures
// ---------------------------------------------------------------------------------------------

function cpuOrLast(pid: number, last: number): number {
  try {
    return cpuMillis(pid);
  } catch {
    // A backend that closed during the run: its time so far is all there is.
    return last;
  }
}

/**
 * Wraps one measured run to read the CPU time it cost the process under load (and, for the real
 * server on PostgreSQL, its database backends), per operation. CPU time per request holds
 * still on a busy machine where requests per second do not.
 */
function cpuProbe<R>(pid: number, databaseName: string | null, operations: (result: R) => number) {
  const use: CpuUse = { process: Number.NaN, database: null, mainThread: Number.NaN };
  const around = async (run: () => Promise<R>): Promise<R> => {
    const before = new Map<number, number>();
    if (databaseName)
      for (const b of await backendPids(adminUrl, databaseName)) before.set(b, cpuOrLast(b, 0));
    const process0 = cpuMillis(pid);
    const main0 = mainThreadCpuMillis(pid);
    const result = await run();
    const count = Math.max(1, operations(result));
    use.process = (cpuMillis(pid) - process0) / count;
    use.mainThread = (mainThreadCpuMillis(pid) - main0) / count;
    if (databaseName) {
      // Connections the pool opened during the run count from their start.
      const after = await backendPids(adminUrl, databaseName);
      const pids = new Set([...before.keys(), ...after]);
      let spent = 0;
      for (const b of pids) spent += cpuOrLast(b, before.get(b) ?? 0) - (before.get(b) ?? 0);
      use.database = spent / count;
    }
    return result;
  };
  return { use, around };
}

/**
 * Each endpoint on each server, the ceiling then the server moments apart, in rounds that
 * alternate the order of the sizes; each figure is the best of its rounds, so a burst of load
 * from the machine's other users in one round does not decide a ratio.
 */
async function measureReads(instances: Instance[]): Promise<void> {
  const perRequest = (r: LoadResult) => r.requests;
  for (let round = 0; round < plan.readRounds; round++) {
    const order = round % 2 === 0 ? instances : [...instances].reverse();
    const loadOptions = (token: string) => ({
      connections: plan.connections,
      seconds: plan.seconds,
      warmupSeconds: round === 0 ? plan.warmupSeconds : 0,
      token,
    });
    for (const endpoint of READS) {
      for (const instance of order) {
        const { url } = instance.answers.get(endpoint.label)!;
        const ceilingCpu = cpuProbe(instance.ceiling.pid, null, perRequest);
        const ceilingRss = sampleResident(instance.ceiling.pid);
        const ceiling = await load(
          `${instance.bare.base}${url}`,
          loadOptions(instance.demo.token),
          ceilingCpu.around,
        );
        instance.rss.ceiling = Math.max(instance.rss.ceiling, ceilingRss());
        const realCpu = cpuProbe(instance.server.pid, instance.databaseName, perRequest);
        const realRss = sampleResident(instance.server.pid);
        const real = await load(
          `${instance.real.base}${url}`,
          loadOptions(instance.demo.token),
          realCpu.around,
        );
        instance.rss.real = Math.max(instance.rss.real, realRss());

        const best = instance.reads.get(endpoint.label);
        instance.reads.set(endpoint.label, {
          ...(best && best.real.rps >= real.rps
            ? { real: best.real, realCpu: best.realCpu }
            : { real, realCpu: realCpu.use }),
          ...(best && best.ceiling.rps >= ceiling.rps
            ? { ceiling: best.ceiling, ceilingCpu: best.ceilingCpu }
            : { ceiling, ceilingCpu: ceilingCpu.use }),
        });
        log(
          `${KIND_NAME[instance.kind]} ${integer(instance.size)} ${endpoint.label}: ` +
            `${integer(real.rps)} req/s p99 ${ms(real.p99Ms)} (ceiling ${integer(ceiling.rps)} req/s)`,
        );
      }
    }
  }
}

/** What the scale lines compare: every list, the search and the rankings, answered by the database. */
const UNCACHED_READS = READS.filter((e) => e.list || e.community);

/**
 * Issue 19's scale lines: the lists, the search and the rankings with the server's read cache
 * off (READ_CACHE_MB=0, a restart on the same database), so that each request is the database's
 * work at that size and not a cached copy; loaded like the reads, best of the rounds in
 * alternating order. The server starts again with its cache on afterwards.
 */
async function measureUncached(instances: Instance[]): Promise<void> {
  for (const instance of instances) instance.server = await instance.restartServer({ READ_CACHE_MB: '0' });
  const perRequest = (r: LoadResult) => r.requests;
  for (let round = 0; round < plan.readRounds; round++) {
    const order = round % 2 === 0 ? instances : [...instances].reverse();
    for (const endpoint of UNCACHED_READS) {
      for (const instance of order) {
        const { url } = instance.answers.get(endpoint.label)!;
        const probe = cpuProbe(instance.server.pid, instance.databaseName, perRequest);
        const real = await load(
          `${instance.real.base}${url}`,
          {
            connections: plan.connections,
            seconds: plan.seconds,
            warmupSeconds: round === 0 ? plan.warmupSeconds : 0,
            token: instance.demo.token,
          },
          probe.around,
        );
        const best = instance.uncached.get(endpoint.label);
        if (!best || real.rps > best.real.rps)
          instance.uncached.set(endpoint.label, { real, realCpu: probe.use });
        log(
          `${KIND_NAME[instance.kind]} ${integer(instance.size)} ${endpoint.label}, uncached: ` +
            `${integer(real.rps)} req/s, mean ${ms(real.meanMs)}, p99 ${ms(real.p99Ms)}`,
        );
      }
    }
  }
  for (const instance of instances) instance.server = await instance.restartServer({});
}

/**
 * The statistics reads uncached (COLD_READS): each asked once about each of a few players, one
 * request at a time, timed as the client sees it; with the server's CPU (and its PostgreSQL
 * backends') per request. Run after the loaded reads, on an otherwise idle server.
 */
async function measureColdReads(instance: Instance): Promise<void> {
  const others = instance.players
    .filter((p) => p.id !== instance.demo.id && p.id !== instance.who.rivalId)
    .slice(0, plan.coldReads);
  instance.coldReads = new Map();
  instance.coldCpu = new Map();
  for (const read of COLD_READS) {
    const latencies: number[] = [];
    const probe = cpuProbe(instance.server.pid, instance.databaseName, (n: number) => n);
    await probe.around(async () => {
      for (const player of others) {
        const started = performance.now();
        await expectOk(instance.real.base, 'GET', read.url(instance.who, player.id), {
          token: instance.demo.token,
        });
        latencies.push(performance.now() - started);
      }
      return latencies.length;
    });
    instance.coldReads.set(read.label, latencies);
    instance.coldCpu.set(read.label, probe.use);
    log(
      `${KIND_NAME[instance.kind]} ${integer(instance.size)} ${read.label}, uncached: p50 ` +
        `${ms(quantile(latencies, 0.5))}, max ${ms(Math.max(...latencies))}`,
    );
  }
}

async function measureWrites(instance: Instance): Promise<void> {
  const pairs = pairsOf(instance.players.filter((p) => p !== instance.demo)).slice(0, plan.writeLoops);
  const perCycle = (r: WriteResult) => r.cycles;
  const ceilingCpu = cpuProbe(instance.ceiling.pid, null, perCycle);
  const ceiling = await writeCycles(
    instance.bare,
    pairs,
    plan.seconds,
    plan.writeWarmupSeconds,
    ceilingCpu.around,
  );
  const realCpu = cpuProbe(instance.server.pid, instance.databaseName, perCycle);
  const real = await writeCycles(instance.real, pairs, plan.seconds, plan.writeWarmupSeconds, realCpu.around);
  let pgbench: PgbenchResult | null = null;
  if (instance.databaseName && hasPgbench()) {
    const url = new URL(adminUrl);
    url.pathname = `/${instance.databaseName}`;
    const ids = pairs.flatMap((p) => [p.creator.id, p.opponent.id]);
    pgbench = pgbenchCycles(url.toString(), {
      clients: pairs.length,
      seconds: plan.seconds,
      lo: Math.min(...ids),
      hi: Math.max(...ids),
    });
    log(
      `${KIND_NAME[instance.kind]} ${integer(instance.size)} pgbench cycles: ${integer(pgbench.cyclesPerSecond)} /s`,
    );
  } else if (instance.databaseName) log('pgbench is not installed: no PostgreSQL ceiling for the writes');
  instance.writes = { real, ceiling, realCpu: realCpu.use, ceilingCpu: ceilingCpu.use, pgbench };
  log(
    `${KIND_NAME[instance.kind]} ${integer(instance.size)} writes: ${integer(real.cyclesPerSecond)} cycles/s ` +
      `(ceiling ${integer(ceiling.cyclesPerSecond)})`,
  );
}

async function measureFanOut(instance: Instance): Promise<void> {
  const fanOptions = {
    socketsPerPlayer: plan.socketsPerPlayer,
    approvals: plan.approvals,
    loops: plan.fanOutLoops,
  };
  const ceiling = await fanOut(instance.bare, instance.players, fanOptions);
  const real = await fanOut(instance.real, instance.players, fanOptions);
  instance.fanOut = { real, ceiling };
  log(
    `${KIND_NAME[instance.kind]} ${integer(instance.size)} fan-out to ${real.sockets} sockets: ` +
      `p99 ${ms(real.p99Ms)} (ceiling ${ms(ceiling.p99Ms)})`,
  );
}

/**
 * The CPU time a process and (on PostgreSQL) its database's backends used so far. A backend
 * keeps its last reading once it closes; one first seen counts from its start, like cpuProbe's.
 */
function cpuMeter(pid: number, databaseName: string | null): CpuMeter {
  const backends = new Map<number, number>();
  return async () => {
    if (databaseName === null) return { process: cpuMillis(pid), database: null };
    for (const b of await backendPids(adminUrl, databaseName)) if (!backends.has(b)) backends.set(b, 0);
    let database = 0;
    for (const [b, last] of backends) {
      const now = cpuOrLast(b, last);
      backends.set(b, now);
      database += now;
    }
    return { process: cpuMillis(pid), database };
  };
}

/**
 * Issue 16: the organiser plays a Swiss and a double elimination to the end, one request at a
 * time on a quiet server, each request timed by the client (lib/tournaments.ts); then the Swiss's
 * standings and the bracket, as every player's screen reads them, under the read load beside a
 * ceiling answering their bytes (best of the read rounds, like the other reads).
 */
async function measureTournaments(instance: Instance, scratch: string): Promise<void> {
  const name = `${KIND_NAME[instance.kind]} ${integer(instance.size)}`;
  if (!instance.organiser) throw new Error('the seed has no tournament admin to run the tournaments');
  const sizes = plan.tournaments;
  log(
    `${name}: a Swiss of ${sizes.swissPlayers} (${sizes.swissRounds} rounds) and a double elimination ` +
      `of ${sizes.doubleEliminationPlayers}, played by the organiser`,
  );
  const times = await playTournaments(
    {
      base: instance.real.base,
      token: instance.organiser.token,
      meter: cpuMeter(instance.server.pid, instance.databaseName),
    },
    instance.storeId,
    instance.tournamentPlayers,
    sizes,
  );
  const { swiss, doubleElimination: de } = times;
  // The results' latency round by round: what grows with the rounds played.
  const perRound = swiss.report.ms.length / sizes.swissRounds;
  const byRound = Array.from({ length: sizes.swissRounds }, (_, r) =>
    quantile(swiss.report.ms.slice(r * perRound, (r + 1) * perRound), 0.5).toFixed(0),
  );
  log(
    `${name} tournaments: Swiss rounds paired in ${swiss.pair.ms.map((m) => m.toFixed(0)).join(', ')} ms; ` +
      `Swiss results' p50 by round ${byRound.join(', ')} ms; double-elimination start ${ms(de.start.ms[0]!)}, ` +
      `results p50 ${ms(quantile(de.report.ms, 0.5))} p99 ${ms(quantile(de.report.ms, 0.99))}`,
  );

  const urls = new Map([
    [
      `GET /api/tournaments/:id/standings (Swiss of ${sizes.swissPlayers})`,
      `/api/tournaments/${swiss.id}/standings`,
    ],
    [
      `GET /api/tournaments/:id/bracket (double elimination of ${sizes.doubleEliminationPlayers})`,
      `/api/tournaments/${de.id}/bracket`,
    ],
  ]);
  const spec: CeilingSpec = { get: {}, post: [] };
  const bytes = new Map<string, number>();
  for (const [label, url] of urls) {
    const reply = await expectOk(instance.real.base, 'GET', url, { token: instance.demo.token });
    spec.get[url] = canned(reply);
    bytes.set(label, reply.body.length);
  }
  const specFile = path.join(scratch, `${instance.kind}-${instance.size}-tournaments-ceiling.json`);
  writeFileSync(specFile, JSON.stringify(spec));
  const ceiling = await startProcess<CeilingInfo>(
    'ceiling.ts',
    { BENCH_CEILING_SPEC: specFile, PORT: String(await freePort()) },
    60_000,
  );
  const reads = new Map<string, ReadFigures & { bytes: number }>();
  try {
    const perRequest = (r: LoadResult) => r.requests;
    for (let round = 0; round < plan.readRounds; round++) {
      const loadOptions = {
        connections: plan.connections,
        seconds: plan.seconds,
        warmupSeconds: round === 0 ? plan.warmupSeconds : 0,
        token: instance.demo.token,
      };
      for (const [label, url] of urls) {
        const ceilingCpu = cpuProbe(ceiling.pid, null, perRequest);
        const bare = await load(
          `http://127.0.0.1:${ceiling.info.port}${url}`,
          loadOptions,
          ceilingCpu.around,
        );
        const realCpu = cpuProbe(instance.server.pid, instance.databaseName, perRequest);
        const real = await load(`${instance.real.base}${url}`, loadOptions, realCpu.around);
        const best = reads.get(label);
        reads.set(label, {
          bytes: bytes.get(label)!,
          ...(best && best.real.rps >= real.rps
            ? { real: best.real, realCpu: best.realCpu }
            : { real, realCpu: realCpu.use }),
          ...(best && best.ceiling.rps >= bare.rps
            ? { ceiling: best.ceiling, ceilingCpu: best.ceilingCpu }
            : { ceiling: bare, ceilingCpu: ceilingCpu.use }),
        });
        log(
          `${name} ${label}: ${integer(real.rps)} req/s p99 ${ms(real.p99Ms)} (ceiling ${integer(bare.rps)} req/s)`,
        );
      }
    }
  } finally {
    await ceiling.stop();
  }
  instance.tournaments = { times, reads };
}

/** The mixed workload at the largest size only, like the tournaments: the most rows behind every read. */
function mixedAt(size: number): boolean {
  return plan.measures.has('mixed') && size === Math.max(...plan.sizes);
}

/**
 * Access tokens last 15 minutes (auth/tokens): the players' sessions renewed before each measure,
 * minted with the server's secret as a sign-in would, so that a measure started long after the
 * sign-in (the city run's seed takes minutes) is not answered 401.
 */
function renewTokens(
  instance: Pick<Instance, 'players' | 'demo' | 'organiser' | 'sessionPlayers' | 'secret'>,
): void {
  const roles = new Map(instance.sessionPlayers.map((p) => [p.id, p.role]));
  const players = new Set([
    ...instance.players,
    instance.demo,
    ...(instance.organiser ? [instance.organiser] : []),
  ]);
  for (const p of players) p.token = sessionToken(instance, p.id, roles.get(p.id) ?? 'player');
}

/** An access token for a player, signed with the server's secret as its sign-in would be. */
function sessionToken(instance: Pick<Instance, 'secret'>, id: number, role: string): string {
  return issueAccessToken({ sub: id, role: role as UserRole, fam: newFamilyId() }, instance.secret);
}

/**
 * Issue 19: every player of the community signed in at once. Their sessions are signed with the
 * server's secret here (2,000 Argon2 sign-ins would measure the sign-in, not the app); the demo
 * seed's admin reads the read cache's counters at /api/admin/metrics around each level.
 */
async function measureMixed(instance: Instance): Promise<void> {
  const name = `${KIND_NAME[instance.kind]} ${integer(instance.size)}`;
  const token = (id: number, role: string) => sessionToken(instance, id, role);
  const players: MixedPlayer[] = instance.sessionPlayers.map((p) => ({
    id: p.id,
    token: token(p.id, p.role),
    deckId: p.deckId,
  }));
  const admin = instance.sessionPlayers.find((p) => p.role === 'admin');
  if (!admin) throw new Error('the seed has no admin to read the server metrics');
  const adminToken = token(admin.id, admin.role);
  log(`${name}: mixed workload, ${integer(players.length)} players signed in with a socket each`);
  const result = await mixedWorkload(
    instance.real.base,
    players,
    {
      ...plan.mixed,
      recordShare: 0.2,
      deckShare: 0.05,
      searchShare: 0.1,
      storeId: instance.storeId,
      tournamentId: instance.tournaments?.times.swiss.id ?? null,
      stopAtCpu: MIXED_CPU_CEILING,
      thinkMs: [500, 2500],
    },
    {
      pid: instance.server.pid,
      meter: cpuMeter(instance.server.pid, instance.databaseName),
      metrics: async () =>
        json<ServerProbe>(
          await expectOk(instance.real.base, 'GET', '/api/admin/metrics', { token: adminToken }),
        ),
    },
  );
  instance.mixed = result;
  for (const level of result.levels) {
    const worst = (write: boolean) =>
      Math.max(...level.endpoints.filter((e) => e.write === write).map((e) => e.p99Ms), 0);
    log(
      `${name} mixed at ${integer(level.offeredRate)} req/s: ${integer(level.achievedRate)} req/s ` +
        `(${integer(level.writes)} writes), server CPU ${percent(level.serverCpu)}, worst p99 read ` +
        `${ms(worst(false))} write ${ms(worst(true))}, cache hits ${level.cacheHitRate === null ? '-' : percent(level.cacheHitRate)}, ` +
        `RSS ${megabytes(level.rssBytes)}, ${loopText(level.loopDelay)}`,
    );
    // Every endpoint of every level (the table keeps the targets' level only): to compare runs.
    if (process.env.BENCH_MIXED_DETAIL) {
      const { heapTotalBytes, heapUsedBytes, externalBytes } = level.heap;
      log(
        `  heap ${megabytes(heapTotalBytes)} (${megabytes(heapUsedBytes)} used), outside it ${megabytes(externalBytes)}`,
      );
      for (const e of level.endpoints)
        log(`  ${e.label}: p50 ${ms(e.p50Ms)}, p99 ${ms(e.p99Ms)}, max ${ms(e.maxMs)} (${integer(e.count)})`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/** `2.1 ms` for one process, `2.1 + 1.7 ms` for the server and its PostgreSQL backends. */
function cpuText(use: Pick<CpuUse, 'process' | 'database'>): string {
  return use.database === null ? fixedMs(use.process) : `${fixed(use.process)} + ${fixedMs(use.database)}`;
}

/** A CPU time in ms: two decimals under 1 ms, one above. */
const fixed = (n: number) => n.toFixed(n < 1 ? 2 : 1);
const fixedMs = (n: number) => `${fixed(n)} ms`;

/** "event loop late p99 3.1 ms, max 48 ms": how long every request waited for the loop. */
function loopText(delay: MixedLevel['loopDelay']): string {
  return delay === null
    ? 'event loop not sampled'
    : `event loop late p99 ${ms(delay.p99Ms)}, max ${ms(delay.maxMs)}`;
}

function rowsFor(kind: Kind, instances: Instance[]): Row[] {
  const rows: Row[] = [];
  const database = KIND_NAME[kind];
  const postgres = kind === 'postgres';
  for (const instance of instances) {
    const matches = integer(instance.size);
    if (!plan.measures.has('reads')) break;
    for (const endpoint of READS) {
      const r = instance.reads.get(endpoint.label)!;
      const a = instance.answers.get(endpoint.label)!;
      const share = r.real.rps / r.ceiling.rps;
      const answer =
        a.items !== null
          ? `${a.items} ${a.items === 1 ? 'match' : 'matches'}, ${kilobytes(a.bytes)}`
          : endpoint.label.includes('/statistics')
            ? `${integer(instance.demoMatches)} matches counted, ${kilobytes(a.bytes)}`
            : kilobytes(a.bytes);
      rows.push({
        measure: `${endpoint.label} (${answer})`,
        database,
        matches,
        figure: `${integer(r.real.rps)} req/s, p99 ${ms(r.real.p99Ms)}, CPU ${cpuText(r.realCpu)}`,
        ceiling: `${integer(r.ceiling.rps)} req/s, p99 ${ms(r.ceiling.p99Ms)}, CPU ${cpuText(r.ceilingCpu)}`,
        ratio: percent(share),
        target: endpoint.statistics
          ? 'p99 < 25 ms'
          : endpoint.community
            ? `p99 < 25 ms${postgres ? ', ≥ 25 %' : ''}`
            : postgres
              ? '≥ 25 %, p99 < 25 ms'
              : '≥ 10 %',
        met: endpoint.statistics
          ? r.real.p99Ms < 25
          : endpoint.community
            ? r.real.p99Ms < 25 && (!postgres || share >= 0.25)
            : postgres
              ? share >= 0.25 && r.real.p99Ms < 25
              : share >= 0.1,
      });
    }
  }
  const small = instances.find((i) => i.size === Math.min(...plan.sizes));
  const large = instances.find((i) => i.size === Math.max(...plan.sizes));
  if (small && large && small !== large && plan.measures.has('reads')) {
    // The database's work at each size, answers of the same length (commonPages): issue 19.
    for (const endpoint of UNCACHED_READS) {
      const at = (i: Instance) => i.uncached.get(endpoint.label)!.real.meanMs;
      const cpu = (i: Instance) => cpuText(i.uncached.get(endpoint.label)!.realCpu);
      const answer = (i: Instance) => {
        const a = i.answers.get(endpoint.label)!;
        return a.items === null ? kilobytes(a.bytes) : `${a.items} ${a.items === 1 ? 'match' : 'matches'}`;
      };
      const growth = at(large) / at(small);
      rows.push({
        measure: `Scale, uncached: ${endpoint.label} (${answer(large)} vs ${answer(small)}), mean latency`,
        database,
        matches: `${integer(large.size)} vs ${integer(small.size)}`,
        figure: `${ms(at(large))}, CPU ${cpu(large)}`,
        ceiling: `${ms(at(small))}, CPU ${cpu(small)} at ${integer(small.size)}`,
        ratio: times(growth),
        target: '≤ 1.5×',
        met: growth <= 1.5,
      });
    }
    // The community's reads: p99 against the small size's (autocannon's p99 is whole ms, so a
    // p99 of 1 ms counts as 1 ms, not less).
    for (const endpoint of READS.filter((e) => e.community)) {
      const p99 = (i: Instance) => Math.max(1, i.reads.get(endpoint.label)!.real.p99Ms);
      const growth = p99(large) / p99(small);
      rows.push({
        measure: `Scale: ${endpoint.label}, p99`,
        database,
        matches: `${integer(large.size)} vs ${integer(small.size)}`,
        figure: ms(p99(large)),
        ceiling: `${ms(p99(small))} at ${integer(small.size)}`,
        ratio: times(growth),
        target: '≤ 1.5×',
        met: growth <= 1.5,
      });
    }
  }
  for (const instance of instances) {
    const matches = integer(instance.size);
    if (instance.writes) {
      const { real, ceiling, realCpu, ceilingCpu } = instance.writes;
      rows.push({
        measure: `Create-and-approve cycles (${plan.writeLoops} at once)`,
        database,
        matches,
        figure: `${integer(real.cyclesPerSecond)} /s, CPU ${cpuText(realCpu)} (main thread ${fixedMs(realCpu.mainThread)})`,
        ceiling: `${integer(ceiling.cyclesPerSecond)} /s, CPU ${cpuText(ceilingCpu)}`,
        ratio: percent(real.cyclesPerSecond / ceiling.cyclesPerSecond),
        target: postgres ? '≥ 300 /s' : `CPU ≤ ${PGLITE_CYCLE_CPU_MS} ms`,
        met: postgres ? real.cyclesPerSecond >= 300 : realCpu.process <= PGLITE_CYCLE_CPU_MS,
      });
      if (instance.writes.pgbench)
        rows.push({
          measure: `Create-and-approve cycles against PostgreSQL's own (pgbench, ${plan.writeLoops} clients, the cycle's statements alone)`,
          database,
          matches,
          figure: `${integer(real.cyclesPerSecond)} /s`,
          ceiling: `${integer(instance.writes.pgbench.cyclesPerSecond)} /s`,
          ratio: percent(real.cyclesPerSecond / instance.writes.pgbench.cyclesPerSecond),
          target: '≥ 50 %',
          met: real.cyclesPerSecond / instance.writes.pgbench.cyclesPerSecond >= 0.5,
        });
    }
    if (instance.fanOut) {
      const { real, ceiling } = instance.fanOut;
      rows.push({
        measure: `WebSocket fan-out, ${integer(real.sockets)} sockets (${real.samples} deliveries, from the approval sent)`,
        database,
        matches,
        figure: `p99 ${ms(real.p99Ms)}, p50 ${ms(real.p50Ms)}`,
        ceiling: `p99 ${ms(ceiling.p99Ms)}, p50 ${ms(ceiling.p50Ms)}`,
        ratio: times(real.p99Ms / Math.max(ceiling.p99Ms, 1)),
        target: 'p99 < 200 ms',
        met: real.p99Ms < 200,
      });
    }
    rows.push({
      measure: `Sign-ins through the API, ${SIGN_INS_AT_ONCE} at once: server resident size, largest`,
      database,
      matches,
      figure: `${megabytes(instance.signIns.peakRss)} (${integer(instance.signIns.players)} players in ${instance.signIns.seconds.toFixed(1)} s)`,
      ceiling: '',
      ratio: '',
      target: '',
      met: null,
    });
    if (instance.tournaments) rows.push(...tournamentRows(instance, database));
    if (instance.mixed) rows.push(...mixedRows(instance, database));
    if (instance.coldReads) rows.push(...coldReadRows(instance, database));
    if (instance.ratings) rows.push(...ratingRows(instance.ratings, database, instance.size));
    // Sampled under the read load only.
    if (!plan.measures.has('reads')) continue;
    // Issue 19: the compiled server under < 150 MB on PostgreSQL and < 300 MB on PGlite.
    const memoryTarget = instance.size === Math.max(...plan.sizes) && instance.size >= 100_000;
    const memoryLimitMb = postgres ? 150 : 300;
    rows.push({
      measure: 'Server resident size under the read load',
      database,
      matches,
      figure: megabytes(instance.rss.real),
      ceiling: megabytes(instance.rss.ceiling),
      ratio: times(instance.rss.real / instance.rss.ceiling),
      target: memoryTarget ? `< ${memoryLimitMb} MB` : '',
      met: memoryTarget ? instance.rss.real < memoryLimitMb * 1024 * 1024 : null,
    });
  }
  return rows;
}

/** Issue 19's targets, on PostgreSQL, at the highest rate where the server stays under 80 % of a core. */
const MIXED_CPU_CEILING = 0.8;
const MIXED_READ_P99_MS = 50;
const MIXED_WRITE_P99_MS = 100;

/**
 * The level the targets apply to: the highest rate whose server CPU stayed under the ceiling, on
 * a machine not busy past MACHINE_BUSY (the driver and PostgreSQL share its cores: past that, the
 * machine decides the latencies, not the server).
 */
function mixedLevelForTargets(levels: readonly MixedLevel[]): MixedLevel | null {
  return (
    levels.filter((l) => l.serverCpu <= MIXED_CPU_CEILING && l.machineCpu <= MACHINE_BUSY).at(-1) ?? null
  );
}

function mixedRows(instance: Instance, database: string): Row[] {
  const { players, sockets, levels } = instance.mixed!;
  const postgres = instance.kind === 'postgres';
  const matches = integer(instance.size);
  const rows: Row[] = levels.map((level) => ({
    measure: `Mixed workload: ${integer(level.offeredRate)} req/s offered (${integer(players)} players signed in, ${integer(sockets)} sockets)`,
    database,
    matches,
    figure:
      `${integer(level.achievedRate)} req/s (${integer(level.reads)} reads, ${integer(level.writes)} writes), ` +
      `server CPU ${percent(level.serverCpu)}${level.databaseCpu === null ? '' : ` + PostgreSQL ${percent(level.databaseCpu)}`} ` +
      `(machine ${percent(level.machineCpu)}), ` +
      `CPU ${cpuText(level.cpuPerRequest)} per request, read cache hits ${level.cacheHitRate === null ? '–' : percent(level.cacheHitRate)} ` +
      `(${integer(level.cacheSize.entries)} answers kept), RSS ${megabytes(level.rssBytes)}, ${integer(level.pushes)} pushes, ${loopText(level.loopDelay)}` +
      `, the driver's ${loopText(level.driverLoop)}` +
      (level.refused > 0 ? `, ${integer(level.refused)} answers refused (the match had changed)` : ''),
    ceiling: '',
    ratio: '',
    target: '',
    met: null,
  }));
  const chosen = mixedLevelForTargets(levels);
  if (!chosen) {
    rows.push({
      measure: 'Mixed workload: no rate kept the server under 80 % of a core and the machine under 90 %',
      database,
      matches,
      figure: '',
      ceiling: '',
      ratio: '',
      target: postgres ? 'a level under 80 %' : '',
      met: postgres ? false : null,
    });
    return rows;
  }
  for (const e of chosen.endpoints) {
    const limit = e.write ? MIXED_WRITE_P99_MS : MIXED_READ_P99_MS;
    rows.push({
      measure: `Mixed at ${integer(chosen.offeredRate)} req/s: ${e.label} (${integer(e.count)} requests)`,
      database,
      matches,
      figure: `p50 ${ms(e.p50Ms)}, p99 ${ms(e.p99Ms)}, max ${ms(e.maxMs)}`,
      ceiling: '',
      ratio: '',
      target: postgres ? `p99 < ${limit} ms` : '',
      met: postgres ? e.p99Ms < limit : null,
    });
  }
  const memoryLimit = postgres ? 150 : 300;
  const targeted = instance.size >= 100_000;
  rows.push({
    measure: `Mixed workload: server resident size, largest over the levels`,
    database,
    matches,
    figure: megabytes(Math.max(...levels.map((l) => l.rssBytes))),
    ceiling: '',
    ratio: '',
    target: targeted ? `< ${memoryLimit} MB` : '',
    met: targeted ? Math.max(...levels.map((l) => l.rssBytes)) < memoryLimit * 1024 * 1024 : null,
  });
  return rows;
}

/** Issue 19: a create-and-approve cycle's CPU on PGlite, half of the first pass's 8.3–13.5 ms. */
const PGLITE_CYCLE_CPU_MS = 4.5;

/** Issue 16's targets: a round paired or a result advanced in < 50 ms, the pages' p99 < 25 ms. */
const TOURNAMENT_WRITE_MS = 50;
const TOURNAMENT_READ_P99_MS = 25;

function tournamentRows(instance: Instance, database: string): Row[] {
  const { times, reads } = instance.tournaments!;
  const sizes = plan.tournaments;
  const matches = integer(instance.size);
  const perRequest = (t: Timings) => {
    const n = Math.max(1, t.ms.length);
    return cpuText({
      process: t.cpu.process / n,
      database: t.cpu.database === null ? null : t.cpu.database / n,
    });
  };
  const spread = (t: Timings) =>
    `p50 ${ms(quantile(t.ms, 0.5))}, p99 ${ms(quantile(t.ms, 0.99))}, max ${ms(Math.max(...t.ms))}, CPU ${perRequest(t)}`;
  const written = (measure: string, figure: string, worst: number, target: string): Row => ({
    measure,
    database,
    matches,
    figure,
    ceiling: '',
    ratio: '',
    target,
    met: worst < TOURNAMENT_WRITE_MS,
  });
  const { swiss, doubleElimination: de } = times;
  const rows: Row[] = [
    written(
      `Tournament: pair a Swiss round (${sizes.swissPlayers} players; ${swiss.pair.ms.length} rounds, the first by the start)`,
      `median ${ms(quantile(swiss.pair.ms, 0.5))}, max ${ms(Math.max(...swiss.pair.ms))}, CPU ${perRequest(swiss.pair)}`,
      Math.max(...swiss.pair.ms),
      `every round < ${TOURNAMENT_WRITE_MS} ms`,
    ),
    written(
      `Tournament: enter a Swiss result (${integer(swiss.report.ms.length)} results)`,
      spread(swiss.report),
      quantile(swiss.report.ms, 0.99),
      `p99 < ${TOURNAMENT_WRITE_MS} ms`,
    ),
    written(
      `Tournament: start a double elimination (${sizes.doubleEliminationPlayers} players: seeding, bracket, first matches)`,
      `${ms(de.start.ms[0]!)}, CPU ${perRequest(de.start)}`,
      de.start.ms[0]!,
      `< ${TOURNAMENT_WRITE_MS} ms`,
    ),
    written(
      `Tournament: enter a double-elimination result, the bracket advancing (${integer(de.report.ms.length)} results)`,
      spread(de.report),
      quantile(de.report.ms, 0.99),
      `p99 < ${TOURNAMENT_WRITE_MS} ms`,
    ),
  ];
  for (const [label, r] of reads)
    rows.push({
      measure: `${label} (${kilobytes(r.bytes)})`,
      database,
      matches,
      figure: `${integer(r.real.rps)} req/s, p99 ${ms(r.real.p99Ms)}, CPU ${cpuText(r.realCpu)}`,
      ceiling: `${integer(r.ceiling.rps)} req/s, p99 ${ms(r.ceiling.p99Ms)}, CPU ${cpuText(r.ceilingCpu)}`,
      ratio: percent(r.real.rps / r.ceiling.rps),
      target: `p99 < ${TOURNAMENT_READ_P99_MS} ms`,
      met: r.real.p99Ms < TOURNAMENT_READ_P99_MS,
    });
  return rows;
}

/** The uncached statistics reads (no target: the target is the cached read's). */
function coldReadRows(instance: Instance, database: string): Row[] {
  const rows: Row[] = [];
  for (const [label, latencies] of instance.coldReads!) {
    const cpu = instance.coldCpu!.get(label)!;
    rows.push({
      measure: `${label}, uncached (${latencies.length} other players, one request at a time)`,
      database,
      matches: integer(instance.size),
      figure: `p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(Math.max(...latencies))}, CPU ${cpuText(cpu)}`,
      ceiling: '',
      ratio: '',
      target: '',
      met: null,
    });
  }
  return rows;
}

/** Issue 17's targets: a full replay of 100,000 matches < 10 s, an approval's rating < 5 ms. */
const REBUILD_SECONDS_PER_100K = 10;
const APPEND_MS = 5;

function ratingRows(r: SeedRatings, database: string, size: number): Row[] {
  const matches = integer(size);
  const per100k = (f: SeedRatings['rebuild']) => (f.seconds * 100_000) / Math.max(1, f.matches);
  // Per 100,000 matches at the issue's size only: a small seed's fixed costs would dominate.
  const targeted = size >= 100_000;
  const rebuild = (what: string, f: SeedRatings['rebuild']): Row => ({
    measure: `Mitos Rating: full rebuild, ${what} (${integer(f.matches)} matches, ${f.seasons} ${f.seasons === 1 ? 'season' : 'seasons'})`,
    database,
    matches,
    figure:
      `${f.seconds.toFixed(1)} s (${per100k(f).toFixed(1)} s per 100,000 matches), CPU ${f.cpuSeconds.toFixed(1)}` +
      `${f.databaseCpuSeconds === null ? '' : ` + ${f.databaseCpuSeconds.toFixed(1)}`} s`,
    ceiling: '',
    ratio: '',
    target: targeted ? `< ${REBUILD_SECONDS_PER_100K} s per 100,000` : '',
    met: targeted ? per100k(f) < REBUILD_SECONDS_PER_100K : null,
  });
  const { ms: appends, cpuMs, databaseCpuMs, twoVsTwo } = r.appends;
  const mean = (v: readonly number[]) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length);
  // `7.1 ms` on PGlite, `2.7 + 2.5 ms` on PostgreSQL (the process, then its backends).
  const cpu = (process: number, database: number | null) =>
    database === null ? ms(process) : `${ms(process).replace(' ms', '')} + ${ms(database)}`;
  const rows: Row[] = [
    rebuild('demo seed alone, 1v1 and 2v2', r.demoRebuild),
    rebuild('whole bench database', r.rebuild),
    {
      measure: `Mitos Rating: rate one approval (settleRatings; ${appends.length} approvals, ${twoVsTwo} of them 2v2, appended)`,
      database,
      matches,
      figure: `mean ${ms(mean(appends))}, p95 ${ms(quantile(appends, 0.95))}, p99 ${ms(quantile(appends, 0.99))}, max ${ms(Math.max(...appends))}, CPU ${cpu(mean(cpuMs), databaseCpuMs && mean(databaseCpuMs))}`,
      ceiling: '',
      ratio: '',
      target: `mean < ${APPEND_MS} ms`,
      met: mean(appends) < APPEND_MS,
    },
  ];
  for (const late of r.late)
    rows.push({
      measure:
        `Mitos Rating: an annulment, the match ${late.daysBack} ${late.daysBack === 1 ? 'day' : 'days'} back ` +
        `(replays ${integer(late.allTimeMatches)} matches all-time and its season's ${integer(late.seasonMatches)})`,
      database,
      matches,
      figure: `${ms(late.ms)}, CPU ${cpu(late.cpuMs, late.databaseCpuMs)}, ${integer(late.moved)} players' ratings rewritten`,
      ceiling: '',
      ratio: '',
      target: '',
      met: null,
    });
  return rows;
}

const WEB_BUDGET = 170 * 1024;

// ---------------------------------------------------------------------------------------------
// Issue 19: the phone's first screen (Lighthouse mobile on the built app, served by the server
// of the first database's largest size)
// ---------------------------------------------------------------------------------------------

let webDist: string | null = null;
/** Lighthouse's figures, over plain HTTP/1.1 and over HTTPS with HTTP/2 (decision 044). */
let phoneScores: { database: string; size: number; plain: ScreenScore[]; secure: ScreenScore[] } | null =
  null;

async function buildWeb(outDir: string): Promise<WebSize> {
  log('building the web app');
  const web = await measureWeb(outDir);
  webDist = outDir;
  return web;
}

/** The benched servers serve the built app when there is one (its static files, its routes). */
function webServerEnv(): Record<string, string> {
  return webDist ? { WEB_DIST: webDist } : {};
}

/**
 * The self-signed certificate for 127.0.0.1 of the server's tests (apps/server/test/fixtures/tls),
 * which the bench's Chromium alone trusts.
 */
const TLS_FIXTURES = fileURLToPath(new URL('../apps/server/test/fixtures/tls/', import.meta.url));
const TLS_CERT = path.join(TLS_FIXTURES, 'cert.pem');

async function measurePhone(kind: Kind, instances: Instance[]): Promise<void> {
  if (!webDist || kind !== plan.kinds[0]) return;
  const largest = instances.reduce((a, b) => (b.size > a.size ? b : a));
  const lighthouseOf = (base: string, certificate?: string) =>
    measureLighthouse({
      base,
      ...largest.demoLogin,
      certificate,
      onScreen: (s) => log(`  ${s.path}: ${lighthouseFigure(s)}`),
    });
  log(`${KIND_NAME[kind]} ${integer(largest.size)}: Lighthouse mobile over plain HTTP/1.1, screen by screen`);
  const plain = await lighthouseOf(largest.real.base);
  // The same server on the same port, restarted with a certificate: HTTPS, and HTTP/2 to Chromium.
  largest.server = await largest.restartServer({
    TLS_CERT_FILE: TLS_CERT,
    TLS_KEY_FILE: path.join(TLS_FIXTURES, 'key.pem'),
  });
  let secure: ScreenScore[];
  try {
    log(
      `${KIND_NAME[kind]} ${integer(largest.size)}: Lighthouse mobile over HTTPS and HTTP/2, screen by screen`,
    );
    secure = await lighthouseOf(largest.real.base.replace(/^http:/, 'https:'), TLS_CERT);
  } finally {
    largest.server = await largest.restartServer({});
  }
  phoneScores = { database: KIND_NAME[kind], size: largest.size, plain, secure };
}

/**
 * One row per screen and protocol. The targets are the HTTPS rows': a phone on a mobile network
 * (what Lighthouse simulates) reaches the app through the internet, over HTTPS; plain HTTP is a
 * store's own network, and is kept to compare with the earlier runs.
 */
function lighthouseRows(): Row[] {
  if (!phoneScores) return [];
  const { database, size } = phoneScores;
  const rows = (scores: ScreenScore[], protocol: string, targeted: boolean): Row[] =>
    scores.map((s) => ({
      measure: `Lighthouse mobile, ${protocol}: ${s.path}`,
      database,
      matches: integer(size),
      figure: lighthouseFigure(s),
      ceiling: '',
      ratio: '',
      target: targeted ? LIGHTHOUSE_TARGET : '',
      met: targeted ? meetsTargets(s) : null,
    }));
  return [
    ...rows(phoneScores.secure, 'HTTPS and HTTP/2', true),
    ...rows(phoneScores.plain, 'plain HTTP/1.1', false),
  ];
}

function webRows(web: WebSize): Row[] {
  const screen = (name: string, load: WebSize['login'], budget: boolean): Row => ({
    measure: `Web: JavaScript before the ${name} screen runs, gzip (${load.files.length} files, ${kilobytes(load.rawBytes)} raw)`,
    database: '',
    matches: '',
    figure: kilobytes(load.gzipBytes),
    ceiling: `budget ${kilobytes(WEB_BUDGET)}`,
    ratio: percent(load.gzipBytes / WEB_BUDGET),
    target: budget ? '≤ 170 kB' : '',
    met: budget ? load.gzipBytes <= WEB_BUDGET : null,
  });
  const own = web.screens - web.bundledScreens.length;
  return [
    screen('login', web.login, true),
    screen('home', web.home, true),
    {
      measure: `Web: screens loaded as their own chunk${web.bundledScreens.length ? ` (not: ${web.bundledScreens.join(', ')})` : ''}`,
      database: '',
      matches: '',
      figure: `${own} of ${web.screens}`,
      ceiling: `${web.screens}`,
      ratio: percent(own / web.screens),
      target: 'all',
      met: own === web.screens,
    },
  ];
}

/** `npm start` on the largest PGlite database, its server stopped (lib/startup.ts). */
async function startRow(scratch: string): Promise<Row> {
  const size = Math.max(...plan.sizes);
  log(`PGlite ${integer(size)}: timing npm start`);
  const start = await measureStartup(path.join(scratch, databaseName(size)));
  return {
    measure: `Start: npm start to the first answered request, existing PGlite database (${integer(size)} matches)`,
    database: KIND_NAME.pglite,
    matches: integer(size),
    figure: `median ${ms(start.median)}, max ${ms(start.max)} (${start.ms.length} starts)`,
    ceiling: '',
    ratio: '',
    target: '< 2 s',
    met: start.max < 2_000,
  };
}

function machine(): string[] {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return [
    `${cpu}, ${os.cpus().length} cores, ${integer(os.totalmem() / 1024 ** 3)} GB of memory`,
    `Linux ${os.release()}, Node ${process.version}`,
  ];
}

async function postgresVersion(): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg();
  const checkBefore = machineCheck();
  log(`machine check: ${machineCheckFigure(checkBefore)}`);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'mitos-bench-'));
  const rows: Row[] = [];
  let pgVersion: string | null = null;
  let web: WebSize | null = null;
  try {
    // Built first: the servers of the runs below serve it (Lighthouse, measurePhone).
    if (plan.web) web = await buildWeb(path.join(scratch, 'web'));
    if (plan.kinds.includes('postgres')) {
      if (!(await reachable(adminUrl))) throw new Error(`PostgreSQL does not answer at ${adminUrl}`);
      pgVersion = await postgresVersion();
    }
    for (const kind of plan.kinds) {
      const seeded: Seeded[] = [];
      const instances: Instance[] = [];
      try {
        for (const size of plan.sizes) seeded.push(await startInstance(kind, size, scratch));
        const pages = await commonPages(seeded);
        for (const one of seeded) instances.push(await startCeiling(one, scratch, pages));
        // Each measure's sessions fresh: a large seed can take longer than an access token lives.
        const renewed = <T>(run: () => Promise<T>) => {
          for (const instance of instances) renewTokens(instance);
          return run();
        };
        if (plan.measures.has('reads')) {
          await renewed(() => measureReads(instances));
          await renewed(() => measureUncached(instances));
          for (const instance of instances) await renewed(() => measureColdReads(instance));
        }
        if (plan.measures.has('writes'))
          for (const instance of instances) await renewed(() => measureWrites(instance));
        if (plan.measures.has('fanout'))
          for (const instance of instances) await renewed(() => measureFanOut(instance));
        for (const instance of instances.filter((i) => tournamentsAt(i.size)))
          await renewed(() => measureTournaments(instance, scratch));
        await measurePhone(kind, instances);
        for (const instance of instances.filter((i) => mixedAt(i.size))) await measureMixed(instance);
        rows.push(...rowsFor(kind, instances));
      } finally {
        for (const one of seeded) await one.cleanup();
      }
      if (kind === 'pglite' && plan.measures.has('start')) rows.push(await startRow(scratch));
    }
    if (web) rows.push(...webRows(web), ...lighthouseRows());
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  const loadAfter = os.loadavg();
  const checkAfter = machineCheck();
  log(`machine check: ${machineCheckFigure(checkAfter)}`);
  const seconds = (Date.now() - started.getTime()) / 1000;
  console.log(`\n${textTable(rows)}\n`);
  const missed = rows.filter((r) => r.met === false).length;
  log(`done in ${Math.round(seconds)} s; ${missed} target(s) missed`);
  if (smoke || partial) return;

  const args = process.argv.slice(2);
  const command = args.length > 0 ? `npm run bench -- ${args.join(' ')}` : 'npm run bench';
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(', ');
  const generated = [
    `Run on ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\`, in ${Math.round(seconds / 60)} min.`,
    '',
    ...machine().map((line) => `- ${line}`),
    ...(pgVersion ? [`- PostgreSQL ${pgVersion} on the same machine`] : []),
    `- Load average (1, 5, 15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}`,
    `- Machine check (lib/machine-check: a fixed loop of arithmetic, and the first touch of fresh memory) before: ${machineCheckFigure(checkBefore)}; after: ${machineCheckFigure(checkAfter)}`,
    `- ${plan.players} players who sign in; the community adds as many approved matches as each size among ${integer(plan.rankingPlayers)} players, at 4 stores, in the current season; reads by autocannon, ${plan.connections} connections, ${plan.seconds} s each after ${plan.warmupSeconds} s of warm-up, best of ${plan.readRounds} rounds in alternating order, signed in as the demo player, asking for gzip as a browser does`,
    `- Writes: ${plan.writeLoops} loops at once, each creating a 1v1 and having the opponent approve it, ${plan.seconds} s after ${plan.writeWarmupSeconds} s of warm-up; fan-out: ${plan.socketsPerPlayer} sockets per player, ${plan.approvals} approvals from ${plan.fanOutLoops} loops, each timed from the approval sent to the new count on every socket of both players`,
    `- Statistics: the demo player's statistics and rating, their head-to-head with the opponent they met most, the metagame and Ranking General by rating, loaded like the other reads; then each statistics read once, uncached, about ${plan.coldReads} other players, one request at a time`,
    `- Mitos Rating, at ${integer(Math.max(...plan.sizes))} matches, in the seed process with no server running: a full rebuild of the demo seed alone and of the whole database; ${plan.ratings.approvals} approvals (after ${plan.ratings.warmup} untimed) among the demo seed's players, one in four a 2v2, each rated by settleRatings; late approvals ${plan.ratings.lateDays.join(', ')} days back`,
    `- Tournaments, at ${integer(Math.max(...plan.sizes))} matches: the demo seed's tournament admin plays a Swiss of ${plan.tournaments.swissPlayers} players and ${plan.tournaments.swissRounds} rounds and a double elimination of ${plan.tournaments.doubleEliminationPlayers} to the end, entering every result, one request at a time on an otherwise idle server (each latency as the client sees it); then the standings and the bracket as above`,
    '',
    'Ratio is the figure divided by its ceiling: the bare Fastify process answering the same bytes, measured moments before; ' +
      'for the scale lines, the latency at the large size divided by that at the small one; for the web, the size divided by the budget. ' +
      'CPU is the CPU time per request (per cycle for writes) of the process under load, plus that of its PostgreSQL backends, read from /proc.',
    '',
    markdownTable(rows),
    ...(web
      ? [
          '',
          `The login screen's JavaScript by package, gzip: ${web.login.packages
            .slice(0, 10)
            .map((p) => `${p.name} ${kilobytes(p.gzipBytes)}`)
            .join(', ')}.`,
          '',
          `Each screen's first load (the JavaScript fetched before it runs, gzip, heaviest first): ${web.firstLoads
            .map((l) => `${l.screen.replace(/^features\//, '')} ${kilobytes(l.gzipBytes)} (${l.files} files)`)
            .join(', ')}.`,
        ]
      : []),
  ].join('\n');
  writeResults(path.join(ROOT, 'docs/benchmarks.md'), generated);
  const results = path.join(ROOT, 'bench/results');
  mkdirSync(results, { recursive: true });
  writeFileSync(
    path.join(results, `${started.toISOString().replaceAll(':', '-')}.json`),
    JSON.stringify(rows, null, 2),
  );
  log('wrote docs/benchmarks.md');
}

try {
  await main();
  process.exit(0);
} catch (err) {
  console.error(`\nbench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
}
