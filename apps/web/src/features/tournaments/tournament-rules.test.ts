import { describe, expect, it } from 'vitest';
import { SAMPLE_USERS } from './data/sample-users';
import {
  addParticipant,
  calendarMilestones,
  createTournament,
  EMPTY_TOURNAMENT_FORM,
  publishAnnouncement,
  removeParticipant,
  searchSampleUsers,
  sortAnnouncements,
  validateTournamentForm,
} from './tournament-rules';
import { SAMPLE_TOURNAMENTS } from './data/sample-tournaments';

const valid = { ...EMPTY_TOURNAMENT_FORM, name: 'Copa', startDate: '2026-12-01' };

describe('tournament create form', () => {
  it('accepts a name and a start date, rules optional', () => {
    expect(validateTournamentForm(valid)).toEqual({});
  });

  it('requires the name, blank counting as empty', () => {
    expect(validateTournamentForm({ ...valid, name: '   ' })).toEqual({
      name: 'El nombre del torneo es requerido',
    });
  });

  it('requires a real start date', () => {
    const message = { startDate: 'La fecha de inicio es requerida' };
    expect(validateTournamentForm({ ...valid, startDate: '' })).toEqual(message);
    expect(validateTournamentForm({ ...valid, startDate: '2026-02-30' })).toEqual(message);
    expect(validateTournamentForm({ ...valid, startDate: 'mañana' })).toEqual(message);
    expect(validateTournamentForm({ ...valid, startDate: '1899-12-31' })).toEqual(message);
  });

  it('reports both errors at once', () => {
    expect(Object.keys(validateTournamentForm(EMPTY_TOURNAMENT_FORM))).toEqual(['name', 'startDate']);
  });

  it('creates an open, empty tournament with the next id and trimmed texts', () => {
    const created = createTournament(SAMPLE_TOURNAMENTS, {
      name: '  Copa Nueva ',
      type: 'round_robin',
      startDate: '2026-12-01',
      rules: ' Al mejor de 3 ',
    });
    expect(created).toMatchObject({
      id: Math.max(...SAMPLE_TOURNAMENTS.map((t) => t.id)) + 1,
      name: 'Copa Nueva',
      type: 'round_robin',
      status: 'open',
      rules: 'Al mejor de 3',
      participants: [],
      matches: [],
      announcements: [],
      winner: null,
    });
    expect(createTournament([], valid).id).toBe(1);
  });
});

describe('participants', () => {
  const ana = { id: 90, username: 'Ana', mainDeck: 'Olimpo' };

  it('adds a user with their main deck', () => {
    const result = addParticipant([], ana);
    expect(result).toEqual({ ok: true, participants: [{ id: 90, name: 'Ana', mainDeck: 'Olimpo' }] });
  });

  it('refuses the same user twice, by id or by name', () => {
    const current = [{ id: 90, name: 'Ana', mainDeck: 'Olimpo' }];
    expect(addParticipant(current, ana)).toEqual({ ok: false, error: 'Este usuario ya está en el torneo' });
    expect(addParticipant(current, { ...ana, id: 91, username: 'ana' })).toMatchObject({ ok: false });
  });

  it('removes by id', () => {
    expect(
      removeParticipant(
        [
          { id: 1, name: 'a', mainDeck: '' },
          { id: 2, name: 'b', mainDeck: '' },
        ],
        1,
      ),
    ).toEqual([{ id: 2, name: 'b', mainDeck: '' }]);
  });

  it('searches the sample users by id, @username or part of the username', () => {
    expect(searchSampleUsers(SAMPLE_USERS, '')).toEqual([]);
    expect(searchSampleUsers(SAMPLE_USERS, '@')).toEqual([]);
    expect(searchSampleUsers(SAMPLE_USERS, '3').map((u) => u.username)).toEqual(['matirod']);
    expect(searchSampleUsers(SAMPLE_USERS, '@LAUT').map((u) => u.username)).toEqual(['lautaro']);
    expect(searchSampleUsers(SAMPLE_USERS, 'ro').map((u) => u.username)).toEqual(
      expect.arrayContaining(['lautaro', 'matirod', 'nico.romero', 'ramiro.v']),
    );
  });
});

describe('announcements', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');

  it('does nothing with blank text', () => {
    const list = [{ id: 1, message: 'Hola', date: '2026-11-01T00:00:00.000Z' }];
    expect(publishAnnouncement(list, '   \n ', now)).toBe(list);
    expect(publishAnnouncement(list, '', now)).toBe(list);
  });

  it('publishes trimmed text first with the next id and the date', () => {
    const list = [{ id: 4, message: 'Hola', date: '2026-11-01T00:00:00.000Z' }];
    expect(publishAnnouncement(list, ' Mañana se juega ', now)[0]).toEqual({
      id: 5,
      message: 'Mañana se juega',
      date: '2026-11-22T10:00:00.000Z',
    });
  });

  it('sorts newest first', () => {
    const sorted = sortAnnouncements([
      { id: 1, message: 'viejo', date: '2026-01-01T00:00:00.000Z' },
      { id: 2, message: 'nuevo', date: '2026-02-01T00:00:00.000Z' },
    ]);
    expect(sorted.map((a) => a.message)).toEqual(['nuevo', 'viejo']);
  });
});

describe('calendar', () => {
  it('has five milestones around the start date', () => {
    const milestones = calendarMilestones('2026-12-12');
    expect(milestones).toHaveLength(5);
    expect(milestones.find((m) => m.title === 'Inicio del torneo')!.date).toBe('2026-12-12');
    expect(milestones.map((m) => m.date)).toEqual([...milestones.map((m) => m.date)].sort());
  });

  it('has none for an invalid date', () => {
    expect(calendarMilestones('')).toEqual([]);
  });
});
