import type { TLoginRequest, TRegisterRequest } from '@mitos/domain/auth';
import { MSG } from '@mitos/domain/messages';
import type { AppContext } from '../context';
import { uniqueViolation } from '../db/errors';
import { AppError, conflict, unauthorized } from '../http/errors';
import { findUserByEmail, findUserById, insertUser, type UserRow } from '../users/repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { findSessionByHash, insertSession, lockSessionByHash, markRotated, revokeFamily } from './repository';
import { REFRESH_TTL_SECONDS, hashToken, issueAccessToken, newFamilyId, newRefreshToken } from './tokens';
import type { UserRole } from '@mitos/domain/constants';
import type { LoginThrottle } from './login-throttle';

export interface IssuedSession {
  user: UserRow;
  accessToken: string;
  refreshToken: string;
}

type RegisterInput = { [K in keyof TRegisterRequest]: string };
type LoginInput = { [K in keyof TLoginRequest]: string };

export async function register(ctx: AppContext, input: RegisterInput): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await insertUser(ctx.database.db, { username: input.username, email: input.email, passwordHash });
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'users_username_lower_key' || constraint === 'users_username_skeleton_key')
      throw conflict(MSG.usernameTaken);
    if (constraint === 'users_email_lower_key') throw conflict(MSG.emailTaken);
    throw err;
  }
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
  throttle: LoginThrottle,
): Promise<IssuedSession> {
  const key = input.email.toLowerCase();
  if (throttle.isBlocked(key)) throw new AppError(429, MSG.tooManyRequests);
  const user = await findUserByEmail(ctx.database.db, input.email);
  // An unknown email still pays for one hash check, so timing does not tell which emails exist.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) {
    throttle.recordFailure(key);
    throw new AppError(401, MSG.badCredentials);
  }
  throttle.reset(key);
  return openSession(ctx, user);
}

/**
 * Rotates a refresh token. A token that was already rotated means it was copied: the whole
 * family is revoked and the caller must sign in again.
 */
export async function refresh(ctx: AppContext, refreshToken: string | undefined): Promise<IssuedSession> {
  if (!refreshToken || refreshToken.length > 200) throw unauthorized(MSG.invalidRefresh);
  const tokenHash = hashToken(refreshToken);
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const row = await lockSessionByHash(tx, tokenHash);
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
    if (row.rotatedAt) {
      await revokeFamily(tx, row.familyId);
      return { kind: 'reused' as const };
    }
    await markRotated(tx, row.id);
    return { kind: 'ok' as const, row };
  });
  if (outcome.kind !== 'ok') throw unauthorized(MSG.invalidRefresh);
  const user = await findUserById(ctx.database.db, outcome.row.userId);
  if (!user) throw unauthorized(MSG.invalidRefresh);
  return openSession(ctx, user, outcome.row.familyId);
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
