import { describe, expect, it } from 'vitest';
import { SAMPLE_LEAGUES } from './data/sample-leagues';
import {
  createLeague,
  deleteLeague,
  LEAGUE_STATUS_COLORS,
  LEAGUE_STATUS_LABELS,
  LEAGUE_STATUSES,
  leagueFormValues,
  nextLeagueId,
  updateLeague,
  validateLeague,
  ZLeagueList,
  type League,
} from './leagues';

const values = { name: ' Liga Nueva ', store: 'Torre de Cartas', startDate: '2027-02-06' };

describe('league form', () => {
  it('needs name, store and start date', () => {
    expect(validateLeague(values)).toBeNull();
    for (const missing of [{ name: '  ' }, { store: '' }, { startDate: '' }, { startDate: '2027-13-01' }]) {
      expect(validateLeague({ ...values, ...missing })).toBe('Por favor completa todos los campos');
    }
  });
});

describe('league statuses', () => {
  it('read Próximamente, Activa in the success colour, and Finalizada', () => {
    expect(LEAGUE_STATUSES.map((s) => LEAGUE_STATUS_LABELS[s])).toEqual([
      'Próximamente',
      'Activa',
      'Finalizada',
    ]);
    expect(LEAGUE_STATUS_COLORS.active).toBe('success');
  });
});

describe('league changes', () => {
  it('gives a new league the id count + 1', () => {
    expect(nextLeagueId(SAMPLE_LEAGUES)).toBe(SAMPLE_LEAGUES.length + 1);
    expect(nextLeagueId([])).toBe(1);
  });

  it('counts on past an id still taken after a delete', () => {
    const afterDelete = deleteLeague(SAMPLE_LEAGUES, 1);
    expect(afterDelete.map((l) => l.id)).toEqual([2, 3, 4]);
    expect(nextLeagueId(afterDelete)).toBe(5);
  });

  it('creates an upcoming league with 0 participants and a trimmed name', () => {
    const created = createLeague(SAMPLE_LEAGUES, values).at(-1);
    expect(created).toEqual({
      id: 5,
      name: 'Liga Nueva',
      store: 'Torre de Cartas',
      startDate: '2027-02-06',
      status: 'upcoming',
      participants: 0,
    });
  });

  it('edits name, store and date but keeps status and participants', () => {
    const edited = updateLeague(SAMPLE_LEAGUES, 2, values).find((l) => l.id === 2) as League;
    expect(edited).toMatchObject({ name: 'Liga Nueva', store: 'Torre de Cartas', startDate: '2027-02-06' });
    expect(edited.status).toBe('active');
    expect(edited.participants).toBe(12);
  });

  it('fills the edit form from a league', () => {
    expect(leagueFormValues(SAMPLE_LEAGUES[0]!)).toEqual({
      name: 'Liga Palermo Apertura 2026',
      store: 'Dragón Dorado Games',
      startDate: '2026-03-07',
    });
  });

  it('has valid sample leagues in every status', () => {
    expect(ZLeagueList.safeParse(SAMPLE_LEAGUES).success).toBe(true);
    expect(new Set(SAMPLE_LEAGUES.map((l) => l.status))).toEqual(new Set(LEAGUE_STATUSES));
  });
});
