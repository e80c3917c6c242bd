import { LIMITS } from '@mitos/domain/constants';
import { parseUserSearch } from '@mitos/domain/users';
import { dayjs, isIsoDay } from '../../lib/dates';
import type { SampleUser } from './data/sample-users';
import type { Announcement, Participant, Tournament, TournamentType } from './tournament';

export const TOURNAMENT_MSG = {
  nameRequired: 'El nombre del torneo es requerido',
  startDateRequired: 'La fecha de inicio es requerida',
  duplicateParticipant: 'Este usuario ya está en el torneo',
  createError: 'Error al crear el torneo...',
  notFoundOrError: 'Torneo no encontrado o error al cargar',
  notFound: 'No se pudo encontrar el torneo',
  saveError: 'Error al guardar los cambios.',
} as const;

export interface TournamentFormValues {
  name: string;
  type: TournamentType;
  /** YYYY-MM-DD, as a date input gives it; '' when empty. */
  startDate: string;
  rules: string;
}

export const EMPTY_TOURNAMENT_FORM: TournamentFormValues = {
  name: '',
  type: 'single_elimination',
  startDate: '',
  rules: '',
};

export type TournamentFormErrors = Partial<Record<'name' | 'startDate', string>>;

/** SPEC §5: name and start date required, rules optional. */
export function validateTournamentForm(values: TournamentFormValues): TournamentFormErrors {
  const errors: TournamentFormErrors = {};
  if (values.name.trim() === '') errors.name = TOURNAMENT_MSG.nameRequired;
  if (!isIsoDay(values.startDate)) errors.startDate = TOURNAMENT_MSG.startDateRequired;
  return errors;
}

function nextId(items: { id: number }[]): number {
  return items.reduce((max, item) => Math.max(max, item.id), 0) + 1;
}

/** A new tournament opens for sign-up with nobody in it yet. */
export function createTournament(existing: Tournament[], values: TournamentFormValues): Tournament {
  return {
    id: nextId(existing),
    name: values.name.trim(),
    type: values.type,
    startDate: values.startDate,
    endDate: null,
    status: 'open',
    rules: values.rules.trim(),
    location: '',
    participants: [],
    announcements: [],
    matches: [],
    winner: null,
  };
}

/** SPEC §5 player search over the sample users: by id when numeric, by part of the username otherwise. */
export function searchSampleUsers(users: SampleUser[], query: string): SampleUser[] {
  const search = parseUserSearch(query);
  if (search.kind === 'none') return [];
  const found =
    search.kind === 'id'
      ? users.filter((u) => u.id === search.id)
      : users.filter((u) => u.username.toLocaleLowerCase('es').includes(search.text.toLocaleLowerCase('es')));
  return found.slice(0, LIMITS.searchResultsMax);
}

export type AddParticipantResult = { ok: true; participants: Participant[] } | { ok: false; error: string };

/** The same user twice is refused, whether matched by id or by name. */
export function addParticipant(current: Participant[], user: SampleUser): AddParticipantResult {
  const name = user.username.toLocaleLowerCase('es');
  if (current.some((p) => p.id === user.id || p.name.toLocaleLowerCase('es') === name)) {
    return { ok: false, error: TOURNAMENT_MSG.duplicateParticipant };
  }
  return {
    ok: true,
    participants: [...current, { id: user.id, name: user.username, mainDeck: user.mainDeck }],
  };
}

export function removeParticipant(current: Participant[], id: number): Participant[] {
  return current.filter((p) => p.id !== id);
}

/** Newest first. Blank text does nothing: the same list comes back. */
export function publishAnnouncement(current: Announcement[], text: string, now: Date): Announcement[] {
  const message = text.trim();
  if (message === '') return current;
  return [{ id: nextId(current), message, date: now.toISOString() }, ...current];
}

export function sortAnnouncements(list: Announcement[]): Announcement[] {
  return [...list].sort((a, b) => b.date.localeCompare(a.date));
}

export interface Milestone {
  title: string;
  /** YYYY-MM-DD */
  date: string;
}

/** SPEC §2: the calendar is a static list of five milestones around the start date. */
export function calendarMilestones(startDate: string): Milestone[] {
  if (!isIsoDay(startDate)) return [];
  const start = dayjs(startDate);
  const at = (days: number) => start.add(days, 'day').format('YYYY-MM-DD');
  return [
    { title: 'Apertura de inscripciones', date: at(-21) },
    { title: 'Cierre de inscripciones', date: at(-1) },
    { title: 'Inicio del torneo', date: at(0) },
    { title: 'Fase final', date: at(7) },
    { title: 'Final y premiación', date: at(14) },
  ];
}
