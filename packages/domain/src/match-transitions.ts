import type { ApprovalStatus, PlayerApprovalStatus, UserRole } from './constants';
import type { MatchEventType } from './matches';
import * as MSG from './message-texts';
import { runsStore, type CommunityActor } from './community-rules';

/**
 * The match state machine, the one home of who may do what to a match and what it changes
 * (SPEC §4, decisions 005 and 012). The server applies what it decides under the match's lock, the
 * demo seeder builds its histories with it, and the web app shows its buttons from it.
 */

/** What the rules look at: the match's status, who created it, and each player's answer. */
export interface MatchState {
  approvalStatus: ApprovalStatus;
  createdBy: number;
  players: ReadonlyArray<{ userId: number; approvalStatus: PlayerApprovalStatus }>;
  /** The store it was played at, for the actions of its organisers (annul); absent: none. */
  storeId?: number | null;
  /** The tournament it belongs to; absent: none (its rounds settle it, decision 015). */
  tournamentId?: number | null;
  /** Sent to its store's organisers after nobody answered in time (decision 020). */
  escalated?: boolean;
}

/**
 * approve / reject: a pending player answers. cancel: the creator withdraws a pending match, or a
 * rejected one is processed. accept-rejection: Aceptar Rechazo. close-rejected: the caller stops
 * seeing a rejected match. expire: the server cancels a rejection nobody processed (no actor).
 * annul: an admin or the store's organiser cancels an approved match (its points are removed).
 * The server's timers of a pending match (decision 020): remind the players who have not answered,
 * escalate a match played at a store to its organisers, expire-pending any other one nobody
 * answered. confirm: an admin or the store's organiser approves an escalated match for the
 * players who did not answer (and may cancel it: `cancel`).
 */
export type MatchAction =
  | 'approve'
  | 'reject'
  | 'cancel'
  | 'accept-rejection'
  | 'close-rejected'
  | 'expire'
  | 'annul'
  | 'remind'
  | 'escalate'
  | 'expire-pending'
  | 'confirm';

/** The actions only the server takes (no actor). */
const SERVER_ACTIONS: ReadonlySet<MatchAction> = new Set(['expire', 'remind', 'escalate', 'expire-pending']);

/** A refused action: the HTTP status and the SPEC's message (and details) to answer with. */
export interface Refusal {
  status: 400 | 403;
  message: string;
  details?: string;
}

/** What an allowed action changes. */
export interface TransitionEffect {
  /** The event written for the actor (or for nobody when the server acts). */
  event: MatchEventType;
  /** The actor's own entry takes this status. */
  entry?: PlayerApprovalStatus;
  /** Entries still pending become cancelled. */
  cancelWaiting?: boolean;
  /** Entries still pending become approved (an organiser confirms an escalated match). */
  approveWaiting?: boolean;
  /** The match is marked as escalated to its store's organisers. */
  escalate?: boolean;
  /** The match takes this status (and label). */
  match?: { approvalStatus: ApprovalStatus; status?: string | null };
  /** The match is marked as last touched by the actor. */
  touch: boolean;
}

export type Decision = { ok: true; effect: TransitionEffect } | { ok: false; refusal: Refusal };

const refuse = (status: 400 | 403, message: string, details?: string): Decision => ({
  ok: false,
  refusal: details === undefined ? { status, message } : { status, message, details },
});
const allow = (effect: TransitionEffect): Decision => ({ ok: true, effect });

function entryOf(state: MatchState, userId: number | null) {
  return userId === null ? undefined : state.players.find((p) => p.userId === userId);
}

/** The creator and the players are involved in a match; nobody else. */
export function isInvolved(
  state: { createdBy: number; players: ReadonlyArray<{ userId: number }> },
  userId: number,
): boolean {
  return state.createdBy === userId || state.players.some((p) => p.userId === userId);
}

function rejectedBy(state: MatchState, userId: number): boolean {
  return entryOf(state, userId)?.approvalStatus === 'rejected';
}

/** Approve or reject: only a player whose own entry is pending, on a pending match. */
function answer(state: MatchState, actor: number, action: 'approve' | 'reject'): Decision {
  const message = action === 'approve' ? MSG.approveForbidden : MSG.rejectForbidden;
  const entry = entryOf(state, actor);
  if (!entry) return refuse(403, message);
  if (state.approvalStatus !== 'pending') return refuse(400, MSG.notPending);
  if (entry.approvalStatus !== 'pending') return refuse(403, message);
  if (action === 'reject') {
    return allow({
      event: 'rejected',
      entry: 'rejected',
      touch: true,
      match: { approvalStatus: 'rejected', status: 'rejected' },
    });
  }
  const everyone = state.players.every((p) => p.userId === actor || p.approvalStatus === 'approved');
  return allow({
    event: 'approved',
    entry: 'approved',
    touch: true,
    ...(everyone ? { match: { approvalStatus: 'approved' as const } } : {}),
  });
}

/**
 * Cancelar. A pending match may be withdrawn by its creator only: the other players answer it.
 * A rejected match is processed by those who may accept the rejection: everyone involved except
 * the player who rejected it.
 */
function cancel(state: MatchState, actor: number, who: CommunityActor | undefined): Decision {
  if (state.createdBy !== actor && state.escalated === true && state.approvalStatus === 'pending') {
    if (officiatesEscalated(state, who))
      return allow({
        event: 'cancelled',
        cancelWaiting: true,
        touch: true,
        match: { approvalStatus: 'cancelled', status: 'processed' },
      });
  }
  if (!isInvolved(state, actor)) return refuse(403, MSG.cancelForbidden);
  switch (state.approvalStatus) {
    case 'pending':
      if (state.createdBy !== actor) return refuse(403, MSG.cancelForbidden);
      return allow({
        event: 'cancelled',
        cancelWaiting: true,
        touch: true,
        match: { approvalStatus: 'cancelled' },
      });
    case 'rejected':
      if (rejectedBy(state, actor)) return refuse(403, MSG.cancelForbidden);
      return allow({
        event: 'cancelled',
        cancelWaiting: true,
        touch: true,
        match: { approvalStatus: 'cancelled', status: 'processed' },
      });
    case 'cancelled':
      return refuse(400, MSG.alreadyCancelled);
    case 'approved':
      return refuse(400, MSG.cannotCancel, MSG.cannotCancelApproved);
  }
}

/** Aceptar Rechazo: everyone involved except the player who rejected; the match is cancelled. */
function acceptRejection(state: MatchState, actor: number): Decision {
  if (!isInvolved(state, actor) || rejectedBy(state, actor)) return refuse(403, MSG.handleRejectionForbidden);
  if (state.approvalStatus !== 'rejected') return refuse(400, MSG.notRejected);
  return allow({
    event: 'rejection_accepted',
    cancelWaiting: true,
    touch: true,
    match: { approvalStatus: 'cancelled', status: 'processed' },
  });
}

/** Close a rejected match for the caller only: the match stays rejected for the others. */
function closeRejected(state: MatchState, actor: number): Decision {
  if (!isInvolved(state, actor)) return refuse(403, MSG.cancelForbidden);
  if (state.approvalStatus !== 'rejected') return refuse(400, MSG.notRejected);
  return allow({ event: 'closed', touch: false });
}

/** A rejection nobody processed in time is cancelled by the server (decision 012). */
function expire(state: MatchState): Decision {
  if (state.approvalStatus !== 'rejected') return refuse(400, MSG.notRejected);
  return allow({
    event: 'expired',
    cancelWaiting: true,
    touch: false,
    match: { approvalStatus: 'cancelled', status: 'processed' },
  });
}

/** Whether `who` is an admin or an organiser of the store the match was played at. */
function officiatesEscalated(state: MatchState, who: CommunityActor | undefined): boolean {
  const storeId = state.storeId ?? null;
  return who !== undefined && (who.role === 'admin' || (storeId !== null && runsStore(who, storeId)));
}

/** The players still to answer a pending match. */
export function waitingPlayers(state: Pick<MatchState, 'players'>): number[] {
  return state.players.filter((p) => p.approvalStatus === 'pending').map((p) => p.userId);
}

/** A pending match not yet escalated, still waiting on someone: what the server's timers act on. */
function unanswered(state: MatchState): Decision | null {
  if (state.approvalStatus !== 'pending') return refuse(400, MSG.notPending);
  if (state.escalated === true) return refuse(400, MSG.alreadyEscalated);
  if (waitingPlayers(state).length === 0) return refuse(400, MSG.notPending);
  return null;
}

/** A reminder to the players who have not answered (decision 020). */
function remind(state: MatchState): Decision {
  return unanswered(state) ?? allow({ event: 'reminded', touch: false });
}

/**
 * Nobody answered in time: a match played at a store (not of a tournament) goes to the store's
 * organisers, who confirm or cancel it; the players may still answer meanwhile (decision 020).
 */
function escalate(state: MatchState): Decision {
  const refusal = unanswered(state);
  if (refusal) return refusal;
  if ((state.tournamentId ?? null) !== null) return refuse(400, MSG.tournamentMatchNoExpiry);
  if ((state.storeId ?? null) === null) return refuse(400, MSG.notAtStore);
  return allow({ event: 'escalated', touch: false, escalate: true });
}

/** Nobody answered in time a match of no store nor tournament: it is cancelled (decision 020). */
function expirePending(state: MatchState): Decision {
  const refusal = unanswered(state);
  if (refusal) return refusal;
  if ((state.tournamentId ?? null) !== null) return refuse(400, MSG.tournamentMatchNoExpiry);
  if ((state.storeId ?? null) !== null) return refuse(400, MSG.atStoreEscalates);
  return allow({
    event: 'expired',
    cancelWaiting: true,
    touch: false,
    match: { approvalStatus: 'cancelled', status: 'processed' },
  });
}

/**
 * Confirmar: an admin or the store's organiser approves an escalated match as if the players who
 * did not answer had approved it; it counts like any approved match (decision 020).
 */
function confirm(state: MatchState, who: CommunityActor | undefined): Decision {
  if (!officiatesEscalated(state, who)) return refuse(403, MSG.confirmForbidden);
  if (state.approvalStatus !== 'pending') return refuse(400, MSG.notPending);
  if (state.escalated !== true) return refuse(400, MSG.notEscalated);
  return allow({
    event: 'confirmed',
    approveWaiting: true,
    touch: true,
    match: { approvalStatus: 'approved' },
  });
}

/**
 * Anular: an admin, or an organiser of the store the match was played at, cancels an approved
 * match; its points leave the rankings (docs/decisions/014). The players' answers stay as given.
 */
function annul(state: MatchState, who: CommunityActor | undefined): Decision {
  const storeId = state.storeId ?? null;
  const allowed =
    who !== undefined && (who.role === 'admin' || (storeId !== null && runsStore(who, storeId)));
  if (!allowed) return refuse(403, MSG.annulForbidden);
  if (state.approvalStatus !== 'approved') return refuse(400, MSG.notApproved);
  return allow({
    event: 'annulled',
    touch: true,
    match: { approvalStatus: 'cancelled', status: 'processed' },
  });
}

/**
 * Whether `actor` may do `action` to the match as it is, and if so what it changes; otherwise the
 * refusal to answer with. `actor` is null only for the server's own `expire`. `who` is the actor
 * as the community sees them (role, organised stores): only `annul` looks at it.
 */
export function decideTransition(
  state: MatchState,
  actor: number | null,
  action: MatchAction,
  who?: CommunityActor,
): Decision {
  // The timers are the server's alone; every other action is a person's.
  if (SERVER_ACTIONS.has(action) !== (actor === null)) return refuse(403, MSG.forbidden);
  switch (action) {
    case 'expire':
      return expire(state);
    case 'remind':
      return remind(state);
    case 'escalate':
      return escalate(state);
    case 'expire-pending':
      return expirePending(state);
  }
  if (actor === null) return refuse(403, MSG.forbidden);
  const acting = who?.id === actor ? who : undefined;
  switch (action) {
    case 'approve':
    case 'reject':
      return answer(state, actor, action);
    case 'cancel':
      return cancel(state, actor, acting);
    case 'accept-rejection':
      return acceptRejection(state, actor);
    case 'close-rejected':
      return closeRejected(state, actor);
    case 'annul':
      return annul(state, acting);
    case 'confirm':
      return confirm(state, acting);
  }
}

/** Whether the action would be allowed: what the screens show buttons for. */
export function canTransition(
  state: MatchState,
  actor: number | null | undefined,
  action: MatchAction,
  who?: CommunityActor,
): boolean {
  return actor != null && decideTransition(state, actor, action, who).ok;
}

/** The match after the effect: the entries and the status it changes. */
export function applyTransition(
  state: MatchState,
  actor: number | null,
  effect: TransitionEffect,
): MatchState {
  return {
    ...state,
    approvalStatus: effect.match?.approvalStatus ?? state.approvalStatus,
    ...(effect.escalate ? { escalated: true } : {}),
    players: state.players.map((p) =>
      effect.entry && p.userId === actor
        ? { ...p, approvalStatus: effect.entry }
        : effect.cancelWaiting && p.approvalStatus === 'pending'
          ? { ...p, approvalStatus: 'cancelled' as const }
          : effect.approveWaiting && p.approvalStatus === 'pending'
            ? { ...p, approvalStatus: 'approved' as const }
            : p,
    ),
  };
}

/** Roles that may record a match they do not play in (tournament and store organisers). */
const RECORDS_FOR_OTHERS: readonly UserRole[] = ['admin', 'tournament_admin'];

export interface Recorder {
  id: number;
  role: UserRole;
}

/**
 * Recording a match: the creator must play in it, unless an organiser, or the match's official
 * (its store's organiser, its referee: community-rules `officiates`).
 */
export function creationRefusal(
  actor: Recorder,
  playerIds: readonly number[],
  official = false,
): Refusal | null {
  if (official || playerIds.includes(actor.id) || RECORDS_FOR_OTHERS.includes(actor.role)) return null;
  return { status: 403, message: MSG.createForbidden };
}

/** Whether the guards against match spam apply to what this user records (decision 012). */
export function limitsCreations(actor: Recorder): boolean {
  return !RECORDS_FOR_OTHERS.includes(actor.role);
}

/** What a creator has recorded lately: the guards of decision 012 look at it. */
export interface RecentCreations {
  /** Matches the creator recorded in the last hour. */
  lastHour: number;
  /** For each other player of the new match: the creator's matches still waiting for them. */
  waitingOn: ReadonlyArray<{ username: string; pending: number }>;
}

export interface CreationLimits {
  perHour: number;
  pendingPerOpponent: number;
}

/** Too many matches this hour, or too many waiting on one player: 429 with the reason. */
export function creationLimitRefusal(
  actor: Recorder,
  recent: RecentCreations,
  limits: CreationLimits,
): { status: 429; message: string } | null {
  if (!limitsCreations(actor)) return null;
  if (recent.lastHour >= limits.perHour)
    return { status: 429, message: MSG.tooManyMatchesCreated(limits.perHour) };
  const crowded = recent.waitingOn.find((p) => p.pending >= limits.pendingPerOpponent);
  if (crowded)
    return { status: 429, message: MSG.tooManyPendingForPlayer(crowded.username, crowded.pending) };
  return null;
}
