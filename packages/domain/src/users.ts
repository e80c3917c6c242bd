import { z } from 'zod/mini';
import { USER_ROLES } from './constants';
import { normalizeUsername } from './text';

export const ZUserRole = z.enum(USER_ROLES);

/** A user as shown to others: never an email or a hash. */
export const ZPublicUser = z.object({
  id: z.int(),
  username: z.string(),
  created_at: z.string(),
  role: ZUserRole,
});
export type TPublicUser = z.infer<typeof ZPublicUser>;

/** The signed-in user's own profile. */
export const ZSelfUser = z.extend(ZPublicUser, {
  email: z.string(),
  token: z.optional(z.string()),
});
export type TSelfUser = z.infer<typeof ZSelfUser>;

export const ZUserSummary = z.object({ id: z.int(), username: z.string() });
export type TUserSummary = z.infer<typeof ZUserSummary>;
export const ZUserSummaryList = z.array(ZUserSummary);

export const ZUserSearchQuery = z.object({
  q: z._default(z.optional(z.string().check(z.maxLength(100))), ''),
});

export type UserSearch =
  { kind: 'none' } | { kind: 'id'; id: number } | { kind: 'username'; text: string; exact: boolean };

/**
 * SPEC §5 player search: empty gives nothing, a number searches by id, a leading @ searches
 * by username without the @ (nothing after it gives nothing), anything else by username. The text
 * is normalized like stored names (NFKC), so `ａｎａ` finds `ana`.
 */
export function parseUserSearch(raw: string): UserSearch {
  const q = normalizeUsername(raw);
  if (q === '') return { kind: 'none' };
  if (/^\d+$/.test(q)) {
    const id = Number(q);
    return Number.isSafeInteger(id) && id <= 2_147_483_647 ? { kind: 'id', id } : { kind: 'none' };
  }
  if (q.startsWith('@')) {
    const text = q.slice(1).trim();
    return text === '' ? { kind: 'none' } : { kind: 'username', text, exact: false };
  }
  return { kind: 'username', text: q, exact: false };
}
