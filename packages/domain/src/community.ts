import { z } from 'zod/mini';
import { ZId, wholeNumber } from './common';
import { ZUserRole } from './users';
import { USER_ROLES } from './constants';
import * as MSG from './message-texts';
import { TOR_CODE_PATTERN, normaliseTorCode } from './community-rules';

/**
 * The community's API contracts (docs/decisions/014): stores, seasons, leagues, rankings, the
 * admin's players and results. The server validates with them and documents them in OpenAPI; the
 * web parses with them. Dates of days are YYYY-MM-DD; instants are ISO strings.
 */

const required = (max: number) =>
  z
    .string({ error: MSG.fillAllFields })
    .check(
      z.trim(),
      z.minLength(1, { error: MSG.fillAllFields }),
      z.maxLength(max, { error: MSG.fillAllFields }),
    );

export const ZDay = z.iso.date({ error: MSG.invalidDate });

export const ZTorCode = z.pipe(
  z.pipe(z.string({ error: MSG.torCodeInvalid }), z.transform(normaliseTorCode)),
  z.string().check(z.regex(TOR_CODE_PATTERN, { error: MSG.torCodeInvalid })),
);

export const ZPersonRef = z.object({ id: z.int(), username: z.string() });

// ---------------------------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------------------------

export const ZStore = z.object({
  id: z.int(),
  name: z.string(),
  location: z.object({ neighborhood: z.string(), city: z.string() }),
  address: z.nullable(z.string()),
  active: z.boolean(),
  /** Versioned, cached for long; null when the store has no logo (the web shows its initial). */
  logoUrl: z.nullable(z.string()),
  organisers: z.array(ZPersonRef),
});
export type TStore = z.infer<typeof ZStore>;
export const ZStoreList = z.array(ZStore);

export const ZStoreInput = z
  .strictObject({
    name: required(80),
    neighborhood: required(80),
    city: z._default(z.optional(required(80)), 'Buenos Aires'),
    address: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200)))),
    active: z.optional(z.boolean()),
  })
  .register(z.globalRegistry, {
    examples: [{ name: 'Dragón Dorado', neighborhood: 'Palermo', address: 'Av. Santa Fe 1234' }],
  });
export type TStoreInput = z.input<typeof ZStoreInput>;

export const ZStoreOrganisersInput = z.strictObject({ userIds: z.array(ZId).check(z.maxLength(20)) });

export const ZStoreListQuery = z.strictObject({
  /** Inactive stores too (admins). */
  all: z.optional(z.enum(['true', 'false'])),
});

/** GET /api/stores/:id/logo?v=: the version the store's logoUrl names. */
export const ZLogoQuery = z.strictObject({ v: z.optional(z.string().check(z.maxLength(20))) });

/** Logo upload limits: raw body, one of these types. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

// ---------------------------------------------------------------------------------------------
// Seasons
// ---------------------------------------------------------------------------------------------

export const ZSeason = z.object({
  id: z.int(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** The open season: Temporada Actual. */
  current: z.boolean(),
  closedAt: z.nullable(z.string()),
});
export type TSeason = z.infer<typeof ZSeason>;
export const ZSeasonList = z.array(ZSeason);

export const ZSeasonInput = z
  .strictObject({ name: required(60), startsOn: ZDay, endsOn: ZDay })
  .register(z.globalRegistry, {
    examples: [{ name: 'Temporada 2027', startsOn: '2027-01-01', endsOn: '2027-12-31' }],
  });

// ---------------------------------------------------------------------------------------------
// Leagues
// ---------------------------------------------------------------------------------------------

export const ZLeagueStatus = z.enum(['upcoming', 'active', 'finished']);

export const ZLeague = z.object({
  id: z.int(),
  name: z.string(),
  storeId: z.int(),
  /** SPEC: the store's name. */
  store: z.string(),
  startDate: z.string(),
  status: ZLeagueStatus,
  /** SPEC: the participants' count. */
  participants: z.int(),
  /** Whether the caller takes part, and whether they may edit it (its store's organiser, admins). */
  joined: z.boolean(),
  canManage: z.boolean(),
});
export type TLeague = z.infer<typeof ZLeague>;
export const ZLeagueList = z.array(ZLeague);

export const ZLeagueInput = z
  .strictObject({ name: required(80), storeId: ZId, startDate: ZDay })
  .register(z.globalRegistry, {
    examples: [{ name: 'Liga de Verano', storeId: 1, startDate: '2027-01-15' }],
  });
export type TLeagueInput = z.input<typeof ZLeagueInput>;

export const ZLeagueListQuery = z.strictObject({ storeId: z.optional(ZId) });

export const ZLeagueParticipantInput = z.strictObject({ userId: ZId });
export const ZLeagueParticipants = z.array(z.extend(ZPersonRef, { torCode: z.nullable(z.string()) }));

// ---------------------------------------------------------------------------------------------
// Rankings
// ---------------------------------------------------------------------------------------------

export const ZRankingQuery = z.strictObject({
  /** Default: the current season. */
  seasonId: z.optional(ZId),
  /** Default: the whole community (Ranking General). */
  storeId: z.optional(ZId),
  page: z._default(z.optional(wholeNumber(1, 10_000, MSG.badRequest)), 1),
  pageSize: z._default(z.optional(wholeNumber(1, 100, MSG.badRequest)), 50),
  /** points (default): by season points; rating: by the season's Mitos Rating, unrated last. */
  sort: z._default(z.optional(z.enum(['points', 'rating'], { error: MSG.badRequest })), 'points'),
});
export type TRankingQuery = z.input<typeof ZRankingQuery>;

export const ZRank = z.object({ level: z.int(), name: z.string() });

export const ZRankingRow = z.object({
  position: z.int(),
  userId: z.int(),
  name: z.string(),
  torCode: z.nullable(z.string()),
  matches: z.int(),
  wins: z.int(),
  points: z.int(),
  rank: ZRank,
  /** The player's Mitos Rating of the ranking's season; null until they have a rated match there. */
  rating: z.nullable(z.int()),
  ratingProvisional: z.boolean(),
});
export type TRankingRow = z.infer<typeof ZRankingRow>;

export const ZRanking = z.object({
  /** null when no season exists yet. */
  season: z.nullable(ZSeason),
  storeId: z.nullable(z.int()),
  sort: z.enum(['points', 'rating']),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  rows: z.array(ZRankingRow),
});
export type TRanking = z.infer<typeof ZRanking>;

/** GET /api/users/:id/standing: default, the current season. */
export const ZStandingQuery = z.strictObject({ seasonId: z.optional(ZId) });

/** A player's season line, for the profiles. */
export const ZStanding = z.object({
  season: z.nullable(ZSeason),
  position: z.nullable(z.int()),
  matches: z.int(),
  wins: z.int(),
  points: z.int(),
  rank: ZRank,
  torCode: z.nullable(z.string()),
  stores: z.array(z.object({ id: z.int(), name: z.string() })),
});
export type TStanding = z.infer<typeof ZStanding>;

// ---------------------------------------------------------------------------------------------
// Admin: players, results, counters
// ---------------------------------------------------------------------------------------------

export const ZAdminPlayer = z.object({
  id: z.int(),
  name: z.string(),
  torCode: z.nullable(z.string()),
  role: ZUserRole,
  /** Added by an organiser, not yet claimed by its player. */
  placeholder: z.boolean(),
  createdAt: z.string(),
});
export type TAdminPlayer = z.infer<typeof ZAdminPlayer>;

export const ZAdminPlayerPage = z.object({
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
  rows: z.array(ZAdminPlayer),
});

export const ZAdminPlayerQuery = z.strictObject({
  q: z._default(z.optional(z.string().check(z.maxLength(100))), ''),
  page: z._default(z.optional(wholeNumber(1, 10_000, MSG.badRequest)), 1),
  pageSize: z._default(z.optional(wholeNumber(1, 100, MSG.badRequest)), 50),
});

/** SPEC: Jugadores adds a player by name and Código TOR (a player without an account yet). */
export const ZAdminPlayerInput = z.strictObject({
  name: required(30),
  torCode: z.pipe(
    z.string({ error: MSG.fillAllFields }).check(z.trim(), z.minLength(1, { error: MSG.fillAllFields })),
    ZTorCode,
  ),
});

/** The placeholder and its invitation code, shown once to the organiser. */
export const ZAdminPlayerCreated = z.object({ player: ZAdminPlayer, invitationCode: z.string() });

export const ZAdminPlayerUpdate = z.strictObject({
  name: z.optional(required(30)),
  torCode: z.optional(z.nullable(ZTorCode)),
  role: z.optional(z.enum(USER_ROLES, { error: MSG.invalidRole })),
});

/** A player sets their own TOR code (or clears it). */
export const ZOwnTorCodeInput = z.strictObject({ torCode: z.nullable(ZTorCode) });

/** SPEC: Resultados: store, round, player1, player2, winner, date. */
/** A field of an admin form: missing is the SPEC's "complete every field", wrong is invalid. */
const requiredId = z
  .number({
    error: (issue) => (issue.input === undefined || issue.input === null ? MSG.fillAllFields : MSG.invalidId),
  })
  .check(
    z.int({ error: MSG.invalidId }),
    z.positive({ error: MSG.invalidId }),
    z.maximum(2_147_483_647, { error: MSG.invalidId }),
  );

export const ZAdminResultInput = z
  .strictObject({
    storeId: requiredId,
    leagueId: z.optional(z.nullable(ZId)),
    round: z.coerce
      .number({ error: (issue) => (issue.input === undefined ? MSG.fillAllFields : MSG.roundInvalid) })
      .check(
        z.int({ error: MSG.roundInvalid }),
        z.minimum(1, { error: MSG.roundInvalid }),
        z.maximum(99, { error: MSG.roundInvalid }),
      ),
    player1Id: requiredId,
    player2Id: requiredId,
    winnerId: requiredId,
    date: z.iso.date({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? MSG.fillAllFields : MSG.invalidDate,
    }),
  })
  .check(
    z.refine((r) => r.player1Id !== r.player2Id, { error: MSG.playersMustDiffer, path: ['player2Id'] }),
    z.refine((r) => r.winnerId === r.player1Id || r.winnerId === r.player2Id, {
      error: MSG.winnerInvalid,
      path: ['winnerId'],
    }),
  );
export type TAdminResultInput = z.input<typeof ZAdminResultInput>;

export const ZAdminResult = z.object({
  matchId: z.int(),
  storeId: z.int(),
  store: z.string(),
  round: z.int(),
  player1: ZPersonRef,
  player2: ZPersonRef,
  winnerId: z.int(),
  date: z.string(),
  enteredBy: z.nullable(ZPersonRef),
});
export type TAdminResult = z.infer<typeof ZAdminResult>;
export const ZAdminResultList = z.array(ZAdminResult);

/** The three counters of Panel de Administración. */
export const ZAdminSummary = z.object({
  tournamentsInProgress: z.int(),
  matchesToday: z.int(),
  pendingReports: z.int(),
});
export type TAdminSummary = z.infer<typeof ZAdminSummary>;

/** What an operator reads of a running process (admins only): its read cache and its memory. */
const ZLoopDelay = z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() });

export const ZServerMetrics = z.object({
  process: z.object({
    pid: z.int(),
    uptimeSeconds: z.number(),
    /**
     * Resident size, V8 heap reserved and used, and memory outside the heap (PGlite's WASM heap
     * among it), bytes.
     */
    rssBytes: z.int(),
    heapTotalBytes: z.int(),
    heapUsedBytes: z.int(),
    externalBytes: z.int(),
    /** CPU time used since the start (user + system), ms. */
    cpuMs: z.number(),
  }),
  /**
   * How late the event loop ran its timer, ms (issue 19): `last` over the last whole window of
   * `windowSeconds`, `current` over the one under way; null before any sample.
   */
  eventLoop: z.object({
    windowSeconds: z.number(),
    last: z.nullable(ZLoopDelay),
    current: z.nullable(ZLoopDelay),
  }),
  database: z.enum(['pglite', 'postgres']),
  readCache: z.object({
    enabled: z.boolean(),
    hits: z.int(),
    misses: z.int(),
    /** Misses that joined a read of the same answer already under way (no read of their own). */
    joined: z.int(),
    /** (hits + joined) / (hits + joined + misses); null before any lookup. */
    hitRate: z.nullable(z.number()),
    entries: z.int(),
    bytes: z.int(),
  }),
});
export type TServerMetrics = z.infer<typeof ZServerMetrics>;

/** Who the signed-in user is to the community: what /admin and the forms may offer. */
export const ZCommunityMe = z.object({
  seesAdmin: z.boolean(),
  isAdmin: z.boolean(),
  organises: z.array(z.object({ id: z.int(), name: z.string() })),
  /** Stores where the player recorded matches lately, most used first (the new-match form). */
  usualStores: z.array(z.object({ id: z.int(), name: z.string() })),
});
export type TCommunityMe = z.infer<typeof ZCommunityMe>;
