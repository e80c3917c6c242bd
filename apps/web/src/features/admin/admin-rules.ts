import type { UserRole } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';
import { isIsoDay } from '../../lib/dates';

/**
 * The admin forms' own checks (SPEC §5), run before anything is sent; the server checks the same
 * and owns every other rule (who may, taken codes, league states, season dates).
 */
export const ADMIN_MSG = {
  fillAllFields: MSG.fillAllFields,
  playersMustDiffer: MSG.playersMustDiffer,
  roundInvalid: MSG.roundInvalid,
  winnerInvalid: MSG.winnerInvalid,
  playerAdded: 'Jugador agregado exitosamente',
  playerUpdated: 'Jugador actualizado exitosamente',
  resultAdded: 'Resultado agregado exitosamente',
  seasonOpened: 'Temporada creada exitosamente',
  seasonClosed: 'Temporada cerrada exitosamente',
  saveError: 'Error al guardar los cambios.',
  loadError: MSG.loadError,
} as const;

const blank = (value: string) => value.trim() === '';

export interface PlayerFormValues {
  name: string;
  torCode: string;
}

/** SPEC §5: name and TOR code are both required. */
export function validatePlayer(values: PlayerFormValues): string | null {
  return blank(values.name) || blank(values.torCode) ? ADMIN_MSG.fillAllFields : null;
}

export interface ResultFormValues {
  storeId: number | null;
  /** '' or a league of the store. */
  leagueId: number | null;
  /** As typed; must be a whole number from 1. */
  round: string;
  player1: { id: number; username: string } | null;
  player2: { id: number; username: string } | null;
  winnerId: number | null;
  /** YYYY-MM-DD, '' until a whole day is typed. */
  date: string;
}

export const EMPTY_RESULT_FORM: ResultFormValues = {
  storeId: null,
  leagueId: null,
  round: '',
  player1: null,
  player2: null,
  winnerId: null,
  date: '',
};

/** SPEC §5: everything required, two different players, round from 1, the winner one of the two. */
export function validateResult(values: ResultFormValues): string | null {
  const { storeId, round, player1, player2, winnerId, date } = values;
  if (storeId === null || blank(round) || !player1 || !player2 || winnerId === null || !isIsoDay(date))
    return ADMIN_MSG.fillAllFields;
  if (player1.id === player2.id) return ADMIN_MSG.playersMustDiffer;
  if (!/^\d+$/.test(round.trim()) || Number(round) < 1) return ADMIN_MSG.roundInvalid;
  if (winnerId !== player1.id && winnerId !== player2.id) return ADMIN_MSG.winnerInvalid;
  return null;
}

export interface LeagueFormValues {
  name: string;
  storeId: number | null;
  startDate: string;
}

export const EMPTY_LEAGUE_FORM: LeagueFormValues = { name: '', storeId: null, startDate: '' };

/** SPEC §5: name, store and start date are all required. */
export function validateLeague(values: LeagueFormValues): string | null {
  return blank(values.name) || values.storeId === null || !isIsoDay(values.startDate)
    ? ADMIN_MSG.fillAllFields
    : null;
}

export interface SeasonFormValues {
  name: string;
  startsOn: string;
  endsOn: string;
}

/** Name and both dates are required; whether the dates fit among the other seasons is the server's. */
export function validateSeason(values: SeasonFormValues): string | null {
  return blank(values.name) || !isIsoDay(values.startsOn) || !isIsoDay(values.endsOn)
    ? ADMIN_MSG.fillAllFields
    : null;
}

/** The roles as Jugadores names them. */
export const ROLE_LABELS: Readonly<Record<UserRole, string>> = {
  player: 'Jugador',
  judge: 'Juez',
  tournament_admin: 'Organizador de torneos',
  admin: 'Administrador',
};
