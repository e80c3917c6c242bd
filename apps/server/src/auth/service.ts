import type { CachedRead } from '../cache/cached-read';
import { presentSelfUser } from '../users/presenter';
import type { TLoginRequest } from '@mitos/domain/auth';
import { MSG } from '@mitos/domain/messages';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { AppError, badRequest, conflict, unauthorized } from '../errors';
import { invitationHash } from '../players/invitation';
import { claimPlaceholder, lockPlaceholderByCode, updatePlayer } from '../players/repository';
import { findUserByEmail, findUserById, insertUser, type UserRow } from '../users/repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { findSessionByHash, insertSession, lockSessionByHash, markRotated, revokeFamily } from './repository';
import {
  REFRESH_GRACE_SECONDS,
  REFRESH_TTL_SECONDS,
  hashToken,
  issueAccessToken,
  newFamilyId,
  newRefreshToken,
  successorRefreshToken,
} from './tokens';
import type { UserRole } from '@mitos/domain/constants';
import type { AuthThrottle } from './throttle';

export interface IssuedSession {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
}

type RegisterInput = {
  username: string;
  email: string;
  password: string;
  invitationCode?: string | undefined;
};
type LoginInput = { [K in keyof TLoginRequest]: string };

export async function register(
  ctx: AppContext,
  input: RegisterInput,
  throttle: AuthThrottle,
  ip: string,
): Promise<UserRow> {
  if (!(await throttle.beforeRegister(ip))) throw new AppError(429, MSG.tooManyRequests);
  const passwordHash = await hashPassword(input.password);
  const role = isListedAdmin(ctx, input.email) ? ('admin' as const) : undefined;
  const account = { username: input.username, email: input.email, passwordHash };
  try {
    if (input.invitationCode) {
      const code = input.invitationCode;
      return await ctx.changes.commit(async (tx, announce) => {
        const placeholder = await lockPlaceholderByCode(tx, invitationHash(code));
        if (!placeholder) throw badRequest(MSG.invitationInvalid);
        announce({ users: [placeholder.id], community: true });
        const claimed = await claimPlaceholder(tx, placeholder.id, account);
        return role ? ((await updatePlayer(tx, claimed.id, { role })) ?? claimed) : claimed;
      });
    }
    return await insertUser(ctx.database.db, { ...account, ...(role ? { role } : {}) });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'users_username_lower_key' || constraint === 'users_username_skeleton_key')
      throw conflict(MSG.usernameTaken);
    if (constraint === 'users_email_lower_key') throw conflict(MSG.emailTaken);
    throw err;
  }
}

function isListedAdmin(ctx: AppContext, email: string): boolean {
  return ctx.config.adminEmails.includes(email.toLowerCase());
}

/** ADMIN_EMAILS: an operator makes the first admin of a running install without a restart of roles. */
async function promoteListedAdmin(ctx: AppContext, user: UserRow): Promise<UserRow> {
  if (user.role === 'admin' || !isListedAdmin(ctx, user.email)) return user;
  return ctx.changes.commit(async (tx, announce) => {
    announce({ users: [user.id], community: true });
    return (await updatePlayer(tx, user.id, { role: 'admin' })) ?? user;
  });
}

async function openSession(ctx: AppContext, user: UserRow, familyId = newFamilyId()): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  await insertSession(ctx.database.db, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
  });
  return {
    user,
    refreshToken,
    accessToken: issueAccessToken(
      { sub: user.id, role: user.role as UserRole, fam: familyId },
      ctx.config.sessionSecret,
    ),
  };
}

export async function login(
  ctx: AppContext,
  input: LoginInput,
  throttle: AuthThrottle,
  ip: string,
): Promise<IssuedSession> {
  if ((await throttle.beforeLogin(input.email, ip)) !== 'allow') throw new AppError(429, MSG.tooManyRequests);
  const found = await findUserByEmail(ctx.database.db, input.email);
  // A placeholder has no password: it is signed in to only after it is claimed.
  const user = found?.placeholder ? undefined : found;
  // An unknown email still pays for one hash check, so timing does not tell which emails exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw new AppError(401, MSG.badCredentials);
  await throttle.loginSucceeded(input.email, ip);
  return openSession(ctx, await promoteListedAdmin(ctx, user));
}

/** How many rotations a token presented again may follow within the grace window. */
const MAX_GRACE_STEPS = 5;

type RefreshOutcome =
  { kind: 'ok'; userId: number; familyId: string; refreshToken: string } | { kind: 'invalid' | 'reused' };

/**
 * Rotates a refresh token. Presented again within REFRESH_GRACE_SECONDS of its rotation (two tabs
 * refreshing at once, a retry after a lost answer), it answers the same successor (following
 * the rotations made meanwhile) and the family stays valid. Presented again later, it was copied:
 * the whole family is revoked and the caller must sign in again.
 */
export async function refresh(ctx: AppContext, refreshToken: string | undefined): Promise<IssuedSession> {
  if (!refreshToken || refreshToken.length > 200) throw unauthorized(MSG.invalidRefresh);
  const now = Date.now();
  const secret = ctx.config.sessionSecret;
  const outcome = await ctx.database.transaction(async (tx): Promise<RefreshOutcome> => {
    let token = refreshToken;
    for (let step = 0; step <= MAX_GRACE_STEPS; step++) {
      // Locked, so two refreshes with one token cannot both rotate it; the older row first, always.
      const row = await lockSessionByHash(tx, hashToken(token));
      if (!row || row.revokedAt || row.expiresAt.getTime() <= now) return { kind: 'invalid' };
      const found = { userId: row.userId, familyId: row.familyId };
      if (!row.rotatedAt) {
        // A successor still current, reached from an older token within the grace window.
        if (step > 0) return { kind: 'ok', ...found, refreshToken: token };
        const successor = successorRefreshToken(token, secret);
        await markRotated(tx, row.id, new Date(now));
        await insertSession(tx, {
          userId: row.userId,
          familyId: row.familyId,
          tokenHash: hashToken(successor),
          expiresAt: new Date(now + REFRESH_TTL_SECONDS * 1000),
        });
        return { kind: 'ok', ...found, refreshToken: successor };
      }
      if (row.rotatedAt.getTime() + REFRESH_GRACE_SECONDS * 1000 <= now) break;
      token = successorRefreshToken(token, secret);
    }
    await revokeFamilyOf(tx, refreshToken);
    return { kind: 'reused' };
  });
  if (outcome.kind !== 'ok') throw unauthorized(MSG.invalidRefresh);
  const user = await findUserById(ctx.database.db, outcome.userId);
  if (!user) throw unauthorized(MSG.invalidRefresh);
  return {
    user,
    refreshToken: outcome.refreshToken,
    accessToken: issueAccessToken(
      { sub: user.id, role: user.role as UserRole, fam: outcome.familyId },
      ctx.config.sessionSecret,
    ),
  };
}

async function revokeFamilyOf(tx: Tx, refreshToken: string): Promise<void> {
  const row = await lockSessionByHash(tx, hashToken(refreshToken));
  if (row) await revokeFamily(tx, row.familyId);
}

export async function logout(
  ctx: AppContext,
  refreshToken: string | undefined,
  familyId?: string,
): Promise<void> {
  if (refreshToken && refreshToken.length <= 200) {
    const row = await findSessionByHash(ctx.database.db, hashToken(refreshToken));
    if (row) await revokeFamily(ctx.database.db, row.familyId);
  }
  if (familyId) await revokeFamily(ctx.database.db, familyId);
}

export async function currentUserRow(ctx: AppContext, userId: number): Promise<UserRow | undefined> {
  return findUserById(ctx.database.db, userId);
}

/** GET /api/auth/me: the signed-in user's own row, kept until their account row changes. */
export const meRead: CachedRead<AppContext, number> = {
  key: (userId) => `me:${userId}`,
  topics: (userId) => [`user:${userId}`],
  read: async (ctx, userId) => {
    const user = await currentUserRow(ctx, userId);
    return user ? { payload: { authenticated: true as const, user: presentSelfUser(user) } } : null;
  },
};
