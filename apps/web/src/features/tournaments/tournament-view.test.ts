import { describe, expect, it } from 'vitest';
import * as MSG from '@mitos/domain/message-texts';
import {
  creatableStores,
  EMPTY_TOURNAMENT_FORM,
  formatGames,
  formatPercent,
  formValuesOf,
  mayCreateTournaments,
  offersPlayoff,
  pairingRounds,
  pairingState,
  roundRobinTable,
  slotState,
  TOURNAMENT_MSG,
  validateTournamentForm,
} from './tournament-view';
import { pairing, person, slot, standingRow, tournament } from './tournament-fixtures';

const filled = { ...EMPTY_TOURNAMENT_FORM, name: 'Copa', storeId: 1, startDate: '2026-11-28' };

describe('validateTournamentForm', () => {
  it('gives the SPEC messages for a missing name and start date, and asks for a store', () => {
    const check = validateTournamentForm(EMPTY_TOURNAMENT_FORM);
    expect(check).toEqual({
      ok: false,
      errors: {
        name: MSG.tournamentNameRequired,
        storeId: TOURNAMENT_MSG.storeRequired,
        startDate: MSG.tournamentStartRequired,
      },
    });
  });

  it('refuses a blank name, a cap out of range and a wrong time', () => {
    const check = validateTournamentForm({ ...filled, name: '   ', playerCap: '1', startTime: '25:00' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      name: MSG.tournamentNameRequired,
      playerCap: TOURNAMENT_MSG.capInvalid,
      startTime: MSG.tournamentTimeInvalid,
    });
  });

  it('sends a Swiss with its rounds and cut, the name trimmed', () => {
    const check = validateTournamentForm({ ...filled, name: ' Copa ', swissRounds: '5', topCut: 8 });
    expect(check).toEqual({
      ok: true,
      input: {
        name: 'Copa',
        storeId: 1,
        type: 'swiss',
        startDate: '2026-11-28',
        startTime: '18:00',
        rules: '',
        playerCap: 32,
        bestOf: 3,
        registrationOpen: true,
        tier: 'Torneo',
        swissRounds: 5,
        topCut: 8,
      },
    });
  });

  it('drops the Swiss rounds and cut of any other type, and takes the suggested rounds when blank', () => {
    const other = validateTournamentForm({ ...filled, type: 'round_robin', swissRounds: '5', topCut: 8 });
    expect(other.ok && [other.input.swissRounds, other.input.topCut]).toEqual([null, 0]);
    const blank = validateTournamentForm({ ...filled, swissRounds: '' });
    expect(blank.ok && blank.input.swissRounds).toBeNull();
    const wrong = validateTournamentForm({ ...filled, swissRounds: 'tres' });
    expect(!wrong.ok && wrong.errors.swissRounds).toBe(TOURNAMENT_MSG.swissRoundsInvalid);
  });
});

describe('formValuesOf', () => {
  it('reads the start time in Buenos Aires, whatever the browser time zone', () => {
    const values = formValuesOf(tournament({ swissRounds: 4, topCut: 8, bestOf: 1, playerCap: 16 }));
    expect(values).toMatchObject({
      startDate: '2026-11-28',
      startTime: '17:00',
      swissRounds: '4',
      topCut: 8,
      bestOf: 1,
      playerCap: '16',
    });
    // The form of a tournament sends the tournament back unchanged.
    const check = validateTournamentForm(values);
    expect(check.ok && check.input).toMatchObject({ startTime: '17:00', swissRounds: 4, playerCap: 16 });
  });
});

describe('who may create tournaments', () => {
  const stores = [
    { id: 1, name: 'Dragón Dorado' },
    { id: 2, name: 'Torre de Cartas' },
  ];

  it('lets admins and tournament admins create at any store, an organiser at theirs, a player nowhere', () => {
    const admin = { id: 1, role: 'admin' as const, organises: [] };
    const tournamentAdmin = { id: 2, role: 'tournament_admin' as const, organises: [] };
    const organiser = { id: 3, role: 'player' as const, organises: [2] };
    const player = { id: 4, role: 'player' as const, organises: [] };
    expect([admin, tournamentAdmin, organiser, player].map(mayCreateTournaments)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(creatableStores(stores, tournamentAdmin).map((s) => s.id)).toEqual([1, 2]);
    expect(creatableStores(stores, organiser).map((s) => s.id)).toEqual([2]);
    expect(creatableStores(stores, player)).toEqual([]);
  });
});

describe('slotState', () => {
  it('reads Finalizado with a winner, Pendiente with both players, else Por definir; byes and void apart', () => {
    const ana = person(1, 'ana');
    const beto = person(2, 'beto');
    expect(slotState(slot(1, { player1: ana, player2: beto, winnerId: 1, status: 'completed' }))).toBe(
      'finished',
    );
    expect(slotState(slot(2, { player1: ana, player2: beto, status: 'completed' }))).toBe('finished');
    expect(slotState(slot(3, { player1: ana, player2: beto, status: 'pending' }))).toBe('pending');
    expect(slotState(slot(4, { player1: ana }))).toBe('tbd');
    expect(slotState(slot(5, { player1: ana, winnerId: 1, status: 'bye' }))).toBe('bye');
    expect(slotState(slot(6, { status: 'void' }))).toBe('void');
  });
});

describe('roundRobinTable', () => {
  it('sorts by wins keeping the server order among equals, rounds the win % and marks the leader', () => {
    const table = roundRobinTable([
      standingRow(1, 'ana', { wins: 2, losses: 1, draws: 1 }),
      standingRow(2, 'beto', { wins: 3, losses: 0 }),
      standingRow(3, 'carla', { wins: 2, losses: 2 }),
      standingRow(4, 'dario', { draws: 2 }),
    ]);
    expect(table.map((r) => [r.username, r.winPercent, r.leader])).toEqual([
      ['beto', 100, true],
      ['ana', 67, false],
      ['carla', 50, false],
      ['dario', 0, false],
    ]);
  });

  it('marks no leader before anybody has won', () => {
    expect(roundRobinTable([standingRow(1, 'ana'), standingRow(2, 'beto')]).some((r) => r.leader)).toBe(
      false,
    );
  });
});

describe('pairings', () => {
  it('groups by round in playing order, the side of a double elimination in front of the label', () => {
    const rounds = pairingRounds([
      pairing(5, { stage: 'main', group: 'grand_final', round: 1, roundLabel: 'Gran Final', table: 1 }),
      pairing(3, { stage: 'main', group: 'losers', round: 1, roundLabel: 'Ronda 1', table: 1 }),
      pairing(2, { stage: 'main', group: 'winners', round: 1, roundLabel: 'Ronda 1', table: 2 }),
      pairing(1, { stage: 'main', group: 'winners', round: 1, roundLabel: 'Ronda 1', table: 1 }),
      pairing(4, { stage: 'main', group: 'winners', round: 2, roundLabel: 'Ronda 2', table: 1 }),
    ]);
    expect(rounds.map((r) => [r.label, r.pairings.map((p) => p.id)])).toEqual([
      ['Ganadores · Ronda 1', [1, 2]],
      ['Ganadores · Ronda 2', [4]],
      ['Perdedores · Ronda 1', [3]],
      ['Gran Final', [5]],
    ]);
  });

  it('puts a Swiss playoff after its rounds', () => {
    const rounds = pairingRounds([
      pairing(9, { stage: 'playoff', group: 'main', round: 1, roundLabel: 'Semifinales' }),
      pairing(2, { round: 2, roundLabel: 'Ronda 2' }),
      pairing(1, { round: 1, roundLabel: 'Ronda 1' }),
    ]);
    expect(rounds.map((r) => r.label)).toEqual(['Ronda 1', 'Ronda 2', 'Semifinales']);
  });

  it('reads a pairing without a second player as a bye', () => {
    expect(pairingState(pairing(1, { player2: null, status: 'decided' }))).toBe('bye');
    expect(pairingState(pairing(2, { status: 'reported' }))).toBe('reported');
  });

  it('writes a score with its drawn games', () => {
    expect(formatGames({ games1: 2, games2: 1, gamesDrawn: 0 })).toBe('2 - 1');
    expect(formatGames({ games1: 1, games2: 1, gamesDrawn: 1 })).toBe('1 - 1 (1 empate)');
  });
});

describe('offersPlayoff', () => {
  const running = tournament({
    status: 'in_progress',
    phase: 'swiss',
    round: 3,
    swissRounds: null,
    topCut: 8,
  });

  it('offers the top cut once the last planned round is paired and no other may be', () => {
    expect(offersPlayoff(running)).toBe(true);
    expect(offersPlayoff({ ...running, round: 2, canPairNext: true })).toBe(false);
    expect(offersPlayoff({ ...running, topCut: 0 })).toBe(false);
    expect(offersPlayoff({ ...running, phase: 'playoff' })).toBe(false);
    expect(offersPlayoff({ ...running, swissRounds: 5 })).toBe(false);
  });
});

describe('formatPercent', () => {
  it('writes two decimals with a comma', () => {
    expect(formatPercent(51.85)).toBe('51,85 %');
    expect(formatPercent(100)).toBe('100,00 %');
  });
});
