import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as MSG from './message-texts';
import {
  isFinished,
  managesTournament,
  outcomeOfGames,
  pairingAllowsDraws,
  scoreRefusal,
  tournamentMilestones,
  tournamentStatus,
  tournamentStatusLabel,
} from './tournament-rules';

describe('tournament status', () => {
  it('follows the start, the end and the sign-up switch', () => {
    const at = '2026-11-28T20:00:00.000Z';
    expect(tournamentStatus({ registrationOpen: true, startedAt: null, finishedAt: null })).toBe(
      'registration',
    );
    expect(tournamentStatus({ registrationOpen: false, startedAt: null, finishedAt: null })).toBe('upcoming');
    expect(tournamentStatus({ registrationOpen: false, startedAt: at, finishedAt: null })).toBe(
      'in_progress',
    );
    expect(tournamentStatus({ registrationOpen: true, startedAt: at, finishedAt: at })).toBe('finished');
    expect(tournamentStatusLabel('registration')).toBe('Abierto');
    expect(tournamentStatusLabel('in_progress', 3)).toBe('En Progreso · Ronda 3');
    expect(tournamentStatusLabel('in_progress')).toBe('En Progreso');
    expect(tournamentStatusLabel('finished')).toBe('Finalizado');
    expect(isFinished({ status: 'finished' })).toBe(true);
    expect(isFinished({ status: 'in_progress' })).toBe(false);
  });
});

describe('who runs a tournament', () => {
  it('admins, tournament admins and its store’s organisers', () => {
    expect(managesTournament({ id: 1, role: 'admin', organises: [] }, 5)).toBe(true);
    expect(managesTournament({ id: 1, role: 'tournament_admin', organises: [] }, 5)).toBe(true);
    expect(managesTournament({ id: 1, role: 'player', organises: [5] }, 5)).toBe(true);
    expect(managesTournament({ id: 1, role: 'player', organises: [6] }, 5)).toBe(false);
    expect(managesTournament({ id: 1, role: 'judge', organises: [] }, 5)).toBe(false);
  });
});

describe('reported scores', () => {
  it('accepts the results of a best of 3 and of a best of 1, and refuses the rest', () => {
    const ok = (g1: number, g2: number, d: number, bestOf: 1 | 3, draws = true) =>
      scoreRefusal({ games1: g1, games2: g2, gamesDrawn: d }, bestOf, draws);
    for (const [g1, g2, d] of [
      [2, 0, 0],
      [2, 1, 0],
      [0, 2, 0],
      [1, 0, 0],
      [1, 1, 1],
      [0, 0, 1],
      [1, 0, 1],
    ] as const)
      expect(ok(g1, g2, d, 3), `${g1}-${g2}-${d}`).toBeNull();
    for (const [g1, g2, d] of [
      [3, 0, 0],
      [2, 2, 0],
      [0, 0, 0],
      [2, 1, 1],
      [-1, 2, 0],
    ] as const)
      expect(ok(g1, g2, d, 3), `${g1}-${g2}-${d}`).toBe(MSG.tournamentResultInvalid(3));
    expect(ok(1, 0, 0, 1)).toBeNull();
    expect(ok(2, 0, 0, 1)).toBe(MSG.tournamentResultInvalid(1));
    expect(ok(1, 1, 1, 3, false)).toBe(MSG.tournamentNoDraws);
    expect(ok(1, 0, 0, 3, false)).toBeNull();
  });

  it('the side with more games wins; as many is a draw', () => {
    fc.assert(
      fc.property(fc.nat(3), fc.nat(3), fc.nat(3), (games1, games2, gamesDrawn) => {
        const outcome = outcomeOfGames({ games1, games2, gamesDrawn });
        expect(outcome).toBe(games1 > games2 ? 'player1' : games2 > games1 ? 'player2' : 'draw');
      }),
    );
  });

  it('lets Swiss rounds and round robin end drawn, never an elimination match or a playoff', () => {
    expect(pairingAllowsDraws('swiss', 'swiss')).toBe(true);
    expect(pairingAllowsDraws('swiss', 'playoff')).toBe(false);
    expect(pairingAllowsDraws('round_robin', 'main')).toBe(true);
    expect(pairingAllowsDraws('single_elimination', 'main')).toBe(false);
    expect(pairingAllowsDraws('double_elimination', 'main')).toBe(false);
  });
});

describe('Calendario', () => {
  it('lists the real milestones: sign-up, check-in, start, each Swiss round as paired, the cut, the end', () => {
    const list = tournamentMilestones({
      createdAt: '2026-11-01T12:00:00.000Z',
      startsAt: '2026-11-28T20:00:00.000Z',
      registrationOpen: false,
      startedAt: '2026-11-28T20:05:00.000Z',
      finishedAt: null,
      plannedRounds: 3,
      topCut: 4,
      roundsPairedAt: ['2026-11-28T20:05:00.000Z', '2026-11-28T21:10:00.000Z'],
    });
    expect(list.map((m) => [m.label, m.done])).toEqual([
      ['Inscripción abierta', true],
      ['Acreditación', true],
      ['Inicio del torneo', true],
      ['Ronda 1', true],
      ['Ronda 2', true],
      ['Ronda 3', false],
      ['Top 4', false],
      ['Final', false],
    ]);
    expect(list[1]!.at).toBe('2026-11-28T19:00:00.000Z');
    expect(list[5]!.at).toBeNull();
    const bracket = tournamentMilestones({
      createdAt: '2026-11-01T12:00:00.000Z',
      startsAt: '2099-11-28T20:00:00.000Z',
      registrationOpen: false,
      startedAt: null,
      finishedAt: null,
      plannedRounds: null,
      topCut: 0,
      roundsPairedAt: [],
    });
    expect(bracket.map((m) => m.label)).toEqual([
      'Inscripción cerrada',
      'Acreditación',
      'Inicio del torneo',
      'Final',
    ]);
    expect(bracket.filter((m) => m.done)).toHaveLength(1);
  });
});
