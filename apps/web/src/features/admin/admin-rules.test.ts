import { describe, expect, it } from 'vitest';
import {
  createPlayer,
  createResult,
  EMPTY_RESULT_FORM,
  resultContenders,
  validatePlayer,
  validateResult,
  withOfferedWinner,
  type ResultFormValues,
} from './admin-rules';

describe('admin player', () => {
  it('needs both name and TOR code', () => {
    expect(validatePlayer({ name: 'Ana', torCode: 'TOR016' })).toBeNull();
    expect(validatePlayer({ name: '', torCode: 'TOR016' })).toBe('Por favor completa todos los campos');
    expect(validatePlayer({ name: 'Ana', torCode: '  ' })).toBe('Por favor completa todos los campos');
  });

  it('is created with the next id, trimmed, the code in capitals and the creation date', () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(
      createPlayer(
        [{ id: 4, name: 'x', torCode: 'TOR001', createdAt: '' }],
        { name: ' Ana ', torCode: 'tor016 ' },
        now,
      ),
    ).toEqual({ id: 5, name: 'Ana', torCode: 'TOR016', createdAt: '2026-11-22T12:00:00.000Z' });
  });
});

describe('admin result', () => {
  const valid: ResultFormValues = {
    store: 'Torre de Cartas',
    round: '2',
    player1: 'Ana',
    player2: 'Beto',
    winner: 'Beto',
    date: '2026-11-20',
  };

  it('accepts a complete result', () => {
    expect(validateResult(valid)).toBeNull();
  });

  it('needs every field', () => {
    for (const key of Object.keys(EMPTY_RESULT_FORM) as (keyof ResultFormValues)[]) {
      expect(validateResult({ ...valid, [key]: ' ' })).toBe('Por favor completa todos los campos');
    }
    expect(validateResult({ ...valid, date: '2026-02-31' })).toBe('Por favor completa todos los campos');
  });

  it('needs two different players, whatever the case', () => {
    expect(validateResult({ ...valid, player2: ' ana ', winner: 'Ana' })).toBe(
      'Los jugadores deben ser diferentes',
    );
  });

  it('needs a whole round number from 1', () => {
    for (const round of ['0', '-1', '1.5', 'dos']) {
      expect(validateResult({ ...valid, round })).toBe('La ronda debe ser un número mayor o igual a 1');
    }
  });

  it('needs the winner to be one of the players', () => {
    expect(validateResult({ ...valid, winner: 'Caro' })).toBe('El ganador debe ser uno de los jugadores');
  });

  it('is created with a numeric round and the winner spelled as the player', () => {
    expect(createResult([], { ...valid, player1: ' Ana ', winner: 'ana' })).toEqual({
      id: 1,
      store: 'Torre de Cartas',
      round: 2,
      player1: 'Ana',
      player2: 'Beto',
      winner: 'Ana',
      date: '2026-11-20',
    });
  });
});

describe('result winner choice', () => {
  const values = { ...EMPTY_RESULT_FORM, player1: ' Ana ', player2: 'Beto', winner: 'Ana' };

  it('offers the two typed players, without blanks or repeats', () => {
    expect(resultContenders(values)).toEqual(['Ana', 'Beto']);
    expect(resultContenders({ ...values, player2: 'Ana' })).toEqual(['Ana']);
    expect(resultContenders(EMPTY_RESULT_FORM)).toEqual([]);
  });

  it('drops a winner who is no longer one of the players', () => {
    expect(withOfferedWinner(values).winner).toBe('Ana');
    expect(withOfferedWinner({ ...values, player1: 'Caro' }).winner).toBe('');
  });
});
