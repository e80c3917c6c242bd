import { describe, expect, it } from 'vitest';
import { formatDay, formatStatPeriod, isIsoDay } from './dates';

describe('isIsoDay', () => {
  it('accepts real YYYY-MM-DD days within 1900–2099', () => {
    expect(isIsoDay('2026-11-22')).toBe(true);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('1900-01-01')).toBe(true);
    expect(isIsoDay('2099-12-31')).toBe(true);
  });

  it('refuses empty, malformed, impossible and out-of-range days', () => {
    for (const value of [
      '',
      '22/11/2026',
      '2026-1-5',
      '2026-02-30',
      '2025-02-29',
      '1899-12-31',
      '2100-01-01',
    ]) {
      expect(isIsoDay(value)).toBe(false);
    }
  });
});

describe('formatDay', () => {
  it('writes DD/MM/YYYY, or Fecha no disponible', () => {
    expect(formatDay('2026-03-05')).toBe('05/03/2026');
    expect(formatDay('nope')).toBe('Fecha no disponible');
  });
});

describe('formatStatPeriod', () => {
  it('names a month or a week by its first day, long for tables and short for axes', () => {
    expect(formatStatPeriod('2026-03-01', 'month')).toBe('marzo de 2026');
    expect(formatStatPeriod('2026-03-01', 'month', 'short')).toBe('mar 2026');
    expect(formatStatPeriod('2026-03-02', 'week')).toBe('semana del 02/03/2026');
    expect(formatStatPeriod('2026-03-02', 'week', 'short')).toBe('02/03');
  });

  it('leaves an unreadable period as it came', () => {
    expect(formatStatPeriod('nope', 'month')).toBe('nope');
  });
});
