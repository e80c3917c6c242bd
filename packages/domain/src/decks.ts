import { z } from 'zod/mini';
import { DEFAULT_RACE, LIMITS, RACES } from './constants';
import * as MSG from './message-texts';
import { cleanText } from './common';

export const ZRace = z.enum(RACES, { error: MSG.invalidRace });

export const ZDeck = z.object({
  id: z.int(),
  user_id: z.int(),
  name: z.string(),
  raza: z.string(),
  description: z.nullable(z.string()),
  is_default: z.boolean(),
  created_at: z.string(),
});
export type TDeck = z.infer<typeof ZDeck>;
export const ZDeckList = z.array(ZDeck);

export const ZDeckName = z.pipe(
  z.pipe(z.string({ error: MSG.deckNameRequired }), z.transform(cleanText)),
  z
    .string()
    .check(
      z.minLength(1, { error: MSG.deckNameRequired }),
      z.maxLength(LIMITS.deckNameMax, { error: MSG.deckNameMax }),
    ),
);

export const ZDeckDescription = z.optional(
  z.nullable(
    z.pipe(
      z.pipe(
        z.string().check(z.maxLength(LIMITS.deckDescriptionMax * 2, { error: MSG.deckDescriptionMax })),
        z.transform((v) => v.trim()),
      ),
      z.string().check(z.maxLength(LIMITS.deckDescriptionMax, { error: MSG.deckDescriptionMax })),
    ),
  ),
);

export const ZCreateDeckRequest = z.strictObject({
  name: ZDeckName,
  raza: z._default(z.optional(ZRace), DEFAULT_RACE),
  description: ZDeckDescription,
});
export type TCreateDeckRequest = z.input<typeof ZCreateDeckRequest>;

export const ZUpdateDeckRequest = z.strictObject({
  name: ZDeckName,
  raza: ZRace,
  description: ZDeckDescription,
});
export type TUpdateDeckRequest = z.input<typeof ZUpdateDeckRequest>;

/** The key under which deck names are unique per user: trimmed and case-insensitive. */
export function deckNameKey(name: string): string {
  return cleanText(name).toLowerCase();
}

/**
 * SPEC §5 deck form rule: name required and unique among the user's decks, ignoring case and
 * surrounding spaces, not counting the deck being edited.
 */
export function deckNameError(
  name: string,
  decks: ReadonlyArray<{ id: number; name: string }>,
  editingId?: number,
): string | null {
  const key = deckNameKey(name);
  if (key === '') return MSG.deckNameRequired;
  if (key.length > LIMITS.deckNameMax) return MSG.deckNameMax;
  if (decks.some((d) => d.id !== editingId && deckNameKey(d.name) === key)) return MSG.deckNameTaken;
  return null;
}

/** Default first, then newest (highest id) first. */
export function sortDecks<T extends { id: number; is_default: boolean }>(decks: readonly T[]): T[] {
  return [...decks].sort((a, b) => Number(b.is_default) - Number(a.is_default) || b.id - a.id);
}
