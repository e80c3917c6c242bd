import { z } from 'zod';
import { isIsoDay } from '../../lib/dates';

export const ADMIN_MSG = {
  fillAllFields: 'Por favor completa todos los campos',
  playersMustDiffer: 'Los jugadores deben ser diferentes',
  roundMin: 'La ronda debe ser un número mayor o igual a 1',
  winnerMustPlay: 'El ganador debe ser uno de los jugadores',
  playerAdded: 'Jugador agregado exitosamente',
  resultAdded: 'Resultado agregado exitosamente',
  saveError: 'Error al guardar los cambios.',
} as const;

export const ZAdminPlayer = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  torCode: z.string().min(1),
  /** ISO datetime */
  createdAt: z.string(),
});
export type AdminPlayer = z.infer<typeof ZAdminPlayer>;
export const ZAdminPlayerList = z.array(ZAdminPlayer);

export const ZAdminResult = z.object({
  id: z.number().int(),
  store: z.string().min(1),
  round: z.number().int().min(1),
  player1: z.string().min(1),
  player2: z.string().min(1),
  winner: z.string().min(1),
  /** YYYY-MM-DD */
  date: z.string(),
});
export type AdminResult = z.infer<typeof ZAdminResult>;
export const ZAdminResultList = z.array(ZAdminResult);

export interface PlayerFormValues {
  name: string;
  torCode: string;
}

/** SPEC §5: name and TOR code are both required. */
export function validatePlayer(values: PlayerFormValues): string | null {
  return values.name.trim() === '' || values.torCode.trim() === '' ? ADMIN_MSG.fillAllFields : null;
}

function nextId(items: { id: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
}

/** TOR codes read in capitals, as TOR001. */
export function createPlayer(existing: AdminPlayer[], values: PlayerFormValues, now: Date): AdminPlayer {
  return {
    id: nextId(existing),
    name: values.name.trim(),
    torCode: values.torCode.trim().toUpperCase(),
    createdAt: now.toISOString(),
  };
}

export interface ResultFormValues {
  store: string;
  /** As typed; must be a whole number from 1. */
  round: string;
  player1: string;
  player2: string;
  winner: string;
  /** YYYY-MM-DD */
  date: string;
}

export const EMPTY_RESULT_FORM: ResultFormValues = {
  store: '',
  round: '',
  player1: '',
  player2: '',
  winner: '',
  date: '',
};

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

/** SPEC §5: everything required, two different players, round from 1, the winner one of the two. */
export function validateResult(values: ResultFormValues): string | null {
  const { store, round, player1, player2, winner, date } = values;
  if ([store, round, player1, player2, winner].some((v) => v.trim() === '') || !isIsoDay(date)) {
    return ADMIN_MSG.fillAllFields;
  }
  if (same(player1, player2)) return ADMIN_MSG.playersMustDiffer;
  if (!/^\d+$/.test(round.trim()) || Number(round) < 1) return ADMIN_MSG.roundMin;
  if (!same(winner, player1) && !same(winner, player2)) return ADMIN_MSG.winnerMustPlay;
  return null;
}

/** The players the Ganador select offers: the two names typed, without blanks or repeats. */
export function resultContenders(values: ResultFormValues): string[] {
  return [...new Set([values.player1.trim(), values.player2.trim()].filter(Boolean))];
}

/** A winner picked before the players changed is no longer on offer, so it no longer counts. */
export function withOfferedWinner(values: ResultFormValues): ResultFormValues {
  return resultContenders(values).includes(values.winner) ? values : { ...values, winner: '' };
}

/** Call only after validateResult passed; the winner is stored spelled as the player it names. */
export function createResult(existing: AdminResult[], values: ResultFormValues): AdminResult {
  const player1 = values.player1.trim();
  const player2 = values.player2.trim();
  return {
    id: nextId(existing),
    store: values.store,
    round: Number(values.round),
    player1,
    player2,
    winner: same(values.winner, player1) ? player1 : player2,
    date: values.date,
  };
}
