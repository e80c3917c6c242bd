/** The first character of a name, upper case; '?' when there is no name. Counts emoji as one character. */
export function initialOf(name: string | null | undefined): string {
  const first = Array.from((name ?? '').trim())[0];
  return first ? first.toLocaleUpperCase('es') : '?';
}

/** A username as the top bar shows it: first letter upper case, the rest untouched. */
export function capitalizeFirst(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  if (chars.length === 0) return '';
  return chars[0]!.toLocaleUpperCase('es') + chars.slice(1).join('');
}
