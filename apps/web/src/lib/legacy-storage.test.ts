import { describe, expect, it } from 'vitest';
import { clearLegacyStorage, LEGACY_STORAGE_KEYS } from './legacy-storage';

describe('clearLegacyStorage', () => {
  it('removes the old players, results, leagues and tournaments keys and keeps the token', () => {
    for (const key of LEGACY_STORAGE_KEYS) localStorage.setItem(key, '[]');
    localStorage.setItem('token', 'abc');
    clearLegacyStorage();
    expect(LEGACY_STORAGE_KEYS.map((key) => localStorage.getItem(key))).toEqual([null, null, null, null]);
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('names the keys the old local screens used', () => {
    expect(LEGACY_STORAGE_KEYS).toEqual([
      'mitos.admin.players',
      'mitos.admin.results',
      'mitos.leagues',
      'mitos.tournaments',
    ]);
  });

  it('does not throw when the browser refuses storage', () => {
    const refusing = {
      removeItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(() => clearLegacyStorage(refusing)).not.toThrow();
    expect(() => clearLegacyStorage(null)).not.toThrow();
  });
});
