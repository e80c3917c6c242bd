import type { MatchMode, Tier, UserRole } from './constants';
import * as MSG from './message-texts';

/**
 * The community's rules (docs/decisions/014): who may record which tier, who runs a store, and a
 * league's status. The points and ranks they count with are in community-points.
 */

/** Who is asking, with the stores they organise. */
export interface CommunityActor {
  id: number;
  role: UserRole;
  organises: readonly number[];
}

export const isAdmin = (actor: { role: UserRole }): boolean => actor.role === 'admin';

/** Admins run every store; an organiser runs theirs. */
export function runsStore(actor: CommunityActor, storeId: number): boolean {
  return isAdmin(actor) || actor.organises.includes(storeId);
}

/** /admin is for admins and store organisers (docs/decisions/014). */
export function seesAdmin(actor: CommunityActor): boolean {
  return isAdmin(actor) || actor.organises.length > 0;
}

/** A referee confirms an Amistoso c/ Arbitro: an admin, a judge, or the store's organiser. */
export function isReferee(actor: CommunityActor, storeId: number | null): boolean {
  if (isAdmin(actor) || actor.role === 'judge') return true;
  return storeId !== null && actor.organises.includes(storeId);
}

/**
 * Who may record a match they do not play in, besides admins and tournament admins
 * (creationRefusal): an organiser of the store it was played at, or a referee (a judge, the
 * store's organiser) recording the Amistoso c/ Arbitro they refereed.
 */
export function officiates(actor: CommunityActor, tier: Tier, storeId: number | null): boolean {
  if (storeId !== null && runsStore(actor, storeId)) return true;
  return tier === 'Amistoso c/ Arbitro' && isReferee(actor, storeId);
}

export interface TierRequest {
  tier: Tier;
  mode: MatchMode;
  storeId: number | null;
  /** The league the match belongs to, with its store. */
  league: { id: number; storeId: number } | null;
}

/**
 * Who may record which tier. Amistoso: any two players. Amistoso c/ Arbitro: recorded by a
 * referee. Arena: a match of a store's league, recorded by its organiser (or an admin). Torneo:
 * only from a tournament, never through the match form. 2v2 only as Amistoso.
 */
export function tierRefusal(
  actor: CommunityActor,
  request: TierRequest,
): { status: 400 | 403; message: string } | null {
  if (request.mode === '2v2' && request.tier !== 'Amistoso')
    return { status: 400, message: MSG.twoVsTwoOnlyFriendly };
  if (request.league && request.storeId !== null && request.league.storeId !== request.storeId)
    return { status: 400, message: MSG.leagueOfAnotherStore };
  switch (request.tier) {
    case 'Amistoso':
      return null;
    case 'Amistoso c/ Arbitro':
      return isReferee(actor, request.storeId ?? request.league?.storeId ?? null)
        ? null
        : { status: 403, message: MSG.refereeRequired };
    case 'Arena':
      if (!request.league) return { status: 400, message: MSG.arenaNeedsLeague };
      return runsStore(actor, request.league.storeId)
        ? null
        : { status: 403, message: MSG.arenaOrganiserOnly };
    case 'Torneo':
      return { status: 403, message: MSG.tournamentOnly };
  }
}

export type LeagueStatus = 'upcoming' | 'active' | 'finished';

/** SPEC labels: Próximamente, Activa, Finalizada. */
export const LEAGUE_STATUS_LABELS: Readonly<Record<LeagueStatus, string>> = {
  upcoming: 'Próximamente',
  active: 'Activa',
  finished: 'Finalizada',
};

/**
 * A league is Finalizada once its organiser ends it, Activa from its start date, Próximamente
 * before. Dates are calendar days (YYYY-MM-DD) in Buenos Aires.
 */
export function leagueStatus(league: { startsOn: string; finished: boolean }, today: string): LeagueStatus {
  if (league.finished) return 'finished';
  return league.startsOn <= today ? 'active' : 'upcoming';
}

/** How long a deleted league can be restored (the Deshacer action of its success alert). */
export const LEAGUE_UNDO_MS = 30_000;

/** Whether a league deleted at `deletedAt` can still be restored at `now`. */
export function leagueUndoOpen(deletedAt: Date, now: Date): boolean {
  return now.getTime() - deletedAt.getTime() <= LEAGUE_UNDO_MS;
}

/** The community's calendar day: Buenos Aires (UTC−3, no daylight saving). */
export function communityDay(at: Date): string {
  return new Date(at.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

/**
 * The community's day written out, as es-AR writes it: "7 de diciembre", or with its year
 * "23 de noviembre de 2026". Put together from communityDay rather than by Intl.DateTimeFormat:
 * in the server, whose texts (a reminder's deadline, a shared match's date) are the only dates it
 * writes, the first DateTimeFormat made Node read some 5 MB more of its ICU data, resident for
 * the process's life (docs/decisions/054).
 */
export function communityLongDay(at: Date, withYear: boolean): string {
  const [year, month, day] = communityDay(at).split('-').map(Number) as [number, number, number];
  return `${day} de ${MONTHS[month - 1]}${withYear ? ` de ${year}` : ''}`;
}

/** TOR codes: letters, digits and dashes, 3 to 12, kept upper case. */
export const TOR_CODE_PATTERN = /^[A-Z0-9-]{3,12}$/;

export function normaliseTorCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * Jugadores: admins edit anyone; a store organiser adds players who have no account yet and
 * edits their name and TOR code; nobody but an admin changes a role.
 */
export function playerEditRefusal(
  actor: CommunityActor,
  target: { placeholder: boolean } | null,
  change: { role?: UserRole | undefined },
): { status: 403; message: string } | null {
  if (isAdmin(actor)) return null;
  if (!seesAdmin(actor)) return { status: 403, message: MSG.organiserOnly };
  if (change.role !== undefined) return { status: 403, message: MSG.adminOnly };
  if (target && !target.placeholder) return { status: 403, message: MSG.adminOnly };
  return null;
}

/** The username a placeholder gets from the name an organiser typed: spaces become underscores. */
export function usernameFromName(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}
