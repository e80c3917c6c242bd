import { z } from 'zod/mini';
import {
  HIGHLIGHTS,
  HIGHLIGHT_TYPES,
  LIMITS,
  MATCH_MODE_VALUES,
  PLAYER_APPROVAL_STATUSES,
  APPROVAL_STATUSES,
  TIER_VALUES,
  type HighlightType,
} from './constants';
import * as MSG from './message-texts';
import { ZId, wholeNumber } from './common';

export const ZMatchMode = z.enum(MATCH_MODE_VALUES, { error: MSG.invalidMode });
export const ZTier = z.enum(TIER_VALUES, { error: MSG.invalidTier });
export const ZHighlightType = z.enum(HIGHLIGHT_TYPES, { error: MSG.invalidHighlight });
export const ZWinningTeam = z.enum(['team1', 'team2']);
export type TWinningTeam = z.infer<typeof ZWinningTeam>;

const ZScore = z
  .number({ error: MSG.invalidScore })
  .check(
    z.int({ error: MSG.invalidScore }),
    z.minimum(0, { error: MSG.invalidScore }),
    z.maximum(LIMITS.maxScore, { error: MSG.invalidScore }),
  );

/** A highlight may arrive as its name or as {type, description}; the description is always ours. */
const ZHighlightName = z.string().check(z.maxLength(40, { error: MSG.invalidHighlight }));
const ZHighlightInput = z.pipe(
  z.pipe(
    z.union(
      [
        ZHighlightName,
        z.object({ type: ZHighlightName, description: z.optional(z.string().check(z.maxLength(500))) }),
      ],
      { error: MSG.invalidHighlight },
    ),
    z.transform((h) => (typeof h === 'string' ? h : h.type)),
  ),
  ZHighlightType,
);

const ZPlayerIds = z.array(ZId, { error: MSG.teamSize1v1 }).check(z.maxLength(4, { error: MSG.teamSize2v2 }));
const ZDeckIds = z.array(ZId, { error: MSG.playersWithoutDeck('') }).check(z.maxLength(4));

const ZHighlightList = z.array(ZHighlightInput).check(z.maxLength(10, { error: MSG.tooManyHighlights }));
const ZTotalMatches = z.nullable(z.optional(z.int().check(z.minimum(1), z.maximum(LIMITS.maxScore * 2))));

/** The wire form of SPEC §7. */
export const ZCreateMatchSnake = z.strictObject({
  match_date: z.nullable(z.optional(z.string().check(z.maxLength(40)))),
  match_mode: z._default(z.optional(ZMatchMode), '1v1'),
  tier: z._default(z.optional(ZTier), 'Amistoso'),
  team1_players: ZPlayerIds,
  team2_players: ZPlayerIds,
  team1_decks: z._default(z.optional(ZDeckIds), []),
  team2_decks: z._default(z.optional(ZDeckIds), []),
  team1_score: z._default(z.optional(ZScore), 0),
  team2_score: z._default(z.optional(ZScore), 0),
  winning_team: z.optional(z.nullable(ZWinningTeam)),
  highlights: z._default(z.optional(ZHighlightList), []),
  total_matches: ZTotalMatches,
  /** Where it was played, and the league it belongs to (docs/decisions/014); null: none. */
  store_id: z.optional(z.nullable(ZId)),
  league_id: z.optional(z.nullable(ZId)),
});

const ZCamelDeck = z.object({
  id: ZId,
  name: z.nullable(z.optional(z.string().check(z.maxLength(200)))),
  raza: z.nullable(z.optional(z.string().check(z.maxLength(60)))),
  userId: z.nullable(z.optional(ZId)),
});

const ZCamelDecks = z.array(ZCamelDeck).check(z.maxLength(4));

/** The client payload of SPEC §3. */
export const ZCreateMatchCamel = z.strictObject({
  matchDate: z.nullable(z.optional(z.string().check(z.maxLength(40)))),
  matchMode: z._default(z.optional(ZMatchMode), '1v1'),
  tier: z._default(z.optional(ZTier), 'Amistoso'),
  team1Players: ZPlayerIds,
  team2Players: ZPlayerIds,
  team1Decks: z._default(z.optional(ZCamelDecks), []),
  team2Decks: z._default(z.optional(ZCamelDecks), []),
  team1Score: z._default(z.optional(ZScore), 0),
  team2Score: z._default(z.optional(ZScore), 0),
  winningTeam: z.optional(z.nullable(ZWinningTeam)),
  highlights: z._default(z.optional(ZHighlightList), []),
  totalMatches: ZTotalMatches,
  storeId: z.optional(z.nullable(ZId)),
  leagueId: z.optional(z.nullable(ZId)),
});
export type TCreateMatchCamel = z.input<typeof ZCreateMatchCamel>;
export type TCreateMatchSnake = z.input<typeof ZCreateMatchSnake>;

/** A creation request reduced to one form, whichever of the two the client sent. */
export interface NormalizedMatchInput {
  matchDate: string | null;
  mode: z.infer<typeof ZMatchMode>;
  tier: z.infer<typeof ZTier>;
  teams: [TeamInput, TeamInput];
  winningTeam: TWinningTeam | null | undefined;
  highlights: HighlightType[];
  totalMatches: number | null;
  /** The store it was played at and the league it belongs to; null: none. */
  storeId: number | null;
  leagueId: number | null;
}
export interface TeamInput {
  players: number[];
  /** Deck ids, in no particular order; the owner pairs them with players. */
  decks: number[];
  score: number;
}

export const ZCreateMatchRequest = z.pipe(
  z.union([ZCreateMatchCamel, ZCreateMatchSnake]),
  z.transform((body): NormalizedMatchInput =>
    'team1Players' in body
      ? {
          matchDate: body.matchDate ?? null,
          mode: body.matchMode,
          tier: body.tier,
          teams: [
            { players: body.team1Players, decks: body.team1Decks.map((d) => d.id), score: body.team1Score },
            { players: body.team2Players, decks: body.team2Decks.map((d) => d.id), score: body.team2Score },
          ],
          winningTeam: body.winningTeam,
          highlights: body.highlights,
          totalMatches: body.totalMatches ?? null,
          storeId: body.storeId ?? null,
          leagueId: body.leagueId ?? null,
        }
      : {
          matchDate: body.match_date ?? null,
          mode: body.match_mode,
          tier: body.tier,
          teams: [
            { players: body.team1_players, decks: body.team1_decks, score: body.team1_score },
            { players: body.team2_players, decks: body.team2_decks, score: body.team2_score },
          ],
          winningTeam: body.winning_team,
          highlights: body.highlights,
          totalMatches: body.total_matches ?? null,
          storeId: body.store_id ?? null,
          leagueId: body.league_id ?? null,
        },
  ),
);

const CAMEL_ONLY_KEYS = new Set(
  Object.keys(ZCreateMatchCamel.shape).filter((key) => !(key in ZCreateMatchSnake.shape)),
);

/**
 * The one form a creation body is written in: camelCase as soon as a camelCase-only key
 * appears. Validating against that form alone names the wrong field instead of answering
 * that the body matches neither form.
 */
export function createMatchBodyForm(body: unknown): typeof ZCreateMatchCamel | typeof ZCreateMatchSnake {
  const camel =
    typeof body === 'object' && body !== null && Object.keys(body).some((key) => CAMEL_ONLY_KEYS.has(key));
  return camel ? ZCreateMatchCamel : ZCreateMatchSnake;
}

export const ZTeamPlayer = z.object({
  user_id: z.int(),
  username: z.string(),
  approval_status: z.enum(PLAYER_APPROVAL_STATUSES),
  approved: z.boolean(),
  status_updated_at: z.nullable(z.string()),
  /** Reminders the server sent this player to answer the pending match (decision 020). */
  reminders: z.int(),
  reminded_at: z.nullable(z.string()),
});
export type TTeamPlayer = z.infer<typeof ZTeamPlayer>;

export const ZTeamDeck = z.object({
  deck_id: z.nullable(z.int()),
  deck_name: z.string(),
  deck_raza: z.string(),
  user_id: z.int(),
});
export type TTeamDeck = z.infer<typeof ZTeamDeck>;

export const ZTeam = z.object({
  team_number: z.union([z.literal(1), z.literal(2)]),
  score: z.int(),
  players: z.array(ZTeamPlayer),
  decks: z.array(ZTeamDeck),
});
export type TTeam = z.infer<typeof ZTeam>;

export const MATCH_EVENT_TYPES = [
  'created',
  'approved',
  'rejected',
  'cancelled',
  'rejection_accepted',
  'closed',
  'expired',
  'entered',
  'annulled',
  'reminded',
  'escalated',
  'confirmed',
] as const;
export type MatchEventType = (typeof MATCH_EVENT_TYPES)[number];

export const ZMatchEvent = z.object({
  type: z.enum(MATCH_EVENT_TYPES),
  user_id: z.nullable(z.int()),
  username: z.nullable(z.string()),
  at: z.string(),
});
export type TMatchEvent = z.infer<typeof ZMatchEvent>;

export const ZHighlight = z.object({ type: z.string(), description: z.string() });

/** A store or league a match names. */
export const ZNamedRef = z.object({ id: z.int(), name: z.string() });

export const ZMatch = z.object({
  id: z.int(),
  match_date: z.string(),
  match_mode: z.string(),
  tier: z.string(),
  approval_status: z.enum(APPROVAL_STATUSES),
  status: z.nullable(z.string()),
  winning_team: z.nullable(ZWinningTeam),
  created_at: z.string(),
  created_by: z.nullable(z.int()),
  created_by_username: z.nullable(z.string()),
  last_updated_by: z.nullable(z.int()),
  approval_updated_at: z.nullable(z.string()),
  total_matches: z.int(),
  /** Where it was played, its league and round (docs/decisions/014); null: none. */
  store: z.nullable(ZNamedRef),
  league: z.nullable(ZNamedRef),
  round: z.nullable(z.int()),
  /**
   * A pending match: when the server applies the final rule if some player has not answered
   * (decision 020), and which (expire, or escalate to the store's organisers); null otherwise.
   */
  deadline: z.nullable(z.object({ at: z.string(), rule: z.enum(['expire', 'escalate']) })),
  /** When it was sent to its store's organisers to confirm or cancel; null: never. */
  escalated_at: z.nullable(z.string()),
  highlights: z.array(ZHighlight),
  team1: ZTeam,
  team2: ZTeam,
  events: z.array(ZMatchEvent),
});
export type TMatch = z.infer<typeof ZMatch>;
export const ZMatchList = z.array(ZMatch);

export const ZHandleRejectionRequest = z.strictObject({ action: z.literal('ok') });
export const ZCloseRejectedRequest = z.strictObject({ status: z.literal('processed') });

/** `team1=12:5,13` : chosen players of a search panel team, each optionally with a deck id. */
const ZTeamFilter = z.pipe(
  z
    .string()
    .check(
      z.maxLength(200),
      z.regex(/^(\d{1,10}(:\d{1,10})?)(,\d{1,10}(:\d{1,10})?)*$/, { error: MSG.badRequest }),
    ),
  z.transform((v) =>
    v.split(',').map((part) => {
      const [user, deck] = part.split(':');
      return { userId: Number(user), deckId: deck === undefined ? null : Number(deck) };
    }),
  ),
);

/** `?limit=`: how many matches a page holds, at most LIMITS.pageSizeMax. */
function pageLimit(fallback: number) {
  return z._default(z.optional(wholeNumber(1, LIMITS.pageSizeMax, MSG.badRequest)), fallback);
}

export const ZMatchListQuery = z.strictObject({
  limit: pageLimit(LIMITS.pageSizeDefault),
  /** The opaque cursor of the X-Next-Cursor header of the previous page. */
  before: z.optional(z.string().check(z.maxLength(200))),
});

/** The pending and rejected lists: short by nature, so one default page holds them whole. */
export const ZInboxListQuery = z.extend(ZMatchListQuery, {
  limit: pageLimit(LIMITS.pageSizeMax),
});

export const ZApprovedSearchQuery = z.extend(ZMatchListQuery, {
  from: z.optional(z.iso.datetime({ offset: true, error: MSG.invalidDate })),
  to: z.optional(z.iso.datetime({ offset: true, error: MSG.invalidDate })),
  team1: z.optional(ZTeamFilter),
  team2: z.optional(ZTeamFilter),
});
export type TApprovedSearchQuery = z.infer<typeof ZApprovedSearchQuery>;

export const ZNotificationCount = z.object({ count: z.int() });

/**
 * What /ws sends: the user's current notification count, or that the community changed (a
 * ranking, store, season or league: screens showing them read again), at most once a second;
 * with `scope: 'standings'`, only the season counts changed (matches approved or annulled: the
 * rankings, a player's season and statistics, a store's results and the metagame read again),
 * at most once per LIVE_STANDINGS_INTERVAL_MS (docs/decisions/061).
 */
export const ZNotificationMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_notification'), count: z.int() }),
  z.object({ type: z.literal('community_changed'), scope: z.optional(z.literal('standings')) }),
]);
export type TNotificationMessage = z.infer<typeof ZNotificationMessage>;

export function highlightDescription(type: string): string {
  return HIGHLIGHTS.find((h) => h.type === type)?.description ?? MSG.invalidHighlight;
}
