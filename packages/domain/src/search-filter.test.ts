import { describe, expect, it } from 'vitest';
import { dayRange, matchesSearch, teamFilterParam } from './search-filter';
import type { TMatch } from './matches';

const player = (user_id: number) => ({
  user_id,
  username: `u${user_id}`,
  approval_status: 'approved' as const,
  approved: true,
  status_updated_at: null,
  reminders: 0,
  reminded_at: null,
});
const match: Pick<TMatch, 'match_date' | 'team1' | 'team2'> = {
  match_date: new Date(2026, 10, 20, 18, 30).toISOString(),
  team1: {
    team_number: 1,
    score: 2,
    players: [player(1)],
    decks: [{ deck_id: 10, deck_name: 'A', deck_raza: 'Dragon', user_id: 1 }],
  },
  team2: {
    team_number: 2,
    score: 1,
    players: [player(2)],
    decks: [{ deck_id: 20, deck_name: 'B', deck_raza: 'Heroe', user_id: 2 }],
  },
};

describe('matchesSearch', () => {
  it('covers the whole chosen day', () => {
    expect(matchesSearch(match, dayRange(new Date(2026, 10, 20)))).toBe(true);
    expect(matchesSearch(match, dayRange(new Date(2026, 10, 21)))).toBe(false);
  });
  it('needs every chosen player in either team', () => {
    expect(matchesSearch(match, { team1: [{ userId: 2, deckId: null }] })).toBe(true);
    expect(
      matchesSearch(match, { team1: [{ userId: 1, deckId: null }], team2: [{ userId: 3, deckId: null }] }),
    ).toBe(false);
  });
  it("needs a chosen deck among that player's team decks; any deck ignores it", () => {
    expect(matchesSearch(match, { team1: [{ userId: 1, deckId: 10 }] })).toBe(true);
    expect(matchesSearch(match, { team1: [{ userId: 1, deckId: 20 }] })).toBe(false);
    expect(matchesSearch(match, { team2: [{ userId: 2, deckId: null }] })).toBe(true);
  });
  it('serialises chosen players for the API', () => {
    expect(
      teamFilterParam([
        { userId: 1, deckId: 10 },
        { userId: 2, deckId: null },
      ]),
    ).toBe('1:10,2');
    expect(teamFilterParam([])).toBeUndefined();
  });
});
