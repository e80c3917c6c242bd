/**
 * What the old local admin screens kept in this browser (players, results, leagues): the server
 * holds the community now (docs/decisions/014), so these are removed once at start. Tournaments
 * keep their key (`mitos.tournaments`) until they move to the server (issue 16).
 */
export const LEGACY_STORAGE_KEYS = ['mitos.admin.players', 'mitos.admin.results', 'mitos.leagues'] as const;

/** Removes the old keys; a browser that refuses storage (private mode, policy) is left alone. */
export function clearLegacyStorage(storage: Pick<Storage, 'removeItem'> | null = safeLocalStorage()): void {
  if (!storage) return;
  for (const key of LEGACY_STORAGE_KEYS) {
    try {
      storage.removeItem(key);
    } catch {
      // Nothing we can do, and nothing reads these keys any more.
    }
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
