import { describe, expect, it } from 'vitest';
import { clearLegacyStorage, LEGACY_STORAGE_KEYS } from './legacy-storage';

describe('clearLegacyStorage', () => {
  it('removes the old players, results and leagues keys and keeps the tournaments and the token', () => {
    for (const key of LEGACY_STORAGE_KEYS) localStorage.setItem(key, '[]');
    localStorage.setItem('mitos.tournaments', '[1]');
    localStorage.setItem('token', 'abc');
    clearLegacyStorage();
    expect(LEGACY_STORAGE_KEYS.map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
    expect(localStorage.getItem('mitos.tournaments')).toBe('[1]');
    expect(localStorage.getItem('token')).toBe('abc');
  });

  it('names the keys the old admin screens used', () => {
    expect(LEGACY_STORAGE_KEYS).toEqual(['mitos.admin.players', 'mitos.admin.results', 'mitos.leagues']);
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
