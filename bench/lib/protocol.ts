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
