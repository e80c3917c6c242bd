import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatListDate } from './list-date';

describe('formatListDate', () => {
  it('writes what dayjs writes for DD/MM/YYYY HH:mm, whatever the value looks like', () => {
    for (const value of [
      '2026-11-22T18:30:00.000Z',
      '2026-11-22T18:30:00Z',
      '2026-11-22T18:30:00+02:00',
      '2026-11-22T18:30:00.123456',
      '2026-11-22 07:05',
      '2026-11-22',
      '2026-03',
      '2026/03/05 9:4',
      '20261122',
      '2026-13-45T99:99',
      'Sun Nov 22 2026 18:30:00 GMT+0000',
      new Date(2026, 0, 2, 3, 4, 5),
    ]) {
      expect(formatListDate(value)).toBe(dayjs(value).format('DD/MM/YYYY HH:mm'));
    }
  });

  it('writes Fecha no disponible for no date or an unreadable one', () => {
    for (const value of [null, undefined, '', 'nope', new Date(Number.NaN)]) {
      expect(formatListDate(value)).toBe('Fecha no disponible');
    }
  });
});
