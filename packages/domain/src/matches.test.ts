import { describe, expect, it } from 'vitest';
import {
  ZApprovedSearchQuery,
  ZCreateMatchCamel,
  ZCreateMatchRequest,
  ZCreateMatchSnake,
  ZInboxListQuery,
  ZMatchListQuery,
  createMatchBodyForm,
} from './matches';

describe('ZCreateMatchRequest', () => {
  it('reduces the snake_case body of SPEC §7 to one form, with its defaults', () => {
    const parsed = ZCreateMatchRequest.parse({
      team1_players: [1],
      team2_players: [2],
      team1_decks: [10],
      team2_decks: [20],
      team1_score: 2,
      highlights: ['Combo', { type: 'Paliza', description: 'Paliza' }],
    });
    expect(parsed).toEqual({
      matchDate: null,
      mode: '1v1',
      tier: 'Amistoso',
      teams: [
        { players: [1], decks: [10], score: 2 },
        { players: [2], decks: [20], score: 0 },
      ],
      winningTeam: undefined,
      highlights: ['Combo', 'Paliza'],
      totalMatches: null,
      storeId: null,
      leagueId: null,
    });
  });

  it('reduces the camelCase body of SPEC §3 to the same form, deck entries to their ids', () => {
    const parsed = ZCreateMatchRequest.parse({
      matchMode: '1v1',
      tier: 'Amistoso',
      team1Players: [1],
      team2Players: [2],
      team1Decks: [{ id: 10, name: 'Furia', raza: 'Dragon', userId: 1 }],
      team2Decks: [{ id: 20, name: 'Muro', raza: 'Defensor', userId: 2 }],
      team1Score: 1,
      team2Score: 2,
      winningTeam: 'team2',
      highlights: [{ type: 'Remontada', description: 'Remontada' }],
      totalMatches: 3,
      matchDate: '2025-01-01T10:00:00Z',
    });
    expect(parsed).toEqual({
      matchDate: '2025-01-01T10:00:00Z',
      mode: '1v1',
      tier: 'Amistoso',
      teams: [
        { players: [1], decks: [10], score: 1 },
        { players: [2], decks: [20], score: 2 },
      ],
      winningTeam: 'team2',
      highlights: ['Remontada'],
      totalMatches: 3,
      storeId: null,
      leagueId: null,
    });
  });

  it('reads an optional store and league in either form; null or absent is none', () => {
    const snake = { team1_players: [1], team2_players: [2] };
    const camel = { team1Players: [1], team2Players: [2] };
    const where = (body: object) => {
      const { storeId, leagueId } = ZCreateMatchRequest.parse(body);
      return { storeId, leagueId };
    };
    expect(where({ ...snake, store_id: 3, league_id: 4 })).toEqual({ storeId: 3, leagueId: 4 });
    expect(where({ ...camel, storeId: 3, leagueId: 4 })).toEqual({ storeId: 3, leagueId: 4 });
    expect(where({ ...snake, store_id: null })).toEqual({ storeId: null, leagueId: null });
    expect(where({ ...camel, leagueId: null })).toEqual({ storeId: null, leagueId: null });
    expect(createMatchBodyForm({ storeId: 3 })).toBe(ZCreateMatchCamel);
    for (const bad of [
      { ...snake, store_id: 0 },
      { ...camel, leagueId: -1 },
      { ...camel, leagueId: 1.5 },
      { ...snake, storeId: 3 },
      { ...camel, store_id: 3 },
    ]) {
      expect(ZCreateMatchRequest.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('names an unknown highlight, whichever form it came in', () => {
    const base = { team1_players: [1], team2_players: [2] };
    for (const highlight of ['Suerte', { type: 'Suerte' }, 5, { type: 5 }, 'x'.repeat(50)]) {
      const body = { ...base, highlights: [highlight] };
      const issues = createMatchBodyForm(body).safeParse(body).error?.issues ?? [];
      expect(
        issues.map((i) => i.message),
        JSON.stringify(highlight),
      ).toEqual(['El highlight no es válido']);
    }
  });

  it('refuses unknown modes, tiers, highlights, negative or fractional scores and unknown keys', () => {
    const base = { team1_players: [1], team2_players: [2] };
    for (const bad of [
      { ...base, match_mode: '3v3' },
      { ...base, tier: 'Liga' },
      { ...base, highlights: ['Suerte'] },
      { ...base, team1_score: -1 },
      { ...base, team1_score: 1.5 },
      { ...base, team1_score: 100 },
      { ...base, sneaky: true },
      { ...base, team1_players: ['x'] },
    ]) {
      expect(ZCreateMatchRequest.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('createMatchBodyForm', () => {
  it('picks camelCase as soon as a camelCase-only key appears, snake_case otherwise', () => {
    expect(createMatchBodyForm({ team1Players: [1], team1_score: 'x' })).toBe(ZCreateMatchCamel);
    expect(createMatchBodyForm({ tier: 'Amistoso', team1_score: 'x' })).toBe(ZCreateMatchSnake);
    expect(createMatchBodyForm(null)).toBe(ZCreateMatchSnake);
    expect(createMatchBodyForm([1, 2])).toBe(ZCreateMatchSnake);
  });

  it('names the offending field of the chosen form', () => {
    const body = { team1_players: [1], team2_players: [2], team1_score: 'x' };
    const issues = createMatchBodyForm(body).safeParse(body).error?.issues ?? [];
    expect(issues.map((i) => i.path.join('.'))).toEqual(['team1_score']);
  });
});

describe('list queries', () => {
  it('pages by 50 by default, 200 at most', () => {
    expect(ZMatchListQuery.parse({})).toEqual({ limit: 50 });
    expect(ZMatchListQuery.parse({ limit: '200', before: 'abc' })).toEqual({ limit: 200, before: 'abc' });
    for (const limit of ['0', '201', '1.5', 'x'])
      expect(ZMatchListQuery.safeParse({ limit }).success).toBe(false);
    expect(ZMatchListQuery.safeParse({ page: '2' }).success).toBe(false);
  });

  it('holds a whole inbox in one default page', () => {
    expect(ZInboxListQuery.parse({})).toEqual({ limit: 200 });
  });

  it('reads chosen players with optional decks for the approved search', () => {
    expect(
      ZApprovedSearchQuery.parse({
        team1: '12:5,13',
        team2: '7',
        from: '2025-01-01T03:00:00.000Z',
        to: '2025-01-02T02:59:59.999Z',
      }),
    ).toEqual({
      limit: 50,
      team1: [
        { userId: 12, deckId: 5 },
        { userId: 13, deckId: null },
      ],
      team2: [{ userId: 7, deckId: null }],
      from: '2025-01-01T03:00:00.000Z',
      to: '2025-01-02T02:59:59.999Z',
    });
    for (const team1 of ['', 'a', '1:', '1,,2', '1:2:3']) {
      expect(ZApprovedSearchQuery.safeParse({ team1 }).success, team1).toBe(false);
    }
    expect(ZApprovedSearchQuery.safeParse({ from: '2025-01-01' }).success).toBe(false);
  });
});
