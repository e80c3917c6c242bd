import { describe, expect, it } from 'vitest';
import * as MSG from './message-texts';
import type { NormalizedMatchInput, TMatch } from './matches';
import {
  canCancelPending,
  MATCH_DATE_CLOCK_SKEW_MS,
  canApprove,
  isApproved,
  parseMatchDate,
  resolveMatchInput,
  winnerFromScores,
} from './match-rules';

const NOW = new Date('2025-06-15T12:00:00Z');

function input(overrides: Partial<NormalizedMatchInput> = {}): NormalizedMatchInput {
  return {
    matchDate: null,
    mode: '1v1',
    tier: 'Amistoso',
    teams: [
      { players: [1], decks: [10], score: 2 },
      { players: [2], decks: [20], score: 1 },
    ],
    winningTeam: undefined,
    highlights: [],
    totalMatches: null,
    storeId: null,
    leagueId: null,
    ...overrides,
  };
}

function errorsOf(value: NormalizedMatchInput) {
  const result = resolveMatchInput(value, NOW);
  return result.ok ? {} : result.errors;
}

describe('resolveMatchInput', () => {
  it('derives the winner, the date and the total when they are absent', () => {
    expect(resolveMatchInput(input(), NOW)).toEqual({
      ok: true,
      value: { matchDate: NOW, winningTeam: 'team1', totalMatches: 3, highlights: [] },
    });
  });

  it('keeps a total of games above the victories (drawn games)', () => {
    const result = resolveMatchInput(input({ totalMatches: 5 }), NOW);
    expect(result.ok && result.value.totalMatches).toBe(5);
  });

  it('refuses a total of games below the victories', () => {
    expect(errorsOf(input({ totalMatches: 2 }))).toEqual({ total_matches: [MSG.totalMatchesTooLow] });
  });

  it('needs exactly one player per team in 1v1 and two in 2v2', () => {
    const twoInTeam1 = input({
      teams: [
        { players: [1, 3], decks: [], score: 1 },
        { players: [2], decks: [], score: 0 },
      ],
    });
    expect(errorsOf(twoInTeam1)).toEqual({ team1_players: [MSG.teamSize1v1] });
    expect(errorsOf({ ...twoInTeam1, mode: '2v2' })).toEqual({ team2_players: [MSG.teamSize2v2] });
    const full2v2 = input({
      mode: '2v2',
      teams: [
        { players: [1, 3], decks: [], score: 1 },
        { players: [2, 4], decks: [], score: 0 },
      ],
    });
    expect(resolveMatchInput(full2v2, NOW).ok).toBe(true);
  });

  it('refuses a player twice in the match, in either team', () => {
    const both = input({
      teams: [
        { players: [1], decks: [], score: 1 },
        { players: [1], decks: [], score: 0 },
      ],
    });
    expect(errorsOf(both)).toEqual({ team2_players: [MSG.playerAlreadySelected] });
    const twiceInTeam = input({
      mode: '2v2',
      teams: [
        { players: [1, 1], decks: [], score: 1 },
        { players: [2, 3], decks: [], score: 0 },
      ],
    });
    expect(errorsOf(twiceInTeam)).toEqual({ team1_players: [MSG.playerAlreadySelected] });
  });

  it('needs at least one victory', () => {
    const noGames = input({
      teams: [
        { players: [1], decks: [], score: 0 },
        { players: [2], decks: [], score: 0 },
      ],
    });
    expect(errorsOf(noGames)).toEqual({ team1_score: [MSG.minVictories] });
  });

  it('accepts a winner that agrees with the scores and null on a tie', () => {
    expect(resolveMatchInput(input({ winningTeam: 'team1' }), NOW).ok).toBe(true);
    const tie = input({
      winningTeam: null,
      teams: [
        { players: [1], decks: [], score: 1 },
        { players: [2], decks: [], score: 1 },
      ],
    });
    const result = resolveMatchInput(tie, NOW);
    expect(result.ok && result.value.winningTeam).toBeNull();
  });

  it('refuses a winner that disagrees with the scores', () => {
    expect(errorsOf(input({ winningTeam: 'team2' }))).toEqual({ winning_team: [MSG.winnerMismatch] });
    expect(errorsOf(input({ winningTeam: null }))).toEqual({ winning_team: [MSG.winnerMismatch] });
  });

  it('allows at most three highlights, none repeated', () => {
    expect(resolveMatchInput(input({ highlights: ['Combo', 'Paliza', 'Rapida'] }), NOW).ok).toBe(true);
    expect(errorsOf(input({ highlights: ['Combo', 'Paliza', 'Rapida', 'Remontada'] }))).toEqual({
      highlights: [MSG.tooManyHighlights],
    });
    expect(errorsOf(input({ highlights: ['Combo', 'Combo'] }))).toEqual({
      highlights: [MSG.repeatedHighlight],
    });
  });

  it('refuses a date in the future beyond a small clock skew', () => {
    const slightlyAhead = new Date(NOW.getTime() + MATCH_DATE_CLOCK_SKEW_MS - 1000).toISOString();
    expect(resolveMatchInput(input({ matchDate: slightlyAhead }), NOW).ok).toBe(true);
    const tomorrow = new Date(NOW.getTime() + 86_400_000).toISOString();
    expect(errorsOf(input({ matchDate: tomorrow }))).toEqual({ match_date: [MSG.futureDate] });
  });

  it('refuses a date before 1900 and an unreadable date', () => {
    expect(errorsOf(input({ matchDate: '1899-12-31T23:59:59Z' }))).toEqual({ match_date: [MSG.dateTooOld] });
    expect(errorsOf(input({ matchDate: 'ayer' }))).toEqual({ match_date: [MSG.invalidDate] });
  });

  it('uses the given date', () => {
    const result = resolveMatchInput(input({ matchDate: '2025-06-01T20:30:00-03:00' }), NOW);
    expect(result.ok && result.value.matchDate.toISOString()).toBe('2025-06-01T23:30:00.000Z');
  });

  it('reports every broken rule at once', () => {
    const errors = errorsOf(
      input({
        highlights: ['Combo', 'Combo'],
        matchDate: '2999-01-01',
        teams: [
          { players: [1], decks: [], score: 0 },
          { players: [], decks: [], score: 0 },
        ],
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['highlights', 'match_date', 'team1_score', 'team2_players']);
  });
});

describe('parseMatchDate', () => {
  it('reads ISO dates and date-times with an offset', () => {
    expect(parseMatchDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseMatchDate('2024-05-01T10:00Z')?.toISOString()).toBe('2024-05-01T10:00:00.000Z');
    expect(parseMatchDate('2024-05-01T10:00:00.123456+02:00')?.toISOString()).toBe(
      '2024-05-01T08:00:00.123Z',
    );
  });

  it('refuses days that do not exist, times without an offset and other text', () => {
    for (const text of [
      '2023-02-29',
      '2024-13-01',
      '2024-04-31',
      '2024-05-01T10:00:00',
      '2024-05-01T25:00:00Z',
      '01/05/2024',
      '2024-05-01 10:00:00Z',
      '',
    ]) {
      expect(parseMatchDate(text), text).toBeNull();
    }
  });

  it('reads years before 1900 as they are, so the rule can refuse them', () => {
    expect(parseMatchDate('0050-01-01')?.getUTCFullYear()).toBe(50);
  });
});

describe('approval rules', () => {
  const player = (
    user_id: number,
    approval_status: TMatch['team1']['players'][number]['approval_status'],
  ) => ({
    user_id,
    username: `u${user_id}`,
    approval_status,
    approved: approval_status === 'approved',
    status_updated_at: null,
    reminders: 0,
    reminded_at: null,
  });
  const match = (
    status: TMatch['approval_status'],
    p1: 'pending' | 'approved',
    p2: 'pending' | 'approved',
  ) => ({
    approval_status: status,
    team1: { team_number: 1 as const, score: 1, players: [player(1, p1)], decks: [] },
    team2: { team_number: 2 as const, score: 0, players: [player(2, p2)], decks: [] },
  });

  it('lets only a pending player of a pending match approve', () => {
    expect(canApprove(match('pending', 'approved', 'pending'), 2)).toBe(true);
    expect(canApprove(match('pending', 'approved', 'pending'), 1)).toBe(false);
    expect(canApprove(match('pending', 'approved', 'pending'), 3)).toBe(false);
    expect(canApprove(match('rejected', 'approved', 'pending'), 2)).toBe(false);
    expect(canApprove(match('pending', 'approved', 'pending'), null)).toBe(false);
  });

  it('treats a match as approved unless it is pending, rejected or cancelled', () => {
    expect(isApproved({ approval_status: 'approved' })).toBe(true);
    for (const status of ['pending', 'rejected', 'cancelled'] as const) {
      expect(isApproved({ approval_status: status })).toBe(false);
    }
  });

  it('lets only the creator cancel a match, and only while it is pending', () => {
    const byOne = (status: TMatch['approval_status']) => ({ approval_status: status, created_by: 1 });
    expect(canCancelPending(byOne('pending'), 1)).toBe(true);
    expect(canCancelPending(byOne('pending'), 2)).toBe(false);
    expect(canCancelPending(byOne('pending'), null)).toBe(false);
    for (const status of ['approved', 'rejected', 'cancelled'] as const) {
      expect(canCancelPending(byOne(status), 1)).toBe(false);
    }
    expect(canCancelPending({ approval_status: 'pending', created_by: null }, 1)).toBe(false);
  });

  it('derives the winner from the scores', () => {
    expect(winnerFromScores(2, 1)).toBe('team1');
    expect(winnerFromScores(0, 3)).toBe('team2');
    expect(winnerFromScores(2, 2)).toBeNull();
  });
});
