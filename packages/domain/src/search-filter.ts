import type { TMatch } from './matches';

export interface ChosenPlayer {
  userId: number;
  /** null means Cualquier Mazo: the deck filter is ignored. */
  deckId: number | null;
}

export interface MatchSearchFilter {
  /** Start and end of the chosen day, as instants. */
  from?: Date;
  to?: Date;
  team1?: ChosenPlayer[];
  team2?: ChosenPlayer[];
}

/** The instants that cover the whole local day of a chosen date. */
export function dayRange(day: Date): { from: Date; to: Date } {
  const from = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, 0, 0, 0);
  const to = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 59, 59, 999);
  return { from, to };
}

/**
 * SPEC §5 search: the date covers the whole day; every chosen player appears in the match
 * (either team); a chosen deck must be among the decks of the team that player played in.
 */
export function matchesSearch(
  match: Pick<TMatch, 'match_date' | 'team1' | 'team2'>,
  filter: MatchSearchFilter,
): boolean {
  const at = Date.parse(match.match_date);
  if (filter.from && at < filter.from.getTime()) return false;
  if (filter.to && at > filter.to.getTime()) return false;
  const chosen = [...(filter.team1 ?? []), ...(filter.team2 ?? [])];
  return chosen.every(({ userId, deckId }) => {
    const team = [match.team1, match.team2].find((t) => t.players.some((p) => p.user_id === userId));
    if (!team) return false;
    return deckId === null || team.decks.some((d) => d.deck_id === deckId);
  });
}

/** Serialises chosen players for the API's `team1` / `team2` query parameters. */
export function teamFilterParam(players: readonly ChosenPlayer[]): string | undefined {
  if (players.length === 0) return undefined;
  return players.map((p) => (p.deckId === null ? `${p.userId}` : `${p.userId}:${p.deckId}`)).join(',');
}
