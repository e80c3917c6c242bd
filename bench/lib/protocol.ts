/** What the bench's processes print on stdout once ready, read by the driver. */
export const READY_PREFIX = 'BENCH_READY ';

/** A database for the bench's processes: `pglite:<folder>` (embedded, on disk) or a postgres:// address. */
export type BenchDatabase = string;

export interface SeedInfo {
  seconds: number;
  matches: number;
  password: string;
  demoEmail: string;
  /** The demo seed's tournament admin, who runs the bench's tournaments (none in a tiny seed). */
  organiserEmail: string | null;
  /** The tournaments' field: players who never sign in, each with a default deck. */
  tournamentPlayers: number[];
  /** The community: a store the reads ask for, players in Ranking General, seconds it took. */
  community: { storeId: number; players: number; seconds: number };
  /** Issue 17's rating measures (lib/rating-measure.ts), when asked for (BENCH_RATINGS). */
  ratings: SeedRatings | null;
  /**
   * The mixed workload's players (lib/mixed.ts): every player of the demo seed and the community,
   * in id order, with their role and default deck (the tournaments' field is left out).
   */
  sessionPlayers: { id: number; role: string; deckId: number | null }[];
  /** The players who sign in: all but the ranking's and the tournaments' own. */
  users: { id: number; email: string }[];
}

/** What the seed process asks of the rating measures (BENCH_RATINGS, as JSON). */
export interface RatingOptions {
  approvals: number;
  warmup: number;
  lateDays: number[];
}

export interface RebuildFigures {
  /** Matches rated (in the all-time history) and seasons replayed. */
  matches: number;
  seasons: number;
  seconds: number;
  /** CPU time of the seeding process (PGlite's too, which runs in it). */
  cpuSeconds: number;
  /** CPU time of PostgreSQL's backends; null on PGlite. */
  databaseCpuSeconds: number | null;
}

export interface RatingFigures {
  /** The full replay of the whole bench database (the demo seed, the community, the tournaments). */
  rebuild: RebuildFigures;
  /**
   * Each new approval's `settleRatings`, in ms: wall, the process's CPU and PostgreSQL's backends'
   * (null on PGlite); after `warmup` untimed.
   */
  appends: {
    ms: number[];
    cpuMs: number[];
    databaseCpuMs: number[] | null;
    twoVsTwo: number;
    warmup: number;
  };
  /** A late approval each, dated `daysBack` days ago: the replay from its place. */
  late: {
    daysBack: number;
    ms: number;
    cpuMs: number;
    databaseCpuMs: number | null;
    /** Approved matches from its place on (the all-time replay) and in its season (replayed whole). */
    allTimeMatches: number;
    seasonMatches: number;
    /** Players whose ratings the replay rewrote. */
    moved: number;
  }[];
}

export interface SeedRatings extends RatingFigures {
  /** The full replay of the demo seed alone (1v1 and 2v2), before the community was added. */
  demoRebuild: RebuildFigures;
}

export interface ServerInfo {
  port: number;
  pid: number;
  database: 'pglite' | 'postgres';
  users: { id: number; email: string }[];
}

export interface CeilingInfo {
  port: number;
  pid: number;
}

/** A response recorded from the real server, replayed byte for byte by the ceiling. */
export interface Canned {
  status: number;
  headers: Record<string, string>;
  /** Base64 of the body. */
  body: string;
}

export interface CeilingSpec {
  /** Exact request URL (path and query) to its response. */
  get: Record<string, Canned>;
  /** Route patterns such as /api/matches/:id/approve. */
  post: { route: string; response: Canned }[];
}

/** The query parameter naming the users whose sockets the ceiling pushes a count to. */
export const NOTIFY_QUERY = 'notify';
