import * as MSG from './message-texts';
import { isAdmin, type CommunityActor } from './community-rules';

/**
 * Tournaments on the server (docs/decisions/015): the rules both sides read. Pairing, standings
 * and seeding are in tournament-swiss, tournament-standings and tournament-seeding.
 */

export const TOURNAMENT_TYPES = ['single_elimination', 'double_elimination', 'round_robin', 'swiss'] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];

export const TOURNAMENT_TYPE_LABELS: Readonly<Record<TournamentType, string>> = {
  single_elimination: 'Eliminación Simple',
  double_elimination: 'Eliminación Doble',
  round_robin: 'Round Robin',
  swiss: 'Suizo',
};

/** The tier its matches are recorded with, and so their points (community rules). */
export const TOURNAMENT_TIERS = ['Torneo', 'Arena'] as const;
export type TournamentTier = (typeof TOURNAMENT_TIERS)[number];

export const BEST_OF = [1, 3] as const;
export type BestOf = (typeof BEST_OF)[number];

export const TOP_CUTS = [0, 4, 8] as const;
export type TopCut = (typeof TOP_CUTS)[number];

export const PLAYER_CAP_MAX = 256;

/** upcoming: not started, registration closed; registration: open for sign-up; then in progress, finished. */
export const TOURNAMENT_STATUSES = ['upcoming', 'registration', 'in_progress', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export interface TournamentClock {
  registrationOpen: boolean;
  startedAt: Date | string | null;
  finishedAt: Date | string | null;
}

export function tournamentStatus(t: TournamentClock): TournamentStatus {
  if (t.finishedAt !== null) return 'finished';
  if (t.startedAt !== null) return 'in_progress';
  return t.registrationOpen ? 'registration' : 'upcoming';
}

/** SPEC labels: Abierto, En Progreso, Finalizado; a closed sign-up before the start reads Próximamente. */
export function tournamentStatusLabel(status: TournamentStatus, round: number | null = null): string {
  switch (status) {
    case 'registration':
      return 'Abierto';
    case 'upcoming':
      return 'Próximamente';
    case 'in_progress':
      return round ? `En Progreso · Ronda ${round}` : 'En Progreso';
    case 'finished':
      return 'Finalizado';
  }
}

/** Torneos Finalizados holds the finished ones; every other is in Torneos Activos. */
export function isFinished(t: { status: TournamentStatus }): boolean {
  return t.status === 'finished';
}

/** Who runs a tournament: admins, tournament admins, and the organisers of its store. */
export function managesTournament(actor: CommunityActor, storeId: number): boolean {
  return isAdmin(actor) || actor.role === 'tournament_admin' || actor.organises.includes(storeId);
}

/** Who may create one at a store: the same people. */
export const createsTournamentAt = managesTournament;

export type PairingOutcome = 'player1' | 'player2' | 'draw' | 'double_loss';

export interface GameScore {
  games1: number;
  games2: number;
  gamesDrawn: number;
}

/** Who won a reported score: more games won; as many is a draw. */
export function outcomeOfGames({ games1, games2 }: GameScore): 'player1' | 'player2' | 'draw' {
  if (games1 > games2) return 'player1';
  if (games2 > games1) return 'player2';
  return 'draw';
}

/**
 * Why a reported score cannot stand, or null. Best of 1: 1–0, 0–1 or a drawn game. Best of 3: a
 * side reaches 2 with at most 3 games, or (time called) fewer games with draws (1–0, 1–1–1, 0–0–1…);
 * never more than `bestOf` games. Elimination matches cannot end drawn.
 */
export function scoreRefusal(score: GameScore, bestOf: BestOf, allowsDraws: boolean): string | null {
  const { games1, games2, gamesDrawn } = score;
  const values = [games1, games2, gamesDrawn];
  if (values.some((v) => !Number.isInteger(v) || v < 0)) return MSG.tournamentResultInvalid(bestOf);
  const played = games1 + games2 + gamesDrawn;
  const toWin = Math.ceil(bestOf / 2);
  if (played < 1 || played > bestOf || games1 > toWin || games2 > toWin)
    return MSG.tournamentResultInvalid(bestOf);
  if (outcomeOfGames(score) === 'draw' && !allowsDraws) return MSG.tournamentNoDraws;
  return null;
}

/** Swiss and round robin score draws; elimination needs a winner. */
export const allowsDraws = (type: TournamentType): boolean => type === 'swiss' || type === 'round_robin';

/**
 * Whether a pairing may end drawn: Swiss rounds and round robin may; an elimination bracket, and
 * the playoff of a Swiss, need a winner.
 */
export function pairingAllowsDraws(type: TournamentType, stage: 'swiss' | 'main' | 'playoff'): boolean {
  return stage !== 'playoff' && allowsDraws(type);
}

export interface Milestone {
  label: string;
  /** ISO instant, or null while not known yet (a future round). */
  at: string | null;
  done: boolean;
}

export interface MilestoneInput {
  createdAt: string;
  startsAt: string;
  registrationOpen: boolean;
  startedAt: string | null;
  finishedAt: string | null;
  /** Swiss rounds planned (null: not Swiss), the playoff's size (0: none). */
  plannedRounds: number | null;
  topCut: number;
  /** When each round was paired, first round first. */
  roundsPairedAt: readonly string[];
}

/**
 * Calendario: the tournament's real milestones instead of five fixed ones: sign-up, check-in (the
 * hour before the start), start, each Swiss round as it is paired (future ones without a date), the
 * playoff, and the end.
 */
export function tournamentMilestones(t: MilestoneInput): Milestone[] {
  const checkIn = new Date(new Date(t.startsAt).getTime() - 60 * 60 * 1000).toISOString();
  const list: Milestone[] = [
    {
      label: t.registrationOpen || t.startedAt ? 'Inscripción abierta' : 'Inscripción cerrada',
      at: t.createdAt,
      done: true,
    },
    { label: 'Acreditación', at: checkIn, done: t.startedAt !== null || Date.now() >= Date.parse(checkIn) },
    { label: 'Inicio del torneo', at: t.startedAt ?? t.startsAt, done: t.startedAt !== null },
  ];
  const rounds = t.plannedRounds ?? 0;
  for (let i = 0; i < rounds; i++) {
    const at = t.roundsPairedAt[i] ?? null;
    list.push({ label: `Ronda ${i + 1}`, at, done: at !== null });
  }
  if (t.topCut > 0) {
    const at = t.roundsPairedAt[rounds] ?? null;
    list.push({ label: `Top ${t.topCut}`, at, done: at !== null });
  }
  list.push({ label: 'Final', at: t.finishedAt, done: t.finishedAt !== null });
  return list;
}
