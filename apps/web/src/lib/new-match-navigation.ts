import { ZMatch, type TMatch, type TTeam } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';

/** SPEC §2: /new-match may be opened with a rejected match to record again. */
export interface NewMatchNavigationState {
  prefillMatch: TMatch;
  fromRejectedMatch: true;
  originalMatchId: number;
}

/** SPEC §5: recording a rejected match again needs both teams' players, else Datos de equipos incompletos. */
export function recreationError(match: { team1: TTeam; team2: TTeam }): string | null {
  return match.team1.players.length === 0 || match.team2.players.length === 0 ? MSG.incompleteTeams : null;
}

export function newMatchStateFrom(match: TMatch): NewMatchNavigationState {
  return { prefillMatch: match, fromRejectedMatch: true, originalMatchId: match.id };
}

/** The match to prefill from, when the navigation state carries a well-formed one. */
export function prefillMatchOf(state: unknown): TMatch | null {
  if (!state || typeof state !== 'object' || !('prefillMatch' in state)) return null;
  const parsed = ZMatch.safeParse((state as { prefillMatch: unknown }).prefillMatch);
  return parsed.success ? parsed.data : null;
}
