import { z } from 'zod/mini';
import { ZId, ZIdParam, wholeNumber } from './common';
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
      .check(
        z.trim(),
        z.minLength(1, { error: MSG.tournamentNameRequired }),
        z.maxLength(100, { error: MSG.badRequest }),
      ),
    storeId: ZId,
    type: z.enum(TOURNAMENT_TYPES, { error: MSG.badRequest }),
    startDate: z.iso.date({
      error: (issue) =>
        issue.input === undefined || issue.input === '' ? MSG.tournamentStartRequired : MSG.invalidDate,
    }),
    /** Local Buenos Aires time, HH:MM. */
    startTime: z._default(
      z.optional(
        z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG.tournamentTimeInvalid })),
      ),
      '18:00',
    ),
    /** Markdown, rendered safely by the web (no HTML). */
    rules: z._default(
      z.optional(z.string().check(z.trim(), z.maxLength(10_000, { error: MSG.badRequest }))),
      '',
    ),
    playerCap: z._default(z.optional(wholeNumber(2, PLAYER_CAP_MAX, MSG.badRequest)), 32),
    bestOf: z._default(z.optional(ZBestOf), 3),
    registrationOpen: z._default(z.optional(z.boolean()), true),
    tier: z._default(z.optional(z.enum(TOURNAMENT_TIERS, { error: MSG.badRequest })), 'Torneo'),
    /** Swiss only: null takes the suggested count from the players at the start. */
    swissRounds: z._default(z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(15)))), null),
    /** Swiss only: a single-elimination playoff of the top 4 or 8 after the rounds. */
    topCut: z._default(z.optional(ZTopCut), 0),
  })
  .register(z.globalRegistry, {
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
  id: z.int(),
  name: z.string(),
  type: z.enum(TOURNAMENT_TYPES),
  store: z.object({ id: z.int(), name: z.string() }),
  seasonId: z.nullable(z.int()),
  /** ISO instant of the announced start. */
  startsAt: z.string(),
  /** Its day in Buenos Aires. */
  startDate: z.string(),
  status: ZTournamentStatus,
  /** The round being played (Swiss or playoff), null before the start and for brackets. */
  round: z.nullable(z.int()),
  registrationOpen: z.boolean(),
  participants: z.int(),
  waitlist: z.int(),
  playerCap: z.int(),
  bestOf: z.int(),
  tier: z.enum(TOURNAMENT_TIERS),
  winner: z.nullable(ZPersonRef),
  finishedAt: z.nullable(z.string()),
});
export type TTournamentSummary = z.infer<typeof ZTournamentSummary>;
export const ZTournamentList = z.array(ZTournamentSummary);
/** What a client needs of a created tournament's answer: where it now lives. */
export const ZCreatedTournament = z.pick(ZTournamentSummary, { id: true });

export const ZParticipantStatus = z.enum(['registered', 'waitlisted', 'dropped']);

export const ZTournamentParticipant = z.object({
  userId: z.int(),
  username: z.string(),
  torCode: z.nullable(z.string()),
  deck: z.nullable(z.object({ id: z.int(), name: z.string(), raza: z.string() })),
  status: ZParticipantStatus,
  /** 1 = top seed, from the start on. */
  seed: z.nullable(z.int()),
  checkedIn: z.boolean(),
  signedUpAt: z.string(),
  /** The round after which they dropped. */
  droppedAfterRound: z.nullable(z.int()),
});
export type TTournamentParticipant = z.infer<typeof ZTournamentParticipant>;
export const ZTournamentParticipants = z.array(ZTournamentParticipant);

export const ZAnnouncement = z.object({
  id: z.int(),
  message: z.string(),
  date: z.string(),
  author: z.nullable(ZPersonRef),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

export const ZMilestone = z.object({ label: z.string(), at: z.nullable(z.string()), done: z.boolean() });

export const ZTournament = z.extend(ZTournamentSummary, {
  rules: z.string(),
  swissRounds: z.nullable(z.int()),
  topCut: z.int(),
  /** Swiss: 'swiss' then 'playoff' once cut; brackets: 'main'; null before the start. */
  phase: z.nullable(z.enum(['swiss', 'playoff', 'main'])),
  /** The random seed recorded at the start (reproducible seeding and pairings). */
  seed: z.nullable(z.int()),
  /** The caller runs it (edit, participants, check-in, rounds, results) and may announce. */
  canManage: z.boolean(),
  /** The caller's part in it, or null. */
  me: z.nullable(
    z.object({
      status: ZParticipantStatus,
      deckId: z.nullable(z.int()),
      checkedIn: z.boolean(),
      /** Place on the waiting list, 1 first; null when registered. */
      waitlistPosition: z.nullable(z.int()),
    }),
  ),
  participantList: ZTournamentParticipants,
  announcements: z.array(ZAnnouncement),
  calendar: z.array(ZMilestone),
  /** Swiss: whether the next round may be paired now, and the suggested rounds for the field. */
  canPairNext: z.boolean(),
  suggestedRounds: z.nullable(z.int()),
});
export type TTournament = z.infer<typeof ZTournament>;

export const ZTournamentListQuery = z.strictObject({
  storeId: z.optional(ZId),
  status: z.optional(z.enum(['active', 'finished'])),
});

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

export const ZSignupInput = z.strictObject({
  deckId: z
    .number({ error: MSG.tournamentDeckRequired })
    .check(z.int(), z.positive({ error: MSG.tournamentDeckRequired })),
});

/** The participants screen's Guardar: the whole list as it should be (before the start). */
export const ZParticipantsInput = z.strictObject({
  participants: z
    .array(z.strictObject({ userId: ZId, deckId: z._default(z.optional(z.nullable(ZId)), null) }))
    .check(z.maxLength(PLAYER_CAP_MAX + 200)),
});

export const ZCheckInInput = z.strictObject({ checkedIn: z.boolean() });

export const ZParticipantParams = z.object({ id: ZIdParam, userId: ZIdParam });

// ---------------------------------------------------------------------------------------------
// Structure: bracket, pairings, standings
// ---------------------------------------------------------------------------------------------

export const ZBracketGroup = z.enum(['main', 'winners', 'losers', 'grand_final', 'round_robin']);
export const ZSlotStatus = z.enum(['bye', 'pending', 'waiting', 'completed', 'void']);

export const ZBracketMatch = z.object({
  id: z.int(),
  /** The pairing players report on, once both are known. */
  pairingId: z.nullable(z.int()),
  number: z.int(),
  player1: z.nullable(ZPersonRef),
  player2: z.nullable(ZPersonRef),
  winnerId: z.nullable(z.int()),
  score1: z.nullable(z.int()),
  score2: z.nullable(z.int()),
  status: ZSlotStatus,
});
export type TBracketMatch = z.infer<typeof ZBracketMatch>;

export const ZBracketRound = z.object({
  round: z.int(),
  label: z.string(),
  matches: z.array(ZBracketMatch),
});

export const ZBracketStage = z.object({
  stage: z.enum(['main', 'playoff']),
  type: z.enum(['single_elimination', 'double_elimination', 'round_robin']),
  groups: z.array(z.object({ group: ZBracketGroup, rounds: z.array(ZBracketRound) })),
});

export const ZBracketView = z.object({
  tournamentId: z.int(),
  type: z.enum(TOURNAMENT_TYPES),
  /** Empty before the start, and for a Swiss without its playoff (its rounds are pairings). */
  stages: z.array(ZBracketStage),
  champion: z.nullable(ZPersonRef),
});
export type TBracketView = z.infer<typeof ZBracketView>;

export const ZPairingResult = z.object({
  outcome: z.enum(['player1', 'player2', 'draw', 'double_loss']),
  games1: z.int(),
  games2: z.int(),
  gamesDrawn: z.int(),
});

export const ZPairing = z.object({
  id: z.int(),
  stage: z.enum(['swiss', 'main', 'playoff']),
  round: z.int(),
  /** Ronda N, Semifinales, Final, Gran Final… */
  roundLabel: z.string(),
  group: z.nullable(ZBracketGroup),
  table: z.int(),
  player1: ZPersonRef,
  /** null: a bye (a 2–0 win, never played). */
  player2: z.nullable(ZPersonRef),
  /** pending: to play; reported: a match waits for approval; decided; void: annulled by a correction. */
  status: z.enum(['pending', 'reported', 'decided', 'void']),
  result: z.nullable(ZPairingResult),
  /** The score a player reported, while it waits for the opponent's approval. */
  reported: z.nullable(z.object({ games1: z.int(), games2: z.int(), gamesDrawn: z.int() })),
  /** The real match (tier Torneo) carrying the result, and its approval. */
  matchId: z.nullable(z.int()),
  matchStatus: z.nullable(z.enum(['pending', 'approved', 'rejected', 'cancelled'])),
  /** The caller may report its result (a player of it, or its organiser). */
  canReport: z.boolean(),
});
export type TPairing = z.infer<typeof ZPairing>;
export const ZPairingList = z.array(ZPairing);

export const ZPairingQuery = z.strictObject({
  round: z.optional(wholeNumber(1, 99, MSG.badRequest)),
});

const ZPercent = z.number();

export const ZStandingRow = z.object({
  rank: z.int(),
  player: ZPersonRef,
  wins: z.int(),
  losses: z.int(),
  draws: z.int(),
  byes: z.int(),
  matchPoints: z.int(),
  /** Percentages (0–100, two decimals) with the 33 % floor: MW%, OMW%, GW%, OGW%. */
  mwp: ZPercent,
  omwp: ZPercent,
  gwp: ZPercent,
  ogwp: ZPercent,
  dropped: z.boolean(),
});
export type TStandingRow = z.infer<typeof ZStandingRow>;

export const ZTournamentStandings = z.object({
  tournamentId: z.int(),
  /** How the rows are ordered: Swiss tiebreakers, round-robin head-to-head, or elimination progress. */
  kind: z.enum(['swiss', 'round_robin', 'elimination']),
  /** After which round (0 before any result). */
  round: z.int(),
  rows: z.array(ZStandingRow),
});
export type TTournamentStandings = z.infer<typeof ZTournamentStandings>;

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

const ZGames = wholeNumber(0, 3, MSG.badRequest);

// The examples are registered, not added with .check(z.meta(...)): a check would be copied by z.extend
// (ZCorrectionInput would show them too) and would make z.partial/z.pick/z.omit throw.
export const ZReportInput = z
  .strictObject({ games1: ZGames, games2: ZGames, gamesDrawn: z._default(z.optional(ZGames), 0) })
  .register(z.globalRegistry, { examples: [{ games1: 2, games2: 1 }] });
export type TReportInput = z.input<typeof ZReportInput>;

/** A correction of a decided result; `force` confirms voiding later matches that depend on it. */
export const ZCorrectionInput = z.extend(ZReportInput, { force: z._default(z.optional(z.boolean()), false) });
export const ZReverseInput = z.strictObject({ force: z._default(z.optional(z.boolean()), false) });

/** Pair the next Swiss round: the round the caller saw as next, so two organisers pair it once. */
export const ZPairRoundInput = z.strictObject({ round: z.int().check(z.minimum(1), z.maximum(99)) });

/** Close the current round: its unplayed matches become draws or losses for both. */
export const ZCloseRoundInput = z.strictObject({
  round: z.int().check(z.minimum(1), z.maximum(99)),
  unplayed: z.enum(['draw', 'double_loss']),
});

export const ZAnnouncementInput = z.strictObject({
  message: z
    .string({ error: MSG.tournamentAnnouncementBlank })
    .check(
      z.trim(),
      z.minLength(1, { error: MSG.tournamentAnnouncementBlank }),
      z.maxLength(1000, { error: MSG.badRequest }),
    ),
});

export const ZPairingParams = z.object({ id: ZIdParam, pairingId: ZIdParam });

/** What a correction or a reversal did: the pairing now, and the later matches it voided. */
export const ZCorrectionResult = z.object({ pairing: ZPairing, voided: z.int() });

/** GET /api/tournaments/announcements/unread: the caller's unread Comunicados (their notifications). */
export const ZUnreadAnnouncement = z.object({
  id: z.int(),
  tournament: z.object({ id: z.int(), name: z.string() }),
  message: z.string(),
  date: z.string(),
});
export type TUnreadAnnouncement = z.infer<typeof ZUnreadAnnouncement>;
export const ZUnreadAnnouncements = z.array(ZUnreadAnnouncement);
