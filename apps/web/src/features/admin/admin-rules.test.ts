import { describe, expect, it } from 'vitest';
import {
  EMPTY_RESULT_FORM,
  validateLeague,
  validatePlayer,
  validateResult,
  validateSeason,
  type ResultFormValues,
} from './admin-rules';

const FILL = 'Por favor completa todos los campos';

describe('admin player', () => {
  it('needs both name and TOR code', () => {
    expect(validatePlayer({ name: 'Ana', torCode: 'TOR016' })).toBeNull();
    expect(validatePlayer({ name: '', torCode: 'TOR016' })).toBe(FILL);
    expect(validatePlayer({ name: 'Ana', torCode: '  ' })).toBe(FILL);
  });
});

describe('admin result', () => {
  const ana = { id: 7, username: 'ana' };
  const beto = { id: 8, username: 'beto' };
  const valid: ResultFormValues = {
    storeId: 1,
    leagueId: null,
    round: '2',
    player1: ana,
    player2: beto,
    winnerId: 8,
    date: '2026-11-20',
  };

  it('accepts a complete result, with or without a league', () => {
    expect(validateResult(valid)).toBeNull();
    expect(validateResult({ ...valid, leagueId: 3 })).toBeNull();
  });

  it('needs every field but the league', () => {
    for (const key of Object.keys(EMPTY_RESULT_FORM) as (keyof ResultFormValues)[]) {
      if (key === 'leagueId') continue;
      expect(validateResult({ ...valid, [key]: EMPTY_RESULT_FORM[key] })).toBe(FILL);
    }
    expect(validateResult({ ...valid, round: ' ' })).toBe(FILL);
    expect(validateResult({ ...valid, date: '2026-02-31' })).toBe(FILL);
  });

  it('needs two different players', () => {
    expect(validateResult({ ...valid, player2: { ...ana }, winnerId: 7 })).toBe(
      'Los jugadores deben ser diferentes',
    );
  });

  it('needs a whole round number from 1', () => {
    for (const round of ['0', '-1', '1.5', 'dos']) {
      expect(validateResult({ ...valid, round })).toBe('La ronda debe ser un número mayor o igual a 1');
    }
    expect(validateResult({ ...valid, round: '12' })).toBeNull();
  });

  it('needs the winner to be one of the two', () => {
    expect(validateResult({ ...valid, winnerId: 9 })).toBe('El ganador debe ser uno de los dos jugadores');
  });
});

describe('league and season forms', () => {
  it('need a name, a store and a real start day', () => {
    expect(validateLeague({ name: 'Liga', storeId: 1, startDate: '2027-03-06' })).toBeNull();
    expect(validateLeague({ name: ' ', storeId: 1, startDate: '2027-03-06' })).toBe(FILL);
    expect(validateLeague({ name: 'Liga', storeId: null, startDate: '2027-03-06' })).toBe(FILL);
    expect(validateLeague({ name: 'Liga', storeId: 1, startDate: '' })).toBe(FILL);
  });

  it('need a season name and both days', () => {
    expect(
      validateSeason({ name: 'Temporada 2027', startsOn: '2027-01-01', endsOn: '2027-12-31' }),
    ).toBeNull();
    expect(validateSeason({ name: 'Temporada 2027', startsOn: '2027-01-01', endsOn: '' })).toBe(FILL);
    expect(validateSeason({ name: '', startsOn: '2027-01-01', endsOn: '2027-12-31' })).toBe(FILL);
  });
});
