import { z } from 'zod';
import { isIsoDay } from '../../lib/dates';
import type { ChipProps } from '@mui/material';
import { ADMIN_MSG } from './admin-rules';

export const LEAGUE_STATUSES = ['upcoming', 'active', 'finished'] as const;
export type LeagueStatus = (typeof LEAGUE_STATUSES)[number];

export const ZLeague = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  /** The store's name. */
  store: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  status: z.enum(LEAGUE_STATUSES),
  participants: z.number().int().min(0),
});
export type League = z.infer<typeof ZLeague>;
export const ZLeagueList = z.array(ZLeague);

export const LEAGUE_MSG = {
  created: 'Liga creada exitosamente',
  updated: 'Liga actualizada exitosamente',
  deleted: 'Liga eliminada exitosamente',
} as const;

/** SPEC §4: Próximamente, Activa (success colour), Finalizada. */
export const LEAGUE_STATUS_LABELS: Record<LeagueStatus, string> = {
  upcoming: 'Próximamente',
  active: 'Activa',
  finished: 'Finalizada',
};

export const LEAGUE_STATUS_COLORS: Record<LeagueStatus, NonNullable<ChipProps['color']>> = {
  upcoming: 'info',
  active: 'success',
  finished: 'default',
};

export interface LeagueFormValues {
  name: string;
  store: string;
  startDate: string;
}

export const EMPTY_LEAGUE_FORM: LeagueFormValues = { name: '', store: '', startDate: '' };

/** SPEC §5: name, store and start date are all required. */
export function validateLeague(values: LeagueFormValues): string | null {
  return values.name.trim() === '' || values.store.trim() === '' || !isIsoDay(values.startDate)
    ? ADMIN_MSG.fillAllFields
    : null;
}

/**
 * SPEC §9: a new league's id is the current count plus one. After a delete that id can still be
 * taken; counting on from there keeps edits and deletes from hitting two leagues at once.
 */
export function nextLeagueId(leagues: League[]): number {
  const taken = new Set(leagues.map((l) => l.id));
  let id = leagues.length + 1;
  while (taken.has(id)) id++;
  return id;
}

/** SPEC §4: a new league is upcoming with nobody in it; nothing moves it on afterwards. */
export function createLeague(leagues: League[], values: LeagueFormValues): League[] {
  const league: League = {
    id: nextLeagueId(leagues),
    name: values.name.trim(),
    store: values.store,
    startDate: values.startDate,
    status: 'upcoming',
    participants: 0,
  };
  return [...leagues, league];
}

/** Editing changes name, store and date; status and participants stay. */
export function updateLeague(leagues: League[], id: number, values: LeagueFormValues): League[] {
  return leagues.map((l) =>
    l.id === id ? { ...l, name: values.name.trim(), store: values.store, startDate: values.startDate } : l,
  );
}

export function deleteLeague(leagues: League[], id: number): League[] {
  return leagues.filter((l) => l.id !== id);
}

export function leagueFormValues(league: League): LeagueFormValues {
  return { name: league.name, store: league.store, startDate: league.startDate };
}
