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

/** What a creator has recorded lately: the guards of decision 012 look at it. */
export interface RecentCreations {
  /** Matches the creator recorded in the last hour. */
  lastHour: number;
  /** For each other player of the new match: the creator's matches still waiting for them. */
  waitingOn: ReadonlyArray<{ username: string; pending: number }>;
}

/** Whether the guards against match spam apply to what this user records. */
export function limitsCreations(actor: Actor): boolean {
  return !RECORDS_FOR_OTHERS.includes(actor.role);
}

/**
 * Match spam: a player records at most `limits.perHour` matches an hour and leaves at most
 * `limits.pendingPerOpponent` matches waiting for any one player. Organisers, who enter a store's
 * or a tournament's results, are not limited.
 */
export function creationLimitDenial(
  actor: Actor,
  recent: RecentCreations,
  limits: { perHour: number; pendingPerOpponent: number },
): AppError | null {
  if (!limitsCreations(actor)) return null;
  if (recent.lastHour >= limits.perHour) return new AppError(429, MSG.tooManyMatchesCreated(limits.perHour));
  const crowded = recent.waitingOn.find((p) => p.pending >= limits.pendingPerOpponent);
  if (crowded) return new AppError(429, MSG.tooManyPendingForPlayer(crowded.username, crowded.pending));
  return null;
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

/**
 * Cancelar. A pending match may be withdrawn by its creator only: the other players answer it
 * with Aprobar or Rechazar. A rejected match is processed (cancelled) by those who may accept the
 * rejection: everyone involved except the player who rejected it. Docs: decision 012.
 */
export function cancelDenial(match: MatchState, userId: number): AppError | null {
  if (!isInvolved(match, userId)) return forbidden(MSG.cancelForbidden);
  switch (match.approvalStatus) {
    case 'pending':
      return match.createdBy === userId ? null : forbidden(MSG.cancelForbidden);
    case 'rejected':
      return rejectedBy(match, userId) ? forbidden(MSG.cancelForbidden) : null;
    case 'cancelled':
      return badRequest(MSG.alreadyCancelled);
    case 'approved':
      return new AppError(400, MSG.cannotCancel, {
        error: MSG.cannotCancel,
        details: MSG.cannotCancelApproved,
      });
  }
}

function rejectedBy(match: MatchState, userId: number): boolean {
  return entryOf(match, userId)?.approvalStatus === 'rejected';
}

/** Accepting a rejection is for everyone involved except the player who rejected. */
export function acceptRejectionDenial(match: MatchState, userId: number): AppError | null {
  if (!isInvolved(match, userId) || rejectedBy(match, userId)) {
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
