import type { TMatch } from '@mitos/domain/matches';
import type { TDeck } from '@mitos/domain/decks';

export function deckFixture(id: number, name: string, raza: string, isDefault = false): TDeck {
  return {
    id,
    user_id: 7,
    name,
    raza,
    description: null,
    is_default: isDefault,
    created_at: '2025-01-01T00:00:00Z',
  };
}

/** An approved 1v1: lucia (7) beat mateo (8) 2 to 1. */
export function matchFixture(overrides: Partial<TMatch> = {}): TMatch {
  const player = (user_id: number, username: string) => ({
    user_id,
    username,
    approval_status: 'approved' as const,
    approved: true,
    status_updated_at: '2025-05-02T18:00:00Z',
    reminders: 0,
    reminded_at: null,
  });
  return {
    id: 41,
    match_date: '2025-05-02T17:30:00Z',
    match_mode: '1v1',
    tier: 'Amistoso',
    approval_status: 'approved',
    status: null,
    winning_team: 'team1',
    created_at: '2025-05-02T17:45:00Z',
    created_by: 7,
    created_by_username: 'lucia',
    last_updated_by: 8,
    approval_updated_at: '2025-05-02T18:00:00Z',
    total_matches: 3,
    store: null,
    league: null,
    round: null,
    deadline: null,
    escalated_at: null,
    highlights: [],
    team1: {
      team_number: 1,
      score: 2,
      players: [player(7, 'lucia')],
      decks: [{ deck_id: 2, deck_name: 'Muralla', deck_raza: 'Defensor', user_id: 7 }],
    },
    team2: {
      team_number: 2,
      score: 1,
      players: [player(8, 'mateo')],
      decks: [{ deck_id: 9, deck_name: 'Llamas', deck_raza: 'Dragon', user_id: 8 }],
    },
    events: [],
    ...overrides,
  };
}
