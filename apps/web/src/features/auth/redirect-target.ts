/**
 * Where to go after login: the page the route guard stopped (its `from` state), else /. Only
 * same-app paths are accepted so a crafted link cannot send the user to another site.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return '/';
  if (from === '/login' || from.startsWith('/login?') || from === '/register') return '/';
  return from;
}
