import { playerEditRefusal, usernameFromName } from '@mitos/domain/community-rules';
import type { TAdminPlayer } from '@mitos/domain/community';
import { ZUsername } from '@mitos/domain/auth';
import type { UserRole } from '@mitos/domain/constants';
import { MSG } from '@mitos/domain/messages';
import type { SessionUser } from '../auth/session';
import { communityActor } from '../community/actor';
import type { AppContext } from '../context';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { badRequest, conflict, notFound, refusalError } from '../errors';
import { invitationHash, newInvitationCode, placeholderEmail } from './invitation';
import { presentPlayer } from './presenter';
import * as repo from './repository';

/** A name typed in Jugadores, as a username (the register form's rules). */
function usernameOf(name: string): string {
  const parsed = ZUsername.safeParse(usernameFromName(name));
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MSG.usernameChars);
  return parsed.data;
}

/** A taken username, look-alike or TOR code: 409 with its message; anything else rethrown. */
export function rethrowPlayerConflict(err: unknown): never {
  const constraint = uniqueViolation(err);
  if (constraint === 'users_tor_code_key') throw conflict(MSG.torCodeTaken);
  if (constraint === 'users_username_lower_key' || constraint === 'users_username_skeleton_key')
    throw conflict(MSG.usernameTaken);
  throw err;
}

async function refuseUnlessAllowed(
  db: Db | Tx,
  user: SessionUser,
  target: { placeholder: boolean } | null,
  change: { role?: UserRole | undefined },
): Promise<void> {
  const refusal = playerEditRefusal(await communityActor(db, user), target, change);
  if (refusal) throw refusalError(refusal);
}

export async function listPlayers(
  ctx: AppContext,
  user: SessionUser,
  query: { q: string; page: number; pageSize: number },
) {
  await refuseUnlessAllowed(ctx.database.db, user, null, {});
  const { total, rows } = await repo.listPlayers(ctx.database.db, query);
  return { total, page: query.page, pageSize: query.pageSize, rows: rows.map(presentPlayer) };
}

/** Jugadores › add: a player with no account yet, and the code they claim it with (shown once). */
export async function addPlayer(
  ctx: AppContext,
  user: SessionUser,
  input: { name: string; torCode: string },
): Promise<{ player: TAdminPlayer; invitationCode: string }> {
  await refuseUnlessAllowed(ctx.database.db, user, null, {});
  const username = usernameOf(input.name);
  const invitationCode = newInvitationCode();
  try {
    const row = await ctx.changes.commit(async (tx, announce) => {
      const inserted = await repo.insertPlaceholder(tx, {
        username,
        torCode: input.torCode,
        claimCodeHash: invitationHash(invitationCode),
        placeholderEmail: placeholderEmail(),
      });
      announce({ users: [inserted.id], community: true });
      return inserted;
    });
    return { player: presentPlayer(row), invitationCode };
  } catch (err) {
    rethrowPlayerConflict(err);
  }
}

export async function updatePlayer(
  ctx: AppContext,
  user: SessionUser,
  id: number,
  input: { name?: string | undefined; torCode?: string | null | undefined; role?: UserRole | undefined },
): Promise<TAdminPlayer> {
  const username = input.name === undefined ? undefined : usernameOf(input.name);
  try {
    const row = await ctx.changes.commit(async (tx, announce) => {
      const target = await repo.lockPlayer(tx, id);
      if (!target) throw notFound(MSG.userNotFound);
      await refuseUnlessAllowed(tx, user, target, { role: input.role });
      const updated = await repo.updatePlayer(tx, id, {
        ...(username !== undefined ? { username } : {}),
        ...(input.torCode !== undefined ? { torCode: input.torCode } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
      });
      announce({ users: [id], community: true });
      return updated!;
    });
    return presentPlayer(row);
  } catch (err) {
    rethrowPlayerConflict(err);
  }
}

/** A player sets or clears their own TOR code. */
export async function setOwnTorCode(ctx: AppContext, user: SessionUser, torCode: string | null) {
  try {
    const row = await ctx.changes.commit(async (tx, announce) => {
      announce({ users: [user.id], community: true });
      return repo.updatePlayer(tx, user.id, { torCode });
    });
    if (!row) throw notFound(MSG.userNotFound);
    return presentPlayer(row);
  } catch (err) {
    rethrowPlayerConflict(err);
  }
}
