import { describe, expect, it } from 'vitest';
import { MATCH_GUARDS } from '@mitos/domain/constants';
import { MSG } from '@mitos/domain/messages';
import type { AppError } from '../http/errors';
import {
  acceptRejectionDenial,
  cancelDenial,
  closeRejectedDenial,
  createDenial,
  creationLimitDenial,
  decisionDenial,
  isInvolved,
  type MatchState,
} from './policy';

const CREATOR = 1;
const OTHER = 2;
const OUTSIDER = 9;

function match(
  approvalStatus: MatchState['approvalStatus'],
  other: MatchState['players'][number]['approvalStatus'] = 'pending',
): MatchState {
  return {
    approvalStatus,
    createdBy: CREATOR,
    players: [
      { userId: CREATOR, approvalStatus: 'approved' },
      { userId: OTHER, approvalStatus: other },
    ],
  };
}

function expectDenied(error: AppError | null, status: number, message: string) {
  expect(error).not.toBeNull();
  expect(error?.statusCode).toBe(status);
  expect(error?.message).toBe(message);
}

describe('createDenial', () => {
  it('lets players record their own match and organisers record anyone’s', () => {
    expect(createDenial({ id: 1, role: 'player' }, [1, 2])).toBeNull();
    expect(createDenial({ id: 5, role: 'admin' }, [1, 2])).toBeNull();
    expect(createDenial({ id: 5, role: 'tournament_admin' }, [1, 2])).toBeNull();
    expectDenied(createDenial({ id: 5, role: 'player' }, [1, 2]), 403, MSG.createForbidden);
  });
});

describe('creationLimitDenial', () => {
  const player = { id: 1, role: 'player' as const };
  const quiet = { lastHour: 0, waitingOn: [{ username: 'bruno', pending: 0 }] };
  const limits = { perHour: 30, pendingPerOpponent: MATCH_GUARDS.pendingPerOpponent };

  it('lets a player record up to the hourly limit', () => {
    expect(creationLimitDenial(player, quiet, limits)).toBeNull();
    expect(creationLimitDenial(player, { ...quiet, lastHour: 29 }, limits)).toBeNull();
    const over = creationLimitDenial(player, { ...quiet, lastHour: 30 }, limits);
    expectDenied(over, 429, MSG.tooManyMatchesCreated(30));
  });

  it('stops a player piling matches on one opponent, naming them', () => {
    const limit = MATCH_GUARDS.pendingPerOpponent;
    const below = { lastHour: 3, waitingOn: [{ username: 'bruno', pending: limit - 1 }] };
    expect(creationLimitDenial(player, below, limits)).toBeNull();
    const piled = {
      lastHour: 3,
      waitingOn: [
        { username: 'bruno', pending: 0 },
        { username: 'carla', pending: limit },
      ],
    };
    expectDenied(
      creationLimitDenial(player, piled, limits),
      429,
      MSG.tooManyPendingForPlayer('carla', limit),
    );
  });

  it('does not limit organisers', () => {
    const busy = { lastHour: 500, waitingOn: [{ username: 'bruno', pending: 50 }] };
    expect(creationLimitDenial({ id: 5, role: 'admin' }, busy, limits)).toBeNull();
    expect(creationLimitDenial({ id: 5, role: 'tournament_admin' }, busy, limits)).toBeNull();
  });
});

describe('decisionDenial', () => {
  it('allows a pending player of a pending match', () => {
    expect(decisionDenial(match('pending'), OTHER, 'approve')).toBeNull();
    expect(decisionDenial(match('pending'), OTHER, 'reject')).toBeNull();
  });

  it('refuses outsiders and players who already decided with 403, each action its own message', () => {
    expectDenied(decisionDenial(match('pending'), OUTSIDER, 'approve'), 403, MSG.approveForbidden);
    expectDenied(decisionDenial(match('pending'), OUTSIDER, 'reject'), 403, MSG.rejectForbidden);
    expectDenied(decisionDenial(match('pending'), CREATOR, 'approve'), 403, MSG.approveForbidden);
  });

  it('refuses a match that is no longer pending with 400, outsiders still with 403', () => {
    for (const status of ['approved', 'rejected', 'cancelled'] as const) {
      expectDenied(decisionDenial(match(status), OTHER, 'approve'), 400, MSG.notPending);
      expectDenied(decisionDenial(match(status), OUTSIDER, 'approve'), 403, MSG.approveForbidden);
    }
  });
});

describe('cancelDenial', () => {
  it('lets the creator withdraw a pending match, played or not', () => {
    const byOrganiser: MatchState = { ...match('pending'), createdBy: 7 };
    expect(cancelDenial(byOrganiser, 7)).toBeNull();
    expect(cancelDenial(match('pending'), CREATOR)).toBeNull();
  });

  it('refuses the other players of a pending match: they approve or reject it', () => {
    expectDenied(cancelDenial(match('pending'), OTHER), 403, MSG.cancelForbidden);
    const byOrganiser: MatchState = { ...match('pending'), createdBy: 7 };
    expectDenied(cancelDenial(byOrganiser, CREATOR), 403, MSG.cancelForbidden);
  });

  it('lets everyone involved but the player who rejected process a rejected match', () => {
    expect(cancelDenial(match('rejected', 'rejected'), CREATOR)).toBeNull();
    expectDenied(cancelDenial(match('rejected', 'rejected'), OTHER), 403, MSG.cancelForbidden);
    const twoVsTwo: MatchState = {
      approvalStatus: 'rejected',
      createdBy: CREATOR,
      players: [
        { userId: CREATOR, approvalStatus: 'approved' },
        { userId: 3, approvalStatus: 'pending' },
        { userId: OTHER, approvalStatus: 'rejected' },
        { userId: 4, approvalStatus: 'pending' },
      ],
    };
    expect(cancelDenial(twoVsTwo, 4)).toBeNull();
    expect(cancelDenial(twoVsTwo, 3)).toBeNull();
    expectDenied(cancelDenial(twoVsTwo, OTHER), 403, MSG.cancelForbidden);
  });

  it('refuses an approved match with the SPEC error and details, a cancelled one, and outsiders', () => {
    const approved = cancelDenial(match('approved', 'approved'), CREATOR);
    expectDenied(approved, 400, MSG.cannotCancel);
    expect(approved?.extra).toEqual({ error: MSG.cannotCancel, details: MSG.cannotCancelApproved });
    expectDenied(cancelDenial(match('cancelled'), CREATOR), 400, MSG.alreadyCancelled);
    expectDenied(cancelDenial(match('cancelled'), OTHER), 400, MSG.alreadyCancelled);
    expect(MSG.alreadyCancelled).toContain('ya está cancelada');
    expectDenied(cancelDenial(match('pending'), OUTSIDER), 403, MSG.cancelForbidden);
    expectDenied(cancelDenial(match('rejected', 'rejected'), OUTSIDER), 403, MSG.cancelForbidden);
  });
});

describe('acceptRejectionDenial', () => {
  it('lets everyone involved but the player who rejected accept it', () => {
    expect(acceptRejectionDenial(match('rejected', 'rejected'), CREATOR)).toBeNull();
    expectDenied(
      acceptRejectionDenial(match('rejected', 'rejected'), OTHER),
      403,
      MSG.handleRejectionForbidden,
    );
    expectDenied(
      acceptRejectionDenial(match('rejected', 'rejected'), OUTSIDER),
      403,
      MSG.handleRejectionForbidden,
    );
  });

  it('refuses a match that is not rejected', () => {
    expectDenied(acceptRejectionDenial(match('pending'), CREATOR), 400, MSG.notRejected);
    expectDenied(acceptRejectionDenial(match('cancelled'), CREATOR), 400, MSG.notRejected);
  });
});

describe('closeRejectedDenial', () => {
  it('lets those involved close a rejected match and nobody else', () => {
    expect(closeRejectedDenial(match('rejected', 'rejected'), CREATOR)).toBeNull();
    expectDenied(closeRejectedDenial(match('rejected', 'rejected'), OUTSIDER), 403, MSG.cancelForbidden);
    expectDenied(closeRejectedDenial(match('approved'), CREATOR), 400, MSG.notRejected);
  });
});

describe('isInvolved', () => {
  it('counts players and the creator', () => {
    expect(isInvolved(match('pending'), CREATOR)).toBe(true);
    expect(isInvolved(match('pending'), OTHER)).toBe(true);
    expect(isInvolved({ ...match('pending'), createdBy: 7 }, 7)).toBe(true);
    expect(isInvolved(match('pending'), OUTSIDER)).toBe(false);
  });
});
