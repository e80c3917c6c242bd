import { LIMITS } from './constants';
import * as MSG from './message-texts';

// Text rules without zod, so the first download (sign-in and registration forms) can use them.

/** Simple address pattern of SPEC §5. */
export const EMAIL_PATTERN =
  /^[^\s@\u0000-\u001f\u007f]+@[^\s@\u0000-\u001f\u007f]+\.[^\s@\u0000-\u001f\u007f]+$/;

/** Trims and removes invisible control characters that would make two texts look equal. */
export function cleanText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g, '')
    .trim();
}

/** Letters, digits, dots, hyphens and underscores (SPEC §5), in any script. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;

/**
 * Characters that draw nothing: the Unicode default-ignorables (which include the Hangul fillers
 * U+115F, U+1160, U+3164 and U+FFA0, letters by category, so the name pattern lets them through)
 * and the braille blank U+2800. A name made of them shows as blank; a name containing them looks
 * like another one.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * The form a username is stored in: cleaned, then NFKC, so that compatibility forms (fullwidth
 * `ａｌｉｃｅ`, ligatures, circled letters) become the plain letters they stand for.
 */
export function normalizeUsername(raw: string): string {
  return cleanText(raw).normalize('NFKC').trim();
}

export function hasInvisibleCharacter(text: string): boolean {
  return INVISIBLE.test(text);
}

/** The first rule a username (already normalized) breaks, or null. */
export function usernameError(name: string): string | null {
  if (name.length < LIMITS.usernameMin) return MSG.usernameMin;
  if (name.length > LIMITS.usernameMax) return MSG.usernameMax;
  if (!USERNAME_PATTERN.test(name)) return MSG.usernameChars;
  if (hasInvisibleCharacter(name)) return MSG.usernameInvisible;
  return null;
}
