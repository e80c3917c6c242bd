import { z } from 'zod';
import { ZId, ZIdParam } from './common';
import * as MSG from './message-texts';
import { ZPersonRef } from './community';
import {
  BEST_OF,
  PLAYER_CAP_MAX,
  TOP_CUTS,
  TOURNAMENT_STATUSES,
  TOURNAMENT_TIERS,
  TOURNAMENT_TYPES,
} from './tournament-rules';

/**
 * Tournaments' API contracts (docs/decisions/015). The server validates with them and documents
 * them in OpenAPI; the web parses with them. Days are YYYY-MM-DD, instants ISO strings.
 */

// ---------------------------------------------------------------------------------------------
// A tournament
// ---------------------------------------------------------------------------------------------

const ZBestOf = z.union([z.literal(BEST_OF[0]), z.literal(BEST_OF[1])], { error: MSG.badRequest });
const ZTopCut = z.union([z.literal(TOP_CUTS[0]), z.literal(TOP_CUTS[1]), z.literal(TOP_CUTS[2])], {
  error: MSG.badRequest,
});

export const ZTournamentInput = z
  .strictObject({
    name: z
      .string({ error: MSG.tournamentNameRequired })
      .trim()
      .min(1, { error: MSG.tournamentNameRequired })
      .max(100, { error: MSG.badRequest }),
    storeId: ZId,
    type: z.enum(TOURNAMENT_TYPES, { error: MSG.badRequest }),
    startDate: z.iso.date({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? MSG.tournamentStartRequired : MSG.invalidDate,
    }),
    /** Local Buenos Aires time, HH:MM. */
    startTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG.tournamentTimeInvalid })
      .optional()
      .default('18:00'),
    /** Markdown, rendered safely by the web (no HTML). */
    rules: z.string().trim().max(10_000, { error: MSG.badRequest }).optional().default(''),
    playerCap: z.coerce
      .number({ error: MSG.badRequest })
      .int({ error: MSG.badRequest })
      .min(2, { error: MSG.badRequest })
      .max(PLAYER_CAP_MAX, { error: MSG.badRequest })
      .optional()
      .default(32),
    bestOf: ZBestOf.optional().default(3),
    registrationOpen: z.boolean().optional().default(true),
    tier: z.enum(TOURNAMENT_TIERS, { error: MSG.badRequest }).optional().default('Torneo'),
    /** Swiss only: null takes the suggested count from the players at the start. */
    swissRounds: z.number().int().min(1).max(15).nullable().optional().default(null),
    /** Swiss only: a single-elimination playoff of the top 4 or 8 after the rounds. */
    topCut: ZTopCut.optional().default(0),
  })
  .meta({
    examples: [
      {
        name: 'Torneo Mensual de Noviembre',
        storeId: 1,
        type: 'swiss',
        startDate: '2026-11-28',
        startTime: '17:00',
        playerCap: 32,
        bestOf: 3,
      },
    ],
  });
export type TTournamentInput = z.input<typeof ZTournamentInput>;

export const ZTournamentStatus = z.enum(TOURNAMENT_STATUSES);

export const ZTournamentSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TOURNAMENT_TYPES),
  store: z.object({ id: z.number().int(), name: z.string() }),
  seasonId: z.number().int().nullable(),
  /** ISO instant of the announced start. */
  startsAt: z.string(),
  /** Its day in Buenos Aires. */
  startDate: z.string(),
  status: ZTournamentStatus,
  /** The round being played (Swiss or playoff), null before the start and for brackets. */
  round: z.number().int().nullable(),
  registrationOpen: z.boolean(),
  participants: z.number().int(),
  waitlist: z.number().int(),
  playerCap: z.number().int(),
  bestOf: z.number().int(),
  tier: z.enum(TOURNAMENT_TIERS),
  winner: ZPersonRef.nullable(),
  finishedAt: z.string().nullable(),
});
export type TTournamentSummary = z.infer<typeof ZTournamentSummary>;
export const ZTournamentList = z.array(ZTournamentSummary);

export const ZParticipantStatus = z.enum(['registered', 'waitlisted', 'dropped']);

export const ZTournamentParticipant = z.object({
  userId: z.number().int(),
  username: z.string(),
  torCode: z.string().nullable(),
  deck: z.object({ id: z.number().int(), name: z.string(), raza: z.string() }).nullable(),
  status: ZParticipantStatus,
  /** 1 = top seed, from the start on. */
  seed: z.number().int().nullable(),
  checkedIn: z.boolean(),
  signedUpAt: z.string(),
  /** The round after which they dropped. */
  droppedAfterRound: z.number().int().nullable(),
});
export type TTournamentParticipant = z.infer<typeof ZTournamentParticipant>;
export const ZTournamentParticipants = z.array(ZTournamentParticipant);

export const ZAnnouncement = z.object({
  id: z.number().int(),
  message: z.string(),
  date: z.string(),
  author: ZPersonRef.nullable(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZMilestone = z.object({ label: z.string(), at: z.string().nullable(), done: z.boolean() });

export const ZTournament = ZTournamentSummary.extend({
  rules: z.string(),
  swissRounds: z.number().int().nullable(),
  topCut: z.number().int(),
  /** Swiss: 'swiss' then 'playoff' once cut; brackets: 'main'; null before the start. */
  phase: z.enum(['swiss', 'playoff', 'main']).nullable(),
  /** The random seed recorded at the start (reproducible seeding and pairings). */
  seed: z.number().int().nullable(),
  /** The caller runs it (edit, participants, check-in, rounds, results) and may announce. */
  canManage: z.boolean(),
  /** The caller's part in it, or null. */
  me: z
    .object({
      status: ZParticipantStatus,
      deckId: z.number().int().nullable(),
      checkedIn: z.boolean(),
      /** Place on the waiting list, 1 first; null when registered. */
      waitlistPosition: z.number().int().nullable(),
    })
    .nullable(),
  participantList: ZTournamentParticipants,
  announcements: z.array(ZAnnouncement),
  calendar: z.array(ZMilestone),
  /** Swiss: whether the next round may be paired now, and the suggested rounds for the field. */
  canPairNext: z.boolean(),
  suggestedRounds: z.number().int().nullable(),
});
export type TTournament = z.infer<typeof ZTournament>;

export const ZTournamentListQuery = z.strictObject({
  storeId: ZId.optional(),
  status: z.enum(['active', 'finished']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

export const ZSignupInput = z.strictObject({
  deckId: z
    .number({ error: MSG.tournamentDeckRequired })
    .int()
    .positive({ error: MSG.tournamentDeckRequired }),
});

/** The participants screen's Guardar: the whole list as it should be (before the start). */
export const ZParticipantsInput = z.strictObject({
  participants: z
    .array(z.strictObject({ userId: ZId, deckId: ZId.nullable().optional().default(null) }))
    .max(PLAYER_CAP_MAX + 200),
});

export const ZCheckInInput = z.strictObject({ checkedIn: z.boolean() });

export const ZParticipantParams = z.object({ id: ZIdParam, userId: ZIdParam });

// ---------------------------------------------------------------------------------------------
// Structure: bracket, pairings, standings
// ---------------------------------------------------------------------------------------------

export const ZBracketGroup = z.enum(['main', 'winners', 'losers', 'grand_final', 'round_robin']);
export const ZSlotStatus = z.enum(['bye', 'pending', 'waiting', 'completed', 'void']);

export const ZBracketMatch = z.object({
  id: z.number().int(),
  /** The pairing players report on, once both are known. */
  pairingId: z.number().int().nullable(),
  number: z.number().int(),
  player1: ZPersonRef.nullable(),
  player2: ZPersonRef.nullable(),
  winnerId: z.number().int().nullable(),
  score1: z.number().int().nullable(),
  score2: z.number().int().nullable(),
  status: ZSlotStatus,
});
export type TBracketMatch = z.infer<typeof ZBracketMatch>;

export const ZBracketRound = z.object({
  round: z.number().int(),
  label: z.string(),
  matches: z.array(ZBracketMatch),
});

export const ZBracketStage = z.object({
  stage: z.enum(['main', 'playoff']),
  type: z.enum(['single_elimination', 'double_elimination', 'round_robin']),
  groups: z.array(z.object({ group: ZBracketGroup, rounds: z.array(ZBracketRound) })),
});

export const ZBracketView = z.object({
  tournamentId: z.number().int(),
  type: z.enum(TOURNAMENT_TYPES),
  /** Empty before the start, and for a Swiss without its playoff (its rounds are pairings). */
  stages: z.array(ZBracketStage),
  champion: ZPersonRef.nullable(),
});
export type TBracketView = z.infer<typeof ZBracketView>;

export const ZPairingResult = z.object({
  outcome: z.enum(['player1', 'player2', 'draw', 'double_loss']),
  games1: z.number().int(),
  games2: z.number().int(),
  gamesDrawn: z.number().int(),
});

export const ZPairing = z.object({
  id: z.number().int(),
  stage: z.enum(['swiss', 'main', 'playoff']),
  round: z.number().int(),
  /** Ronda N, Semifinales, Final, Gran Final… */
  roundLabel: z.string(),
  group: ZBracketGroup.nullable(),
  table: z.number().int(),
  player1: ZPersonRef,
  /** null: a bye (a 2–0 win, never played). */
  player2: ZPersonRef.nullable(),
  /** pending: to play; reported: a match waits for approval; decided; void: annulled by a correction. */
  status: z.enum(['pending', 'reported', 'decided', 'void']),
  result: ZPairingResult.nullable(),
  /** The score a player reported, while it waits for the opponent's approval. */
  reported: z
    .object({ games1: z.number().int(), games2: z.number().int(), gamesDrawn: z.number().int() })
    .nullable(),
  /** The real match (tier Torneo) carrying the result, and its approval. */
  matchId: z.number().int().nullable(),
  matchStatus: z.enum(['pending', 'approved', 'rejected', 'cancelled']).nullable(),
  /** The caller may report its result (a player of it, or its organiser). */
  canReport: z.boolean(),
});
export type TPairing = z.infer<typeof ZPairing>;
export const ZPairingList = z.array(ZPairing);

export const ZPairingQuery = z.strictObject({
  round: z.coerce.number({ error: MSG.badRequest }).int().min(1).max(99).optional(),
});

const ZPercent = z.number();

export const ZStandingRow = z.object({
  rank: z.number().int(),
  player: ZPersonRef,
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  byes: z.number().int(),
  matchPoints: z.number().int(),
  /** Percentages (0–100, two decimals) with the 33 % floor: MW%, OMW%, GW%, OGW%. */
  mwp: ZPercent,
  omwp: ZPercent,
  gwp: ZPercent,
  ogwp: ZPercent,
  dropped: z.boolean(),
});
export type TStandingRow = z.infer<typeof ZStandingRow>;

export const ZTournamentStandings = z.object({
  tournamentId: z.number().int(),
  /** How the rows are ordered: Swiss tiebreakers, round-robin head-to-head, or elimination progress. */
  kind: z.enum(['swiss', 'round_robin', 'elimination']),
  /** After which round (0 before any result). */
  round: z.number().int(),
  rows: z.array(ZStandingRow),
});
export type TTournamentStandings = z.infer<typeof ZTournamentStandings>;

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

const ZGames = z.coerce
  .number({ error: MSG.badRequest })
  .int({ error: MSG.badRequest })
  .min(0, { error: MSG.badRequest })
  .max(3, { error: MSG.badRequest });

export const ZReportInput = z
  .strictObject({ games1: ZGames, games2: ZGames, gamesDrawn: ZGames.optional().default(0) })
  .meta({ examples: [{ games1: 2, games2: 1 }] });
export type TReportInput = z.input<typeof ZReportInput>;

/** A correction of a decided result; `force` confirms voiding later matches that depend on it. */
export const ZCorrectionInput = ZReportInput.extend({ force: z.boolean().optional().default(false) });
export const ZReverseInput = z.strictObject({ force: z.boolean().optional().default(false) });

/** Pair the next Swiss round: the round the caller saw as next, so two organisers pair it once. */
export const ZPairRoundInput = z.strictObject({ round: z.number().int().min(1).max(99) });

/** Close the current round: its unplayed matches become draws or losses for both. */
export const ZCloseRoundInput = z.strictObject({
  round: z.number().int().min(1).max(99),
  unplayed: z.enum(['draw', 'double_loss']),
});

export const ZAnnouncementInput = z.strictObject({
  message: z
    .string({ error: MSG.tournamentAnnouncementBlank })
    .trim()
    .min(1, { error: MSG.tournamentAnnouncementBlank })
    .max(1000, { error: MSG.badRequest }),
});

export const ZPairingParams = z.object({ id: ZIdParam, pairingId: ZIdParam });

/** What a correction or a reversal did: the pairing now, and the later matches it voided. */
export const ZCorrectionResult = z.object({ pairing: ZPairing, voided: z.number().int() });

/** GET /api/tournaments/announcements/unread: the caller's unread Comunicados (their notifications). */
export const ZUnreadAnnouncement = z.object({
  id: z.number().int(),
  tournament: z.object({ id: z.number().int(), name: z.string() }),
  message: z.string(),
  date: z.string(),
});
export type TUnreadAnnouncement = z.infer<typeof ZUnreadAnnouncement>;
export const ZUnreadAnnouncements = z.array(ZUnreadAnnouncement);
