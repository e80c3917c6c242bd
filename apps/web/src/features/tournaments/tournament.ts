import { z } from 'zod';

/** Tournaments run on local sample data (SPEC §1, §3): these schemas guard what localStorage gives back. */

export const TOURNAMENT_TYPES = ['single_elimination', 'double_elimination', 'round_robin'] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];

/** `finished` only appears in the sample data; it is not `completed` (SPEC §3). */
export const TOURNAMENT_STATUSES = ['open', 'in_progress', 'completed', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export const BRACKET_SIDES = ['winners', 'losers', 'grand_final'] as const;
export type BracketSide = (typeof BRACKET_SIDES)[number];

export const ZParticipant = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  avatar: z.string().optional(),
  mainDeck: z.string(),
});
export type Participant = z.infer<typeof ZParticipant>;

export const ZAnnouncement = z.object({
  id: z.number().int(),
  message: z.string(),
  date: z.string(),
});
export type Announcement = z.infer<typeof ZAnnouncement>;

/** Players are named by participant name; null while not known yet. */
export const ZTournamentMatch = z.object({
  id: z.number().int(),
  round: z.number().int().min(1),
  bracket: z.enum(BRACKET_SIDES).optional(),
  player1: z.string().nullable(),
  player2: z.string().nullable(),
  winner: z.string().nullable(),
});
export type TournamentMatch = z.infer<typeof ZTournamentMatch>;

export const ZTournament = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  type: z.enum(TOURNAMENT_TYPES),
  /** YYYY-MM-DD */
  startDate: z.string(),
  endDate: z.string().nullable(),
  status: z.enum(TOURNAMENT_STATUSES),
  rules: z.string(),
  location: z.string(),
  participants: z.array(ZParticipant),
  announcements: z.array(ZAnnouncement),
  matches: z.array(ZTournamentMatch),
  winner: z.string().nullable(),
});
export type Tournament = z.infer<typeof ZTournament>;
export const ZTournamentList = z.array(ZTournament);

export const TOURNAMENT_TYPE_LABELS: Record<TournamentType, string> = {
  single_elimination: 'Eliminación Simple',
  double_elimination: 'Eliminación Doble',
  round_robin: 'Round Robin',
};

export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';

export function tournamentStatusLabel(status: TournamentStatus): string {
  switch (status) {
    case 'open':
      return 'Abierto';
    case 'in_progress':
      return 'En Progreso';
    // The sample's `finished` reads the same as `completed`, but is still listed as active.
    case 'completed':
    case 'finished':
      return 'Finalizado';
  }
}

export function tournamentStatusColor(status: TournamentStatus): ChipColor {
  switch (status) {
    case 'open':
      return 'success';
    case 'in_progress':
      return 'warning';
    case 'completed':
    case 'finished':
      return 'default';
  }
}

/**
 * The sign-up button (which does nothing, SPEC §2) is hidden once a tournament reads Finalizado
 * (`completed`, or the sample's `finished`): there is nothing left to sign up for (issue 14 item 11).
 */
export function showsSignUp(tournament: Pick<Tournament, 'status'>): boolean {
  return tournament.status !== 'completed' && tournament.status !== 'finished';
}

/** Only `completed` goes to Torneos Finalizados; everything else, `finished` included, is active. */
export function isCompleted(tournament: Pick<Tournament, 'status'>): boolean {
  return tournament.status === 'completed';
}

export function splitTournaments<T extends Pick<Tournament, 'status'>>(
  list: T[],
): { active: T[]; completed: T[] } {
  return {
    active: list.filter((t) => !isCompleted(t)),
    completed: list.filter(isCompleted),
  };
}
