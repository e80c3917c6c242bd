import { ZMatch, type TMatch } from '@mitos/domain/matches';

/** SPEC §2: /new-match may be opened with a rejected match to record again. */
export interface NewMatchNavigationState {
  prefillMatch: TMatch;
  fromRejectedMatch: true;
  originalMatchId: number;
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
