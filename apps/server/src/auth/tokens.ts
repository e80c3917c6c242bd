import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { UserRole } from '@mitos/domain/constants';

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * How long a rotated refresh token still leads to its successor: two tabs (or a retry after a lost
 * answer) refreshing with the same token within this time share one session instead of looking
 * like a theft. Older reuse revokes the family.
 */
export const REFRESH_GRACE_SECONDS = 30;
export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';

export interface AccessClaims {
  /** User id. */
  sub: number;
  role: UserRole;
  /** Session family, so a revoked family can be told apart. */
  fam: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

function sign(data: string, secret: string): string {
  return createHmac('sha256', secret).update(data).digest('base64url');
}

/** A compact signed token: `v1.<claims>.<signature>`; stateless, so checking it costs no query. */
export function issueAccessToken(
  claims: Omit<AccessClaims, 'exp'>,
  secret: string,
  now = Date.now(),
  ttlSeconds = ACCESS_TTL_SECONDS,
): string {
  const body = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + ttlSeconds })).toString(
    'base64url',
  );
  return `v1.${body}.${sign(`v1.${body}`, secret)}`;
}

/** Tokens already verified, by secret: a signed-in client sends the same token with every request. */
const verified = new Map<string, Map<string, AccessClaims>>();
const MAX_REMEMBERED = 10_000;

export function verifyAccessToken(
  token: string | undefined,
  secret: string,
  now = Date.now(),
): AccessClaims | null {
  if (!token || token.length > 1024) return null;
  let known = verified.get(secret);
  const remembered = known?.get(token);
  if (remembered) return remembered.exp * 1000 > now ? remembered : null;
  const claims = checkAccessToken(token, secret, now);
  if (claims) {
    if (!known) verified.set(secret, (known = new Map()));
    if (known.size >= MAX_REMEMBERED) known.clear();
    known.set(token, claims);
  }
  return claims;
}

function checkAccessToken(token: string, secret: string, now: number): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== 'v1') return null;
  const expected = Buffer.from(sign(`v1.${parts[1]}`, secret));
  const given = Buffer.from(parts[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as AccessClaims;
    if (!Number.isInteger(claims.sub) || typeof claims.exp !== 'number') return null;
    if (claims.exp * 1000 <= now) return null;
    return claims;
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that replaces `token` when it rotates: derived from it with the secret, so a
 * token presented again within the grace window can be answered with the very same successor
 * while the database keeps only hashes. Unguessable without the secret, like a random token.
 */
export function successorRefreshToken(token: string, secret: string): string {
  return createHmac('sha256', secret).update(`refresh-successor.${token}`).digest('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newFamilyId(): string {
  return randomBytes(16).toString('hex');
}
