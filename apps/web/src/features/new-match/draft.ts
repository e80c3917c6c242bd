import { z } from 'zod/mini';
import { HIGHLIGHT_TYPES, LIMITS, MATCH_MODE_VALUES, TIER_VALUES } from '@mitos/domain/constants';
import type { NewMatchForm } from './form-state';

/**
 * The new-match form kept as a draft (issue 14 item 1): from the first change until it is saved
 * or discarded, in sessionStorage (this tab only, gone when the tab closes) under the player's
 * id, so a lost session, a reload or the back button never loses what the player typed, and
 * another player signing in on the same tab never sees it.
 */
export interface NewMatchDraft {
  form: NewMatchForm;
  /** The rejected match this form records again (Crear Nueva), cancelled once the new one is saved. */
  from: number | null;
}

const ZPositiveInt = z.int().check(z.positive());
const ZScore = z.int().check(z.minimum(0), z.maximum(LIMITS.maxScore));

const ZFormPlayer = z.object({
  userId: ZPositiveInt,
  username: z.string().check(z.maxLength(100)),
  deck: z.nullable(
    z.object({
      id: ZPositiveInt,
      name: z.string().check(z.maxLength(200)),
      raza: z.string().check(z.maxLength(100)),
    }),
  ),
});

const ZDraft = z.object({
  form: z.object({
    mode: z.enum(MATCH_MODE_VALUES),
    tier: z.enum(TIER_VALUES),
    teams: z.tuple([z.array(ZFormPlayer).check(z.maxLength(2)), z.array(ZFormPlayer).check(z.maxLength(2))]),
    scores: z.tuple([ZScore, ZScore]),
    highlights: z.array(z.enum(HIGHLIGHT_TYPES)).check(z.maxLength(LIMITS.maxHighlights)),
    totalMatches: z.nullable(ZPositiveInt),
    // A draft kept before the store and league existed has neither.
    storeId: z._default(z.nullable(ZPositiveInt), null),
    leagueId: z._default(z.nullable(ZPositiveInt), null),
  }),
  from: z.nullable(ZPositiveInt),
});

export function draftKey(userId: number): string {
  return `mitos:new-match-draft:${userId}`;
}

/** The player's draft, or null when there is none or it cannot be read. */
export function readDraft(userId: number, storage: Storage = sessionStorage): NewMatchDraft | null {
  try {
    const raw = storage.getItem(draftKey(userId));
    if (raw === null) return null;
    const parsed = ZDraft.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; false when the browser refuses (private mode, quota). */
export function writeDraft(userId: number, draft: NewMatchDraft, storage: Storage = sessionStorage): boolean {
  try {
    storage.setItem(draftKey(userId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(userId: number, storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(draftKey(userId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}
