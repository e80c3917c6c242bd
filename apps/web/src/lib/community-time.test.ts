import { describe, expect, it } from 'vitest';
import { communityTime, formatCommunityListDate, formatCommunityLongDate } from './community-time';

// The tests run in the machine's zone (UTC here, and in CI): an instant written in UTC must come
// out in Buenos Aires time (UTC−3), not as the machine reads it.
describe('community time (Buenos Aires)', () => {
  it('writes an instant in Buenos Aires time whatever the zone it is written in', () => {
    for (const value of [
      '2026-11-28T21:00:00.000Z',
      '2026-11-28T18:00:00-03:00',
      new Date(Date.UTC(2026, 10, 28, 21)),
    ]) {
      expect(communityTime(value)).toBe('18:00');
      expect(formatCommunityListDate(value)).toBe('28/11/2026 18:00');
      expect(formatCommunityLongDate(value)).toBe('sábado, 28 de noviembre de 2026, 18:00');
    }
  });

  it('moves the calendar day where Buenos Aires is still on the day before', () => {
    expect(formatCommunityListDate('2026-01-01T02:30:00Z')).toBe('31/12/2025 23:30');
    expect(formatCommunityLongDate('2026-03-02T00:05:00Z')).toBe('domingo, 1 de marzo de 2026, 21:05');
    expect(communityTime('2026-03-02T03:00:00Z')).toBe('00:00');
  });

  it('writes Fecha no disponible for no date or an unreadable one', () => {
    for (const value of [null, undefined, '', 'nope', new Date(Number.NaN)]) {
      expect(formatCommunityListDate(value)).toBe('Fecha no disponible');
      expect(formatCommunityLongDate(value)).toBe('Fecha no disponible');
    }
    expect(communityTime('nope')).toBe('Fecha no disponible');
  });
});
