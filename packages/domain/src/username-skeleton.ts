import confusables from 'unhomoglyph/data.json';
import { normalizeUsername } from './text';

// Kept apart from the form rules: the confusables table (about 6,000 entries, from Unicode's
// confusables.txt through the unhomoglyph package) is only needed by the server.

const PROTOTYPES = new Map<string, string>(Object.entries(confusables as Record<string, string>));

/** One pass of the TR39 mapping: NFD, each code point to its prototype, NFD again. */
function mapConfusables(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) out += PROTOTYPES.get(ch) ?? ch;
  return out.normalize('NFD');
}

/**
 * The confusable skeleton of a username (Unicode TR39 §4, then lower case): two names with the
 * same skeleton look the same (`alice`, `аlice` with a Cyrillic а, `ａｌｉｃｅ`, `ALICE` and
 * `AL1CE` all give `allce`…). Stored in a unique column, so no two players can look alike; the name
 * itself keeps the player's own script. Case differences are left to the case-insensitive unique
 * index on the name.
 */
export function usernameSkeleton(username: string): string {
  let text = normalizeUsername(username);
  // Lower-casing or NFKC can reveal a character that maps again (a capital Greek letter becomes a
  // small one, a prototype like `º/₀` becomes `o/0`): repeat until nothing changes.
  for (let pass = 0; pass < 8; pass++) {
    const next = mapConfusables(text).normalize('NFKC').toLowerCase();
    if (next === text) break;
    text = next;
  }
  return text;
}
