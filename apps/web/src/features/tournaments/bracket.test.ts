import { describe, expect, it } from 'vitest';
import {
  BYE,
  bracketSize,
  buildDoubleElimination,
  buildRoundRobin,
  buildSingleElimination,
  leaderboardRows,
  loserOf,
  matchCaption,
  MATCH_STATUS_LABELS,
  matchStatus,
  seedFirstRound,
  singleEliminationRoundLabel,
  slotLabel,
  standings,
} from './bracket';
import type { TournamentMatch } from './tournament';

const m = (
  id: number,
  round: number,
  player1: string | null,
  player2: string | null,
  winner: string | null = null,
  bracket?: TournamentMatch['bracket'],
): TournamentMatch => ({ id, round, player1, player2, winner, ...(bracket ? { bracket } : {}) });

const EIGHT = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];

describe('matchStatus', () => {
  it('is Finalizado with a winner, Pendiente with both players, Por definir otherwise', () => {
    expect(MATCH_STATUS_LABELS[matchStatus({ player1: 'a', player2: 'b', winner: 'a' })]).toBe('Finalizado');
    expect(MATCH_STATUS_LABELS[matchStatus({ player1: 'a', player2: 'b', winner: null })]).toBe('Pendiente');
    expect(MATCH_STATUS_LABELS[matchStatus({ player1: 'a', player2: null, winner: null })]).toBe(
      'Por definir',
    );
    expect(MATCH_STATUS_LABELS[matchStatus({ player1: null, player2: null, winner: null })]).toBe(
      'Por definir',
    );
  });

  it('does not count a bye as a player', () => {
    expect(matchStatus({ player1: 'a', player2: BYE, winner: null })).toBe('tbd');
  });

  it('labels seats', () => {
    expect(slotLabel('ana')).toBe('ana');
    expect(slotLabel(null)).toBe('Por definir');
    expect(slotLabel(BYE)).toBe('Libre');
  });
});

describe('single elimination', () => {
  it('labels rounds from the end: Primera Ronda, Semifinales, Final', () => {
    expect([1, 2, 3].map((r) => singleEliminationRoundLabel(r, 3))).toEqual([
      'Primera Ronda',
      'Semifinales',
      'Final',
    ]);
    expect([1, 2].map((r) => singleEliminationRoundLabel(r, 2))).toEqual(['Semifinales', 'Final']);
    expect(singleEliminationRoundLabel(1, 1)).toBe('Final');
    expect([1, 2, 3, 4].map((r) => singleEliminationRoundLabel(r, 4))).toEqual([
      'Primera Ronda',
      'Cuartos de Final',
      'Semifinales',
      'Final',
    ]);
  });

  it('sizes the bracket to the next power of two', () => {
    expect([0, 1, 2, 3, 5, 8, 9].map((n) => bracketSize(n))).toEqual([2, 2, 2, 4, 8, 8, 16]);
    expect(bracketSize(2, 4)).toBe(4);
  });

  it('gives byes to the first seeds, one per match', () => {
    expect(seedFirstRound(['a', 'b', 'c', 'd', 'e'], 8)).toEqual([
      ['a', BYE],
      ['b', BYE],
      ['c', BYE],
      ['d', 'e'],
    ]);
  });

  it('builds 8 players into 4, 2 and 1 matches with the stored results', () => {
    const rounds = buildSingleElimination(EIGHT, [
      m(1, 1, 'a', 'b', 'a'),
      m(2, 1, 'c', 'd', 'd'),
      m(3, 1, 'e', 'f', 'f'),
      m(4, 1, 'g', 'h'),
      m(5, 2, 'a', 'd', 'a'),
    ]);
    expect(rounds.map((r) => [r.label, r.matches.length])).toEqual([
      ['Primera Ronda', 4],
      ['Semifinales', 2],
      ['Final', 1],
    ]);
    expect(rounds[0]!.matches.map(matchStatus)).toEqual(['finished', 'finished', 'finished', 'pending']);
    expect(rounds[1]!.matches[1]).toMatchObject({ player1: 'f', player2: null, winner: null });
    expect(matchStatus(rounds[1]!.matches[1]!)).toBe('tbd');
    expect(rounds[2]!.matches[0]).toMatchObject({ player1: 'a', player2: null });
  });

  it('moves winners up when no later match is stored', () => {
    const rounds = buildSingleElimination(
      ['a', 'b', 'c', 'd'],
      [m(1, 1, 'a', 'b', 'b'), m(2, 1, 'c', 'd', 'c')],
    );
    expect(rounds[1]!.matches[0]).toMatchObject({ player1: 'b', player2: 'c', winner: null });
    expect(matchStatus(rounds[1]!.matches[0]!)).toBe('pending');
  });

  it('puts a player with a bye through without playing', () => {
    const rounds = buildSingleElimination(['a', 'b', 'c'], []);
    expect(rounds[0]!.matches[0]).toMatchObject({ player1: 'a', player2: BYE, winner: 'a' });
    expect(rounds[1]!.matches[0]).toMatchObject({ player1: 'a', player2: null });
  });

  it('ignores a stored winner who is not in the match', () => {
    const rounds = buildSingleElimination(['a', 'b'], [m(1, 1, 'a', 'b', 'zed')]);
    expect(rounds[0]!.matches[0]!.winner).toBeNull();
  });
});

describe('double elimination', () => {
  it('has winners, losers and grand final for 4 players', () => {
    const bracket = buildDoubleElimination(['a', 'b', 'c', 'd'], []);
    expect(bracket.winners.map((r) => r.matches.length)).toEqual([2, 1]);
    expect(bracket.losers.map((r) => r.matches.length)).toEqual([1, 1]);
    expect(bracket.grandFinal.bracket).toBe('grand_final');
    expect(bracket.winners.every((r) => r.matches.every((x) => x.bracket === 'winners'))).toBe(true);
    expect(bracket.losers.every((r) => r.matches.every((x) => x.bracket === 'losers'))).toBe(true);
  });

  it('has losers rounds of 2, 2, 1, 1 matches for 8 players', () => {
    const bracket = buildDoubleElimination(EIGHT, []);
    expect(bracket.winners.map((r) => r.matches.length)).toEqual([4, 2, 1]);
    expect(bracket.losers.map((r) => r.matches.length)).toEqual([2, 2, 1, 1]);
    expect(bracket.losers.at(-1)!.label).toBe('Final de Perdedores');
    expect(bracket.winners.at(-1)!.label).toBe('Final de Ganadores');
  });

  it('drops losers into the losers bracket and meets both champions in the grand final', () => {
    const bracket = buildDoubleElimination(
      ['a', 'b', 'c', 'd'],
      [
        m(1, 1, 'a', 'b', 'a', 'winners'),
        m(2, 1, 'c', 'd', 'd', 'winners'),
        m(3, 2, 'a', 'd', 'a', 'winners'),
        m(4, 1, null, null, 'c', 'losers'),
        m(5, 2, null, null, 'd', 'losers'),
        m(6, 1, null, null, 'a', 'grand_final'),
      ],
    );
    expect(bracket.losers[0]!.matches[0]).toMatchObject({ player1: 'b', player2: 'c', winner: 'c' });
    expect(bracket.losers[1]!.matches[0]).toMatchObject({ player1: 'c', player2: 'd', winner: 'd' });
    expect(bracket.grandFinal).toMatchObject({ player1: 'a', player2: 'd', winner: 'a' });
  });

  it('leaves later seats Por definir until results come in', () => {
    const bracket = buildDoubleElimination(['a', 'b', 'c', 'd'], [m(1, 1, 'a', 'b', 'a', 'winners')]);
    expect(bracket.losers[0]!.matches[0]).toMatchObject({ player1: 'b', player2: null });
    expect(matchStatus(bracket.grandFinal)).toBe('tbd');
  });

  it('tells the loser of a decided match', () => {
    const [round] = buildSingleElimination(['a', 'b'], [m(1, 1, 'a', 'b', 'b')]);
    expect(loserOf(round!.matches[0]!)).toBe('a');
  });
});

describe('round robin', () => {
  it('meets every pair exactly once, resting one player per round when odd', () => {
    const players = ['a', 'b', 'c', 'd', 'e'];
    const rounds = buildRoundRobin(players, []);
    expect(rounds).toHaveLength(5);
    const pairs = rounds.flatMap((r) => r.matches.map((x) => [x.player1, x.player2].sort().join('-')));
    expect(pairs).toHaveLength(10);
    expect(new Set(pairs).size).toBe(10);
    expect(rounds.every((r) => r.matches.length === 2)).toBe(true);
  });

  it('fills in stored results whatever the player order', () => {
    const rounds = buildRoundRobin(['a', 'b'], [m(1, 1, 'b', 'a', 'b')]);
    expect(rounds[0]!.matches[0]).toMatchObject({ winner: 'b', id: 1 });
  });

  it('sorts standings by wins with a rounded win percentage and marks the leader', () => {
    const rows = standings(
      ['a', 'b', 'c'],
      [m(1, 1, 'a', 'b', 'b'), m(2, 1, 'b', 'c', 'b'), m(3, 1, 'a', 'c', 'a'), m(4, 1, 'a', 'c', 'c')],
    );
    expect(rows.map((r) => [r.player, r.wins, r.losses, r.winPercent, r.leader])).toEqual([
      ['b', 2, 0, 100, true],
      ['a', 1, 2, 33, false],
      ['c', 1, 2, 33, false],
    ]);
  });

  it('rounds 2 of 3 up to 67 and shows 0 before any result, with no leader', () => {
    const rows = standings(
      ['a', 'b'],
      [m(1, 1, 'a', 'b', 'a'), m(2, 1, 'a', 'b', 'a'), m(3, 1, 'a', 'b', 'b')],
    );
    expect(rows[0]!.winPercent).toBe(67);
    expect(standings(['a', 'b'], []).map((r) => [r.winPercent, r.leader])).toEqual([
      [0, false],
      [0, false],
    ]);
  });

  it('ignores matches with strangers or without a winner', () => {
    const rows = standings(['a', 'b'], [m(1, 1, 'a', 'x', 'a'), m(2, 1, 'a', 'b')]);
    expect(rows.every((r) => r.wins === 0 && r.losses === 0)).toBe(true);
  });
});

describe('leaderboard and captions', () => {
  it('turns standings into ranking rows with three points a win', () => {
    expect(leaderboardRows(['a', 'b'], [m(1, 1, 'a', 'b', 'b')])).toEqual([
      { id: 'b', name: 'b', matches: 1, wins: 1, points: 3 },
      { id: 'a', name: 'a', matches: 1, wins: 0, points: 0 },
    ]);
  });

  it('captions a match by its round and side', () => {
    expect(matchCaption('single_elimination', 8, m(1, 3, 'a', 'b'))).toBe('Final');
    expect(matchCaption('double_elimination', 4, m(1, 2, 'a', 'b', null, 'losers'))).toBe(
      'Perdedores · Ronda 2',
    );
    expect(matchCaption('double_elimination', 4, m(1, 1, 'a', 'b', null, 'grand_final'))).toBe('Gran Final');
    expect(matchCaption('round_robin', 4, m(1, 2, 'a', 'b'))).toBe('Ronda 2');
  });
});
