import { LIMITS } from '@mitos/domain/constants';
import type { ChosenPlayer } from '@mitos/domain/search-filter';
import { EMPTY_SEARCH, type HomeSearch } from './api/home';

/**
 * The home search in the address (issue 18): a reload or a shared link restores it. `fecha` is
 * the local day (YYYY-MM-DD), `equipo1` / `equipo2` the chosen players as user or user:deck,
 * `buscar=1` the open panel. A value that does not parse is ignored, never an error.
 */
export const SEARCH_PARAMS = { day: 'fecha', team1: 'equipo1', team2: 'equipo2', open: 'buscar' } as const;

const MAX_ID = 2_147_483_647;
const MAX_PER_TEAM = 2;
const TEAM_PATTERN = /^\d{1,10}(:\d{1,10})?(,\d{1,10}(:\d{1,10})?)*$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Date's local day as YYYY-MM-DD. */
export function dayParam(day: Date): string {
  return `${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** The local day an address names, or null when it is not a real, past or present day. */
export function parseDay(value: string | null, today: Date = new Date()): Date | null {
  const found = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!found) return null;
  const [year, month, date] = [Number(found[1]), Number(found[2]), Number(found[3])];
  const day = new Date(year, month - 1, date);
  // 2026-02-31 rolls over to March: not a day.
  if (day.getFullYear() !== year || day.getMonth() !== month - 1 || day.getDate() !== date) return null;
  if (value! < LIMITS.minDate) return null;
  if (day.getTime() > new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime()) return null;
  return day;
}

/** A team's players from `12:5,13`; null when the value does not parse or names too many. */
export function parseTeam(value: string | null): ChosenPlayer[] | null {
  if (value === null || value.length > 100 || !TEAM_PATTERN.test(value)) return null;
  const players = value.split(',').map((part) => {
    const [user, deck] = part.split(':');
    return { userId: Number(user), deckId: deck === undefined ? null : Number(deck) };
  });
  const valid = (id: number) => id >= 1 && id <= MAX_ID;
  if (players.length > MAX_PER_TEAM) return null;
  if (!players.every((p) => valid(p.userId) && (p.deckId === null || valid(p.deckId)))) return null;
  if (new Set(players.map((p) => p.userId)).size !== players.length) return null;
  return players;
}

/** The search an address holds; whatever part is invalid is left out. */
export function searchFromParams(params: URLSearchParams, today?: Date): HomeSearch {
  const team1 = parseTeam(params.get(SEARCH_PARAMS.team1)) ?? [];
  const team2 = parseTeam(params.get(SEARCH_PARAMS.team2)) ?? [];
  // A player is in one team only: a second team naming them again is ignored.
  const inTeam1 = new Set(team1.map((p) => p.userId));
  return {
    ...EMPTY_SEARCH,
    day: parseDay(params.get(SEARCH_PARAMS.day), today),
    team1,
    team2: team2.some((p) => inTeam1.has(p.userId)) ? [] : team2,
  };
}

const teamParam = (players: readonly ChosenPlayer[]) =>
  players.map((p) => (p.deckId === null ? `${p.userId}` : `${p.userId}:${p.deckId}`)).join(',');

/** The address's query for a search, with the panel open or not. */
export function paramsFromSearch(search: HomeSearch, open: boolean): URLSearchParams {
  const params = new URLSearchParams();
  if (search.day) params.set(SEARCH_PARAMS.day, dayParam(search.day));
  if (search.team1.length > 0) params.set(SEARCH_PARAMS.team1, teamParam(search.team1));
  if (search.team2.length > 0) params.set(SEARCH_PARAMS.team2, teamParam(search.team2));
  if (open) params.set(SEARCH_PARAMS.open, '1');
  return params;
}
