import type { UserRole } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';
import { communityTime } from '../../lib/community-time';
import type { ChipColour } from '../../components/palette-chip';
import {
  createsTournamentAt,
  PLAYER_CAP_MAX,
  type BestOf,
  type TopCut,
  type TournamentStatus,
  type TournamentTier,
  type TournamentType,
} from '@mitos/domain/tournament-rules';
import {
  ZTournamentInput,
  type TBracketMatch,
  type TPairing,
  type TStandingRow,
  type TTournament,
  type TTournamentInput,
} from '@mitos/domain/tournaments';

/**
 * What the tournament screens show of the server's data (docs/decisions/015): the texts only the
 * web writes, and the small rules that turn the contracts into labels, tables and forms.
 */

/** SPEC §5 and §8 texts the web writes itself (the server sends its own refusals). */
export const TOURNAMENT_MSG = {
  listError: 'Error al cargar los torneos. Por favor intenta nuevamente.',
  notFoundOrError: 'Torneo no encontrado o error al cargar',
  notFound: MSG.tournamentNotFound,
  createError: MSG.tournamentCreateFailed,
  saveError: 'Error al guardar los cambios.',
  duplicateParticipant: MSG.tournamentParticipantDuplicate,
  storeRequired: 'Elige la tienda del torneo',
  capInvalid: `El cupo debe ser un número entre 2 y ${PLAYER_CAP_MAX}`,
  swissRoundsInvalid: 'Las rondas del suizo deben ser un número entre 1 y 15',
} as const;

/** Open sign-up reads green, a closed one blue, a running tournament amber, a finished one grey. */
export function tournamentStatusColor(status: TournamentStatus): ChipColour {
  switch (status) {
    case 'registration':
      return 'success';
    case 'upcoming':
      return 'info';
    case 'in_progress':
      return 'warning';
    case 'finished':
      return 'default';
  }
}

// ---------------------------------------------------------------------------------------------
// Who may create, and where
// ---------------------------------------------------------------------------------------------

export interface TournamentActor {
  id: number;
  role: UserRole;
  /** Ids of the stores the user organises. */
  organises: readonly number[];
}

/** Crear Torneo is for admins and tournament admins (any store) and store organisers (theirs). */
export function mayCreateTournaments(actor: TournamentActor): boolean {
  return actor.role === 'admin' || actor.role === 'tournament_admin' || actor.organises.length > 0;
}

/** The stores the create dialog offers: every active one, or the organiser's own. */
export function creatableStores<S extends { id: number }>(stores: readonly S[], actor: TournamentActor): S[] {
  return stores.filter((store) => createsTournamentAt(actor, store.id));
}

// ---------------------------------------------------------------------------------------------
// The create / edit form
// ---------------------------------------------------------------------------------------------

export interface TournamentFormValues {
  name: string;
  storeId: number | null;
  type: TournamentType;
  /** YYYY-MM-DD, '' while empty. */
  startDate: string;
  /** HH:MM local time. */
  startTime: string;
  /** Markdown. */
  rules: string;
  /** As typed. */
  playerCap: string;
  bestOf: BestOf;
  registrationOpen: boolean;
  tier: TournamentTier;
  /** Swiss only, as typed; '' takes the count suggested for the field at the start. */
  swissRounds: string;
  /** Swiss only. */
  topCut: TopCut;
}

export const EMPTY_TOURNAMENT_FORM: TournamentFormValues = {
  name: '',
  storeId: null,
  type: 'swiss',
  startDate: '',
  startTime: '18:00',
  rules: '',
  playerCap: '32',
  bestOf: 3,
  registrationOpen: true,
  tier: 'Torneo',
  swissRounds: '',
  topCut: 0,
};

/** The form of an existing tournament (Editar torneo): its start day and time as it was created. */
export function formValuesOf(t: TTournament): TournamentFormValues {
  return {
    name: t.name,
    storeId: t.store.id,
    type: t.type,
    startDate: t.startDate,
    startTime: communityTime(t.startsAt),
    rules: t.rules,
    playerCap: String(t.playerCap),
    bestOf: t.bestOf === 1 ? 1 : 3,
    registrationOpen: t.registrationOpen,
    tier: t.tier,
    swissRounds: t.swissRounds === null ? '' : String(t.swissRounds),
    topCut: t.topCut === 4 || t.topCut === 8 ? t.topCut : 0,
  };
}

export type TournamentFormErrors = Partial<Record<keyof TournamentFormValues, string>>;

/** A typed whole number, or NaN (so that the contract refuses it) for anything else. */
function typedInteger(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The request body of a form: Swiss rounds and the top cut only go with a Swiss. */
export function tournamentInputOf(values: TournamentFormValues): TTournamentInput {
  const swiss = values.type === 'swiss';
  return {
    name: values.name,
    storeId: values.storeId ?? 0,
    type: values.type,
    startDate: values.startDate,
    startTime: values.startTime,
    rules: values.rules,
    playerCap: typedInteger(values.playerCap),
    bestOf: values.bestOf,
    registrationOpen: values.registrationOpen,
    tier: values.tier,
    swissRounds: swiss && values.swissRounds.trim() !== '' ? typedInteger(values.swissRounds) : null,
    topCut: swiss ? values.topCut : 0,
  };
}

/** Fields whose contract message is a generic refusal: the form says what is wrong with them. */
const FIELD_MESSAGES: Partial<Record<keyof TournamentFormValues, string>> = {
  storeId: TOURNAMENT_MSG.storeRequired,
  playerCap: TOURNAMENT_MSG.capInvalid,
  swissRounds: TOURNAMENT_MSG.swissRoundsInvalid,
};

/**
 * The form checked with the contract the server checks it with (SPEC §5: El nombre del torneo es
 * requerido, La fecha de inicio es requerida; rules optional): the request body, or one message
 * per field at fault.
 */
export function validateTournamentForm(
  values: TournamentFormValues,
): { ok: true; input: TTournamentInput } | { ok: false; errors: TournamentFormErrors } {
  const parsed = ZTournamentInput.safeParse(tournamentInputOf(values));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: TournamentFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TournamentFormValues | undefined;
    if (field === undefined || field in errors) continue;
    errors[field] = FIELD_MESSAGES[field] ?? issue.message;
  }
  return { ok: false, errors };
}

// ---------------------------------------------------------------------------------------------
// Participants
// ---------------------------------------------------------------------------------------------

export const PARTICIPANT_STATUS_LABELS = {
  registered: 'Inscripto',
  waitlisted: 'Lista de espera',
  dropped: 'Abandonó',
} as const;

/** Sign-up and the participants list are editable until the tournament starts. */
export function notStarted(t: { status: TournamentStatus }): boolean {
  return t.status === 'registration' || t.status === 'upcoming';
}

// ---------------------------------------------------------------------------------------------
// Bracket
// ---------------------------------------------------------------------------------------------

export type SlotState = 'finished' | 'pending' | 'tbd' | 'bye' | 'void';

export const SLOT_STATE_LABELS: Record<SlotState, string> = {
  finished: 'Finalizado',
  pending: 'Pendiente',
  tbd: 'Por definir',
  bye: 'Bye',
  void: 'No se juega',
};

export const SLOT_STATE_COLORS: Record<SlotState, ChipColour> = {
  finished: 'success',
  pending: 'warning',
  tbd: 'default',
  bye: 'info',
  void: 'default',
};

/**
 * SPEC §2: Finalizado when decided (a round-robin draw too), Pendiente when both players are set,
 * else Por definir. A bye is never played; a grand-final reset the winners' champion made
 * unnecessary is not played either.
 */
export function slotState(match: TBracketMatch): SlotState {
  if (match.status === 'bye') return 'bye';
  if (match.status === 'void') return 'void';
  if (match.winnerId !== null || match.status === 'completed') return 'finished';
  if (match.player1 && match.player2) return 'pending';
  return 'tbd';
}

/** Headings of a double elimination's groups (winners, losers, grand_final). */
export const BRACKET_GROUP_LABELS = {
  main: 'Bracket',
  winners: 'Bracket de Ganadores',
  losers: 'Bracket de Perdedores',
  grand_final: 'Gran Final',
  round_robin: 'Fechas',
} as const;

export interface RoundRobinRow {
  id: number;
  username: string;
  wins: number;
  losses: number;
  draws: number;
  /** wins / (wins + losses) as a rounded percentage; 0 before any decided match. */
  winPercent: number;
  leader: boolean;
}

/**
 * SPEC §2 round-robin table: sorted by wins (the server's order, head-to-head included, breaks
 * ties), win % = wins / (wins + losses) rounded, the first row leads once somebody has won.
 */
export function roundRobinTable(rows: readonly TStandingRow[]): RoundRobinRow[] {
  const table = rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => b.row.wins - a.row.wins || a.index - b.index)
    .map(({ row }) => ({
      id: row.player.id,
      username: row.player.username,
      wins: row.wins,
      losses: row.losses,
      draws: row.draws,
      winPercent: row.wins + row.losses === 0 ? 0 : Math.round((row.wins / (row.wins + row.losses)) * 100),
      leader: false,
    }));
  if (table[0] && table[0].wins > 0) table[0].leader = true;
  return table;
}

// ---------------------------------------------------------------------------------------------
// Pairings (Partidas)
// ---------------------------------------------------------------------------------------------

export type PairingState = 'bye' | 'void' | 'decided' | 'reported' | 'pending';

export const PAIRING_STATE_LABELS: Record<PairingState, string> = {
  bye: 'Bye',
  void: 'Anulada',
  decided: 'Finalizado',
  reported: 'Esperando aprobación',
  pending: 'Pendiente',
};

export const PAIRING_STATE_COLORS: Record<PairingState, ChipColour> = {
  bye: 'info',
  void: 'default',
  decided: 'success',
  reported: 'secondary',
  pending: 'warning',
};

export function pairingState(pairing: TPairing): PairingState {
  if (pairing.player2 === null) return 'bye';
  return pairing.status;
}

/** "2 - 1", with the drawn games when there were any: "1 - 1 (1 empate)". */
export function formatGames(result: { games1: number; games2: number; gamesDrawn: number }): string {
  const { games1, games2, gamesDrawn } = result;
  if (gamesDrawn === 0) return `${games1} - ${games2}`;
  return `${games1} - ${games2} (${gamesDrawn} ${gamesDrawn === 1 ? 'empate' : 'empates'})`;
}

/** The best-of of a tournament as the score rules take it. */
export const bestOfOf = (t: { bestOf: number }): BestOf => (t.bestOf === 1 ? 1 : 3);

export interface PairingRound {
  key: string;
  label: string;
  pairings: TPairing[];
}

const STAGE_ORDER: Record<TPairing['stage'], number> = { swiss: 0, main: 1, playoff: 2 };
const GROUP_ORDER = { main: 0, round_robin: 0, winners: 1, losers: 2, grand_final: 3 } as const;
const GROUP_PREFIX: Partial<Record<NonNullable<TPairing['group']>, string>> = {
  winners: 'Ganadores',
  losers: 'Perdedores',
};

/**
 * Pairings grouped by round, in playing order: the Swiss rounds, then the bracket (winners,
 * losers, grand final) or the playoff; tables in order within each. The label is the server's
 * (Ronda 3, Semifinales, Gran Final), with the side of a double elimination in front.
 */
export function pairingRounds(pairings: readonly TPairing[]): PairingRound[] {
  const rounds = new Map<string, PairingRound & { order: number[] }>();
  for (const p of pairings) {
    const key = `${p.stage}:${p.group ?? 'main'}:${p.round}`;
    let round = rounds.get(key);
    if (!round) {
      const prefix = p.group ? GROUP_PREFIX[p.group] : undefined;
      round = {
        key,
        label: prefix ? `${prefix} · ${p.roundLabel}` : p.roundLabel,
        pairings: [],
        order: [STAGE_ORDER[p.stage], GROUP_ORDER[p.group ?? 'main'], p.round],
      };
      rounds.set(key, round);
    }
    round.pairings.push(p);
  }
  return [...rounds.values()]
    .sort((a, b) => a.order[0]! - b.order[0]! || a.order[1]! - b.order[1]! || a.order[2]! - b.order[2]!)
    .map(({ key, label, pairings: list }) => ({
      key,
      label,
      pairings: [...list].sort((a, b) => a.table - b.table),
    }));
}

// ---------------------------------------------------------------------------------------------
// Swiss rounds and standings
// ---------------------------------------------------------------------------------------------

/** The Swiss rounds to play: the organiser's count, else the one suggested for the field. */
export function plannedSwissRounds(t: Pick<TTournament, 'swissRounds' | 'suggestedRounds'>): number | null {
  return t.swissRounds ?? t.suggestedRounds;
}

/**
 * Armar Top N is offered once the last Swiss round is paired and no other may be: the server
 * still refuses while that round has matches without a result.
 */
export function offersPlayoff(t: TTournament): boolean {
  const planned = plannedSwissRounds(t);
  return (
    t.type === 'swiss' &&
    t.status === 'in_progress' &&
    t.phase === 'swiss' &&
    t.topCut > 0 &&
    !t.canPairNext &&
    planned !== null &&
    (t.round ?? 0) >= planned
  );
}

/** A tiebreaker percentage as Spanish writes it: "51,85 %". */
export function formatPercent(value: number): string {
  return `${value.toLocaleString('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
}
