import { z } from 'zod';
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

const ZFormPlayer = z.object({
  userId: z.number().int().positive(),
  username: z.string().max(100),
  deck: z
    .object({ id: z.number().int().positive(), name: z.string().max(200), raza: z.string().max(100) })
    .nullable(),
});

const ZDraft = z.object({
  form: z.object({
    mode: z.enum(MATCH_MODE_VALUES),
    tier: z.enum(TIER_VALUES),
    teams: z.tuple([z.array(ZFormPlayer).max(2), z.array(ZFormPlayer).max(2)]),
    scores: z.tuple([
      z.number().int().min(0).max(LIMITS.maxScore),
      z.number().int().min(0).max(LIMITS.maxScore),
    ]),
    highlights: z.array(z.enum(HIGHLIGHT_TYPES)).max(LIMITS.maxHighlights),
    totalMatches: z.number().int().positive().nullable(),
    // A draft kept before the store and league existed has neither.
    storeId: z.number().int().positive().nullable().default(null),
    leagueId: z.number().int().positive().nullable().default(null),
  }),
  from: z.number().int().positive().nullable(),
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
