/** Business constants of the product (SPEC §3 and §9). */

export const RACES = [
  'Olimpico',
  'Heroe',
  'Dragon',
  'Caballero',
  'Desafiante',
  'Defensor',
  'Faraon',
  'Sacerdote',
  'Faerie',
  'Sombra',
  'Titan',
  'Eterno',
] as const;
export type Race = (typeof RACES)[number];
export const DEFAULT_RACE: Race = 'Olimpico';

export const MATCH_MODES = [
  { value: '1v1', label: '1v1', playersPerTeam: 1, enabled: true },
  { value: '2v2', label: '2v2', playersPerTeam: 2, enabled: false },
] as const;
export type MatchMode = (typeof MATCH_MODES)[number]['value'];
export const MATCH_MODE_VALUES = ['1v1', '2v2'] as const;
export const DEFAULT_MATCH_MODE: MatchMode = '1v1';

export function playersPerTeam(mode: MatchMode): number {
  return mode === '2v2' ? 2 : 1;
}

export const TIERS = [
  { value: 'Amistoso', color: 'success', enabled: true },
  { value: 'Amistoso c/ Arbitro', color: 'info', enabled: false },
  { value: 'Arena', color: 'warning', enabled: false },
  { value: 'Torneo', color: 'error', enabled: false },
] as const;
export type Tier = (typeof TIERS)[number]['value'];
export const TIER_VALUES = ['Amistoso', 'Amistoso c/ Arbitro', 'Arena', 'Torneo'] as const;
export const DEFAULT_TIER: Tier = 'Amistoso';
export type BadgeColor = 'success' | 'info' | 'warning' | 'error' | 'default';

/** Badge colour of a mode or tier: Amistoso green, c/ Arbitro blue, Arena orange, Torneo red, others neutral. */
export function tierColor(value: string | null | undefined): BadgeColor {
  return TIERS.find((t) => t.value === value)?.color ?? 'default';
}

export const HIGHLIGHTS = [
  { type: 'Remontada', description: 'Ganó después de estar claramente en desventaja' },
  { type: 'Paliza', description: 'Dominó la partida desde el principio' },
  { type: 'Combo', description: 'Una jugada clave o combinación letal decidió la partida' },
  { type: 'Resiliencia', description: 'Resistió presión constante hasta ganar' },
  { type: 'Sobreviviente', description: 'Ganó con muy pocas cartas en el mazo' },
  { type: 'Rapida', description: 'Ganó en muy pocos turnos' },
] as const;
export type HighlightType = (typeof HIGHLIGHTS)[number]['type'];
export const HIGHLIGHT_TYPES = [
  'Remontada',
  'Paliza',
  'Combo',
  'Resiliencia',
  'Sobreviviente',
  'Rapida',
] as const;
export const UNKNOWN_HIGHLIGHT = 'Highlight desconocido';

export const RANKS = [
  { level: 1, name: 'Huevo de Dragón' },
  { level: 2, name: 'Cría de Dragón' },
  { level: 3, name: 'Dragón Joven' },
  { level: 4, name: 'Dragón de Fuego' },
  { level: 5, name: 'Dragón Astral' },
  { level: 6, name: 'Dragón Eterno' },
] as const;

export const TIER_POINTS = [
  { tier: 'Tier 1', points: 100 },
  { tier: 'Tier 2', points: 200 },
  { tier: 'Tier 3', points: 300 },
  { tier: 'Tier 4', points: 500 },
] as const;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const PLAYER_APPROVAL_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'processed',
] as const;
export type PlayerApprovalStatus = (typeof PLAYER_APPROVAL_STATUSES)[number];

export const USER_ROLES = ['player', 'judge', 'tournament_admin', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const LIMITS = {
  maxHighlights: 3,
  minTotalScore: 1,
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 128,
  emailMax: 254,
  deckNameMax: 60,
  deckDescriptionMax: 500,
  searchResultsMax: 20,
  pageSizeDefault: 50,
  pageSizeMax: 200,
  maxScore: 99,
  minDate: '1900-01-01',
  maxDate: '2099-12-31',
} as const;

/**
 * Guards against match spam (docs/decisions/012): what one player may leave waiting on another,
 * and how long a rejection may stay unprocessed before it expires into a cancelled match.
 */
export const MATCH_GUARDS = {
  /** Matches a player may record per hour (default of the server's MATCH_CREATE_LIMIT). */
  createdPerHour: 30,
  /** Matches by one creator that may wait for the same player's answer at once (MATCH_PENDING_LIMIT). */
  pendingPerOpponent: 10,
  /** A rejected match nobody processed is cancelled (event "expired") after this long. */
  rejectedExpiryHours: 72,
} as const;

/**
 * A pending match nobody answers (docs/decisions/020): the players who have not answered are
 * reminded twice, then the final rule applies (expiry, or its store's organisers). Hours after the
 * match was recorded; defaults of the server's REMINDER_FIRST_HOURS, REMINDER_SECOND_HOURS and
 * PENDING_FINAL_HOURS.
 */
export const PENDING_MATCH_DELAYS = {
  firstReminderHours: 24,
  secondReminderHours: 72,
  finalRuleHours: 168,
} as const;

/**
 * The community's clock: the stores are in Buenos Aires, so its calendar days (seasons, leagues,
 * "today") and a tournament's start time are Buenos Aires time, wherever a player's phone is.
 */
export const COMMUNITY_TIME_ZONE = 'America/Argentina/Buenos_Aires';
