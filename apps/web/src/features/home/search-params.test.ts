import { describe, expect, it } from 'vitest';
import { EMPTY_SEARCH } from './api/home';
import { dayParam, paramsFromSearch, parseDay, parseTeam, searchFromParams } from './search-params';

const today = new Date(2026, 10, 23, 15, 0);

describe('home search in the address', () => {
  it('reads a day, both teams and the open panel, and writes them back the same', () => {
    const params = new URLSearchParams('fecha=2026-03-14&equipo1=7:70&equipo2=8,9:90&buscar=1');
    const search = searchFromParams(params, today);
    expect(search).toEqual({
      day: new Date(2026, 2, 14),
      team1: [{ userId: 7, deckId: 70 }],
      team2: [
        { userId: 8, deckId: null },
        { userId: 9, deckId: 90 },
      ],
    });
    expect(paramsFromSearch(search, true).toString()).toBe(params.toString().replace(/:/g, '%3A'));
    expect(paramsFromSearch(EMPTY_SEARCH, false).toString()).toBe('');
  });

  it('ignores days that are not real, future or before 1900', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '14/03/2026', '2026-3-14', '2026-11-24', '1899-12-31', ''])
      expect(parseDay(bad, today)).toBeNull();
    expect(parseDay(null, today)).toBeNull();
    expect(parseDay('2026-11-23', today)).toEqual(new Date(2026, 10, 23));
    expect(dayParam(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('ignores teams that do not parse, name too many players, a player twice or ids out of range', () => {
    for (const bad of ['abc', '7:', ':7', '1,2,3', '7,7', '0', '7:0', '99999999999', '7;8', '-1'])
      expect(parseTeam(bad)).toBeNull();
    expect(parseTeam('7')).toEqual([{ userId: 7, deckId: null }]);
  });

  it('keeps the valid parts of an address with invalid ones, and a player in one team only', () => {
    const search = searchFromParams(new URLSearchParams('fecha=ayer&equipo1=7&equipo2=7,8&otro=1'), today);
    expect(search).toEqual({ day: null, team1: [{ userId: 7, deckId: null }], team2: [] });
  });
});
