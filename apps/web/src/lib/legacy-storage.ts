/**
 * What the old local screens kept in this browser (players, results, leagues, tournaments): the
 * server holds the community (docs/decisions/014) and the tournaments (015) now, so these are
 * removed once at start.
 */
export const LEGACY_STORAGE_KEYS = [
  'mitos.admin.players',
  'mitos.admin.results',
  'mitos.leagues',
  'mitos.tournaments',
] as const;

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
