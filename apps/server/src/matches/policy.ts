import type { ApprovalStatus, PlayerApprovalStatus, UserRole } from '@mitos/domain/constants';
import { MSG } from '@mitos/domain/messages';
import { AppError, badRequest, forbidden } from '../http/errors';

/** What the permission rules look at: the match's state, who created it, who plays and how. */
export interface MatchState {
  approvalStatus: ApprovalStatus;
  createdBy: number;
  players: ReadonlyArray<{ userId: number; approvalStatus: PlayerApprovalStatus }>;
}

export interface Actor {
  id: number;
  role: UserRole;
}

/** Roles that may record a match they do not play in (tournament organisers). */
const RECORDS_FOR_OTHERS: readonly UserRole[] = ['admin', 'tournament_admin'];

function entryOf(match: MatchState, userId: number) {
  return match.players.find((p) => p.userId === userId);
}

export function isInvolved(match: MatchState, userId: number): boolean {
  return match.createdBy === userId || entryOf(match, userId) !== undefined;
}

/** Each rule answers null when the action is allowed, else the error to send. */
export function createDenial(actor: Actor, playerIds: readonly number[]): AppError | null {
  if (playerIds.includes(actor.id) || RECORDS_FOR_OTHERS.includes(actor.role)) return null;
  return forbidden(MSG.createForbidden);
}

/** Approve or reject: only a player whose own entry is pending, on a pending match. */
export function decisionDenial(
  match: MatchState,
  userId: number,
  action: 'approve' | 'reject',
): AppError | null {
  const refused = forbidden(action === 'approve' ? MSG.approveForbidden : MSG.rejectForbidden);
  const entry = entryOf(match, userId);
  if (!entry) return refused;
  if (match.approvalStatus !== 'pending') return badRequest(MSG.notPending);
  if (entry.approvalStatus !== 'pending') return refused;
  return null;
}

export function cancelDenial(match: MatchState, userId: number): AppError | null {
  if (!isInvolved(match, userId)) return forbidden(MSG.cancelForbidden);
  switch (match.approvalStatus) {
    case 'pending':
    case 'rejected':
      return null;
    case 'cancelled':
      return badRequest(MSG.alreadyCancelled);
    case 'approved':
      return new AppError(400, MSG.cannotCancel, {
        error: MSG.cannotCancel,
        details: MSG.cannotCancelApproved,
      });
  }
}

/** Accepting a rejection is for everyone involved except the player who rejected. */
export function acceptRejectionDenial(match: MatchState, userId: number): AppError | null {
  if (!isInvolved(match, userId) || entryOf(match, userId)?.approvalStatus === 'rejected') {
    return forbidden(MSG.handleRejectionForbidden);
  }
  if (match.approvalStatus !== 'rejected') return badRequest(MSG.notRejected);
  return null;
}

export function closeRejectedDenial(match: MatchState, userId: number): AppError | null {
  if (!isInvolved(match, userId)) return forbidden(MSG.cancelForbidden);
  if (match.approvalStatus !== 'rejected') return badRequest(MSG.notRejected);
  return null;
}
