import { z } from 'zod';
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
import { ZId } from './common';

export const ZMatchMode = z.enum(MATCH_MODE_VALUES, { error: MSG.invalidMode });
export const ZTier = z.enum(TIER_VALUES, { error: MSG.invalidTier });
export const ZHighlightType = z.enum(HIGHLIGHT_TYPES, { error: MSG.invalidHighlight });
export const ZWinningTeam = z.enum(['team1', 'team2']);
export type TWinningTeam = z.infer<typeof ZWinningTeam>;

const ZScore = z
  .number({ error: MSG.invalidScore })
  .int({ error: MSG.invalidScore })
  .min(0, { error: MSG.invalidScore })
  .max(LIMITS.maxScore, { error: MSG.invalidScore });

/** A highlight may arrive as its name or as {type, description}; the description is always ours. */
const ZHighlightName = z.string().max(40, { error: MSG.invalidHighlight });
const ZHighlightInput = z
  .union([ZHighlightName, z.object({ type: ZHighlightName, description: z.string().max(500).optional() })], {
    error: MSG.invalidHighlight,
  })
  .transform((h) => (typeof h === 'string' ? h : h.type))
  .pipe(ZHighlightType);

const ZPlayerIds = z.array(ZId, { error: MSG.teamSize1v1 }).max(4, { error: MSG.teamSize2v2 });
const ZDeckIds = z.array(ZId, { error: MSG.playersWithoutDeck('') }).max(4);

/** The wire form of SPEC §7. */
export const ZCreateMatchSnake = z.strictObject({
  match_date: z.string().max(40).optional().nullable(),
  match_mode: ZMatchMode.optional().default('1v1'),
  tier: ZTier.optional().default('Amistoso'),
  team1_players: ZPlayerIds,
  team2_players: ZPlayerIds,
  team1_decks: ZDeckIds.optional().default([]),
  team2_decks: ZDeckIds.optional().default([]),
  team1_score: ZScore.optional().default(0),
  team2_score: ZScore.optional().default(0),
  winning_team: ZWinningTeam.nullable().optional(),
  highlights: z.array(ZHighlightInput).max(10, { error: MSG.tooManyHighlights }).optional().default([]),
  total_matches: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxScore * 2)
    .optional()
    .nullable(),
  /** Where it was played, and the league it belongs to (docs/decisions/014); null: none. */
  store_id: ZId.nullable().optional(),
  league_id: ZId.nullable().optional(),
});

const ZCamelDeck = z.object({
  id: ZId,
  name: z.string().max(200).optional().nullable(),
  raza: z.string().max(60).optional().nullable(),
  userId: ZId.optional().nullable(),
});

/** The client payload of SPEC §3. */
export const ZCreateMatchCamel = z.strictObject({
  matchDate: z.string().max(40).optional().nullable(),
  matchMode: ZMatchMode.optional().default('1v1'),
  tier: ZTier.optional().default('Amistoso'),
  team1Players: ZPlayerIds,
  team2Players: ZPlayerIds,
  team1Decks: z.array(ZCamelDeck).max(4).optional().default([]),
  team2Decks: z.array(ZCamelDeck).max(4).optional().default([]),
  team1Score: ZScore.optional().default(0),
  team2Score: ZScore.optional().default(0),
  winningTeam: ZWinningTeam.nullable().optional(),
  highlights: z.array(ZHighlightInput).max(10, { error: MSG.tooManyHighlights }).optional().default([]),
  totalMatches: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxScore * 2)
    .optional()
    .nullable(),
  storeId: ZId.nullable().optional(),
  leagueId: ZId.nullable().optional(),
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

export const ZCreateMatchRequest = z
  .union([ZCreateMatchCamel, ZCreateMatchSnake])
  .transform((body): NormalizedMatchInput =>
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
  user_id: z.number().int(),
  username: z.string(),
  approval_status: z.enum(PLAYER_APPROVAL_STATUSES),
  approved: z.boolean(),
  status_updated_at: z.string().nullable(),
  /** Reminders the server sent this player to answer the pending match (decision 020). */
  reminders: z.number().int(),
  reminded_at: z.string().nullable(),
});
export type TTeamPlayer = z.infer<typeof ZTeamPlayer>;

export const ZTeamDeck = z.object({
  deck_id: z.number().int().nullable(),
  deck_name: z.string(),
  deck_raza: z.string(),
  user_id: z.number().int(),
});
export type TTeamDeck = z.infer<typeof ZTeamDeck>;

export const ZTeam = z.object({
  team_number: z.union([z.literal(1), z.literal(2)]),
  score: z.number().int(),
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
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  at: z.string(),
});
export type TMatchEvent = z.infer<typeof ZMatchEvent>;

export const ZHighlight = z.object({ type: z.string(), description: z.string() });

/** A store or league a match names. */
export const ZNamedRef = z.object({ id: z.number().int(), name: z.string() });

export const ZMatch = z.object({
  id: z.number().int(),
  match_date: z.string(),
  match_mode: z.string(),
  tier: z.string(),
  approval_status: z.enum(APPROVAL_STATUSES),
  status: z.string().nullable(),
  winning_team: ZWinningTeam.nullable(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  created_by_username: z.string().nullable(),
  last_updated_by: z.number().int().nullable(),
  approval_updated_at: z.string().nullable(),
  total_matches: z.number().int(),
  /** Where it was played, its league and round (docs/decisions/014); null: none. */
  store: ZNamedRef.nullable(),
  league: ZNamedRef.nullable(),
  round: z.number().int().nullable(),
  /**
   * A pending match: when the server applies the final rule if some player has not answered
   * (decision 020), and which (expire, or escalate to the store's organisers); null otherwise.
   */
  deadline: z.object({ at: z.string(), rule: z.enum(['expire', 'escalate']) }).nullable(),
  /** When it was sent to its store's organisers to confirm or cancel; null: never. */
  escalated_at: z.string().nullable(),
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
const ZTeamFilter = z
  .string()
  .max(200)
  .regex(/^(\d{1,10}(:\d{1,10})?)(,\d{1,10}(:\d{1,10})?)*$/, { error: MSG.badRequest })
  .transform((v) =>
    v.split(',').map((part) => {
      const [user, deck] = part.split(':');
      return { userId: Number(user), deckId: deck === undefined ? null : Number(deck) };
    }),
  );

/** `?limit=`: how many matches a page holds, at most LIMITS.pageSizeMax. */
function pageLimit(fallback: number) {
  return z.coerce
    .number({ error: MSG.badRequest })
    .int({ error: MSG.badRequest })
    .min(1, { error: MSG.badRequest })
    .max(LIMITS.pageSizeMax, { error: MSG.badRequest })
    .optional()
    .default(fallback);
}

export const ZMatchListQuery = z.strictObject({
  limit: pageLimit(LIMITS.pageSizeDefault),
  /** The opaque cursor of the X-Next-Cursor header of the previous page. */
  before: z.string().max(200).optional(),
});

/** The pending and rejected lists: short by nature, so one default page holds them whole. */
export const ZInboxListQuery = ZMatchListQuery.extend({
  limit: pageLimit(LIMITS.pageSizeMax),
});

export const ZApprovedSearchQuery = ZMatchListQuery.extend({
  from: z.iso.datetime({ offset: true, error: MSG.invalidDate }).optional(),
  to: z.iso.datetime({ offset: true, error: MSG.invalidDate }).optional(),
  team1: ZTeamFilter.optional(),
  team2: ZTeamFilter.optional(),
});
export type TApprovedSearchQuery = z.infer<typeof ZApprovedSearchQuery>;

export const ZNotificationCount = z.object({ count: z.number().int() });

/**
 * What /ws sends: the user's current notification count, or that the community changed (a
 * ranking, store, season or league: screens showing them read again), at most once a second.
 */
export const ZNotificationMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('new_notification'), count: z.number().int() }),
  z.object({ type: z.literal('community_changed') }),
]);
export type TNotificationMessage = z.infer<typeof ZNotificationMessage>;

export function highlightDescription(type: string): string {
  return HIGHLIGHTS.find((h) => h.type === type)?.description ?? MSG.invalidHighlight;
}
