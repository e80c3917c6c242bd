export const MY_MATCHES_TAB_KEY = 'myMatchesSelectedTab';
export const MY_MATCHES_TAB_COUNT = 3;

function validTab(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < MY_MATCHES_TAB_COUNT ? n : null;
}

/**
 * SPEC §2 My matches: the tab asked for in the navigation state (after creating a match,
 * selectedTab 0) wins; else the stored one, where a value above 1 resets to 0; default 0.
 */
export function initialTab(navigationState: unknown, stored: string | null): number {
  const asked =
    navigationState && typeof navigationState === 'object' && 'selectedTab' in navigationState
      ? validTab((navigationState as { selectedTab: unknown }).selectedTab)
      : null;
  if (asked !== null) return asked;
  const remembered = validTab(stored);
  return remembered !== null && remembered <= 1 ? remembered : 0;
}

export function readStoredTab(): string | null {
  try {
    return localStorage.getItem(MY_MATCHES_TAB_KEY);
  } catch {
    return null;
  }
}

export function storeTab(tab: number): void {
  try {
    localStorage.setItem(MY_MATCHES_TAB_KEY, String(tab));
  } catch {
    // Storage may be unavailable (private mode): the tab is then only kept in history state.
  }
}
