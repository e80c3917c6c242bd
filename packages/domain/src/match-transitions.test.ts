import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MATCH_GUARDS } from './constants';
import * as MSG from './message-texts';
import {
  applyTransition,
  canTransition,
  creationLimitRefusal,
  creationRefusal,
  decideTransition,
  isInvolved,
  type Decision,
  type MatchAction,
  type MatchState,
} from './match-transitions';

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

function expectRefused(decision: Decision, status: number, message: string, details?: string) {
  expect(decision.ok).toBe(false);
  if (decision.ok) return;
  expect(decision.refusal.status).toBe(status);
  expect(decision.refusal.message).toBe(message);
  expect(decision.refusal.details).toBe(details);
}

const allowed = (decision: Decision) => {
  if (!decision.ok) throw new Error(`refused: ${decision.refusal.message}`);
  return decision.effect;
};

describe('creationRefusal', () => {
  it('lets players record their own match and organisers record anyone’s', () => {
    expect(creationRefusal({ id: 1, role: 'player' }, [1, 2])).toBeNull();
    expect(creationRefusal({ id: 5, role: 'admin' }, [1, 2])).toBeNull();
    expect(creationRefusal({ id: 5, role: 'tournament_admin' }, [1, 2])).toBeNull();
    expect(creationRefusal({ id: 5, role: 'player' }, [1, 2])).toEqual({
      status: 403,
      message: MSG.createForbidden,
    });
  });

  it('lets the match’s official (its store’s organiser, its referee) record it for others', () => {
    expect(creationRefusal({ id: 5, role: 'player' }, [1, 2], true)).toBeNull();
    expect(creationRefusal({ id: 5, role: 'judge' }, [1, 2], false)?.message).toBe(MSG.createForbidden);
  });
});

describe('creationLimitRefusal', () => {
  const player = { id: 1, role: 'player' as const };
  const quiet = { lastHour: 0, waitingOn: [{ username: 'bruno', pending: 0 }] };
  const limits = { perHour: 30, pendingPerOpponent: MATCH_GUARDS.pendingPerOpponent };

  it('lets a player record up to the hourly limit', () => {
    expect(creationLimitRefusal(player, quiet, limits)).toBeNull();
    expect(creationLimitRefusal(player, { ...quiet, lastHour: 29 }, limits)).toBeNull();
    expect(creationLimitRefusal(player, { ...quiet, lastHour: 30 }, limits)).toEqual({
      status: 429,
      message: MSG.tooManyMatchesCreated(30),
    });
  });

  it('stops a player piling matches on one opponent, naming them', () => {
    const limit = MATCH_GUARDS.pendingPerOpponent;
    const below = { lastHour: 3, waitingOn: [{ username: 'bruno', pending: limit - 1 }] };
    expect(creationLimitRefusal(player, below, limits)).toBeNull();
    const piled = {
      lastHour: 3,
      waitingOn: [
        { username: 'bruno', pending: 0 },
        { username: 'carla', pending: limit },
      ],
    };
    expect(creationLimitRefusal(player, piled, limits)?.message).toBe(
      MSG.tooManyPendingForPlayer('carla', limit),
    );
  });

  it('does not limit organisers', () => {
    const busy = { lastHour: 500, waitingOn: [{ username: 'bruno', pending: 50 }] };
    expect(creationLimitRefusal({ id: 5, role: 'admin' }, busy, limits)).toBeNull();
    expect(creationLimitRefusal({ id: 5, role: 'tournament_admin' }, busy, limits)).toBeNull();
  });
});

describe('approve and reject', () => {
  it('allows a pending player of a pending match; the last approval approves the match', () => {
    expect(allowed(decideTransition(match('pending'), OTHER, 'approve'))).toEqual({
      event: 'approved',
      entry: 'approved',
      touch: true,
      match: { approvalStatus: 'approved' },
    });
    expect(allowed(decideTransition(match('pending'), OTHER, 'reject'))).toEqual({
      event: 'rejected',
      entry: 'rejected',
      touch: true,
      match: { approvalStatus: 'rejected', status: 'rejected' },
    });
  });

  it('keeps a 2v2 pending until the last player approves', () => {
    const twoVsTwo: MatchState = {
      approvalStatus: 'pending',
      createdBy: CREATOR,
      players: [1, 3, 2, 4].map((userId) => ({
        userId,
        approvalStatus: userId === CREATOR ? 'approved' : 'pending',
      })),
    };
    expect(allowed(decideTransition(twoVsTwo, 3, 'approve')).match).toBeUndefined();
  });

  it('refuses outsiders and players who already decided with 403, each action its own message', () => {
    expectRefused(decideTransition(match('pending'), OUTSIDER, 'approve'), 403, MSG.approveForbidden);
    expectRefused(decideTransition(match('pending'), OUTSIDER, 'reject'), 403, MSG.rejectForbidden);
    expectRefused(decideTransition(match('pending'), CREATOR, 'approve'), 403, MSG.approveForbidden);
  });

  it('refuses a match that is no longer pending with 400, outsiders still with 403', () => {
    for (const status of ['approved', 'rejected', 'cancelled'] as const) {
      expectRefused(decideTransition(match(status), OTHER, 'approve'), 400, MSG.notPending);
      expectRefused(decideTransition(match(status), OUTSIDER, 'approve'), 403, MSG.approveForbidden);
    }
  });
});

describe('cancel', () => {
  it('lets the creator withdraw a pending match, played or not', () => {
    expect(decideTransition({ ...match('pending'), createdBy: 7 }, 7, 'cancel').ok).toBe(true);
    expect(allowed(decideTransition(match('pending'), CREATOR, 'cancel'))).toEqual({
      event: 'cancelled',
      cancelWaiting: true,
      touch: true,
      match: { approvalStatus: 'cancelled' },
    });
  });

  it('refuses the other players of a pending match: they approve or reject it', () => {
    expectRefused(decideTransition(match('pending'), OTHER, 'cancel'), 403, MSG.cancelForbidden);
    expectRefused(
      decideTransition({ ...match('pending'), createdBy: 7 }, CREATOR, 'cancel'),
      403,
      MSG.cancelForbidden,
    );
  });

  it('lets everyone involved but the player who rejected process a rejected match', () => {
    expect(allowed(decideTransition(match('rejected', 'rejected'), CREATOR, 'cancel')).match).toEqual({
      approvalStatus: 'cancelled',
      status: 'processed',
    });
    expectRefused(decideTransition(match('rejected', 'rejected'), OTHER, 'cancel'), 403, MSG.cancelForbidden);
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
    expect(decideTransition(twoVsTwo, 4, 'cancel').ok).toBe(true);
    expect(decideTransition(twoVsTwo, 3, 'cancel').ok).toBe(true);
    expectRefused(decideTransition(twoVsTwo, OTHER, 'cancel'), 403, MSG.cancelForbidden);
  });

  it('refuses an approved match with the SPEC error and details, a cancelled one, and outsiders', () => {
    expectRefused(
      decideTransition(match('approved', 'approved'), CREATOR, 'cancel'),
      400,
      MSG.cannotCancel,
      MSG.cannotCancelApproved,
    );
    expectRefused(decideTransition(match('cancelled'), CREATOR, 'cancel'), 400, MSG.alreadyCancelled);
    expectRefused(decideTransition(match('cancelled'), OTHER, 'cancel'), 400, MSG.alreadyCancelled);
    expect(MSG.alreadyCancelled).toContain('ya está cancelada');
    expectRefused(decideTransition(match('pending'), OUTSIDER, 'cancel'), 403, MSG.cancelForbidden);
    expectRefused(
      decideTransition(match('rejected', 'rejected'), OUTSIDER, 'cancel'),
      403,
      MSG.cancelForbidden,
    );
  });
});

describe('accept-rejection and close-rejected', () => {
  it('lets everyone involved but the player who rejected accept it', () => {
    expect(decideTransition(match('rejected', 'rejected'), CREATOR, 'accept-rejection').ok).toBe(true);
    expectRefused(
      decideTransition(match('rejected', 'rejected'), OTHER, 'accept-rejection'),
      403,
      MSG.handleRejectionForbidden,
    );
    expectRefused(
      decideTransition(match('rejected', 'rejected'), OUTSIDER, 'accept-rejection'),
      403,
      MSG.handleRejectionForbidden,
    );
    expectRefused(decideTransition(match('pending'), CREATOR, 'accept-rejection'), 400, MSG.notRejected);
    expectRefused(decideTransition(match('cancelled'), CREATOR, 'accept-rejection'), 400, MSG.notRejected);
  });

  it('lets those involved close a rejected match, changing nothing but their own list', () => {
    expect(allowed(decideTransition(match('rejected', 'rejected'), CREATOR, 'close-rejected'))).toEqual({
      event: 'closed',
      touch: false,
    });
    expectRefused(
      decideTransition(match('rejected', 'rejected'), OUTSIDER, 'close-rejected'),
      403,
      MSG.cancelForbidden,
    );
    expectRefused(decideTransition(match('approved'), CREATOR, 'close-rejected'), 400, MSG.notRejected);
  });
});

describe('expire', () => {
  it('cancels a rejected match for nobody, and nothing else', () => {
    expect(allowed(decideTransition(match('rejected', 'rejected'), null, 'expire'))).toEqual({
      event: 'expired',
      cancelWaiting: true,
      touch: false,
      match: { approvalStatus: 'cancelled', status: 'processed' },
    });
    for (const status of ['pending', 'approved', 'cancelled'] as const) {
      expect(decideTransition(match(status), null, 'expire').ok).toBe(false);
    }
    expect(decideTransition(match('pending'), null, 'cancel').ok).toBe(false);
    expectRefused(decideTransition(match('rejected', 'rejected'), CREATOR, 'expire'), 403, MSG.forbidden);
  });
});

describe('annul', () => {
  const STORE = 7;
  const atStore = (status: MatchState['approvalStatus']): MatchState => ({
    ...match(status, status === 'approved' ? 'approved' : 'pending'),
    storeId: STORE,
  });
  const admin = { id: OUTSIDER, role: 'admin' as const, organises: [] };
  const organiser = { id: OUTSIDER, role: 'player' as const, organises: [STORE] };
  const elsewhere = { id: OUTSIDER, role: 'player' as const, organises: [STORE + 1] };

  it('lets an admin or the store’s organiser cancel an approved match', () => {
    const effect = {
      event: 'annulled',
      touch: true,
      match: { approvalStatus: 'cancelled', status: 'processed' },
    };
    expect(allowed(decideTransition(atStore('approved'), OUTSIDER, 'annul', admin))).toEqual(effect);
    expect(allowed(decideTransition(atStore('approved'), OUTSIDER, 'annul', organiser))).toEqual(effect);
    // An admin annuls a match played at no store too; an organiser only their store's.
    expect(decideTransition(match('approved', 'approved'), OUTSIDER, 'annul', admin).ok).toBe(true);
    expectRefused(
      decideTransition(match('approved', 'approved'), OUTSIDER, 'annul', organiser),
      403,
      MSG.annulForbidden,
    );
  });

  it('refuses everyone else, and anything not approved', () => {
    for (const who of [
      elsewhere,
      { id: CREATOR, role: 'player' as const, organises: [] },
      { id: OUTSIDER, role: 'judge' as const, organises: [] },
      { id: OUTSIDER, role: 'tournament_admin' as const, organises: [] },
    ]) {
      expectRefused(decideTransition(atStore('approved'), who.id, 'annul', who), 403, MSG.annulForbidden);
    }
    // Without knowing who asks, or when `who` is someone else than the actor.
    expectRefused(decideTransition(atStore('approved'), OUTSIDER, 'annul'), 403, MSG.annulForbidden);
    expectRefused(decideTransition(atStore('approved'), CREATOR, 'annul', admin), 403, MSG.annulForbidden);
    expectRefused(decideTransition(atStore('approved'), null, 'annul', admin), 403, MSG.forbidden);
    for (const status of ['pending', 'rejected', 'cancelled'] as const) {
      expectRefused(decideTransition(atStore(status), OUTSIDER, 'annul', admin), 400, MSG.notApproved);
    }
    expect(canTransition(atStore('approved'), OUTSIDER, 'annul', organiser)).toBe(true);
    expect(canTransition(atStore('approved'), OUTSIDER, 'annul', elsewhere)).toBe(false);
  });

  it('leaves the players’ answers as they were', () => {
    const approved = atStore('approved');
    const after = applyTransition(
      approved,
      OUTSIDER,
      allowed(decideTransition(approved, OUTSIDER, 'annul', admin)),
    );
    expect(after.approvalStatus).toBe('cancelled');
    expect(after.players).toEqual(approved.players);
  });
});

describe('isInvolved and canTransition', () => {
  it('counts players and the creator', () => {
    expect(isInvolved(match('pending'), CREATOR)).toBe(true);
    expect(isInvolved(match('pending'), OTHER)).toBe(true);
    expect(isInvolved({ ...match('pending'), createdBy: 7 }, 7)).toBe(true);
    expect(isInvolved(match('pending'), OUTSIDER)).toBe(false);
  });

  it('tells the screens which buttons to show', () => {
    expect(canTransition(match('pending'), OTHER, 'approve')).toBe(true);
    expect(canTransition(match('pending'), CREATOR, 'cancel')).toBe(true);
    expect(canTransition(match('pending'), OTHER, 'cancel')).toBe(false);
    expect(canTransition(match('pending'), null, 'approve')).toBe(false);
    expect(canTransition(match('pending'), undefined, 'approve')).toBe(false);
  });
});

describe('applyTransition', () => {
  it('sets the actor’s entry, closes the waiting ones on a cancel, and takes the new status', () => {
    const pending: MatchState = {
      approvalStatus: 'pending',
      createdBy: CREATOR,
      players: [
        { userId: CREATOR, approvalStatus: 'approved' },
        { userId: 3, approvalStatus: 'pending' },
        { userId: OTHER, approvalStatus: 'pending' },
      ],
    };
    const rejected = applyTransition(pending, OTHER, allowed(decideTransition(pending, OTHER, 'reject')));
    expect(rejected.approvalStatus).toBe('rejected');
    expect(rejected.players.map((p) => p.approvalStatus)).toEqual(['approved', 'pending', 'rejected']);
    const accepted = applyTransition(
      rejected,
      CREATOR,
      allowed(decideTransition(rejected, CREATOR, 'accept-rejection')),
    );
    expect(accepted.approvalStatus).toBe('cancelled');
    expect(accepted.players.map((p) => p.approvalStatus)).toEqual(['approved', 'cancelled', 'rejected']);
  });
});

describe('any sequence of actions', () => {
  const ACTIONS: MatchAction[] = [
    'approve',
    'reject',
    'cancel',
    'accept-rejection',
    'close-rejected',
    'expire',
  ];
  const step = fc.record({
    actor: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
    action: fc.constantFrom(...ACTIONS),
  });

  it('keeps the state consistent: statuses match the entries, and finished matches stay finished', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        fc.array(step, { maxLength: 12 }),
        (creator, twoVsTwo, steps) => {
          const ids = twoVsTwo ? [1, 2, 3, 4] : [1, 2];
          let state: MatchState = {
            approvalStatus: 'pending',
            createdBy: creator,
            players: ids.map((userId) => ({
              userId,
              approvalStatus: userId === creator ? 'approved' : 'pending',
            })),
          };
          for (const { actor, action } of steps) {
            const before = state;
            const decision = decideTransition(state, actor, action);
            if (!decision.ok) continue;
            state = applyTransition(state, actor, decision.effect);
            // Approved and cancelled are final.
            expect(['approved', 'cancelled']).not.toContain(before.approvalStatus);
            const statuses = state.players.map((p) => p.approvalStatus);
            if (state.approvalStatus === 'approved')
              expect(statuses.every((s) => s === 'approved')).toBe(true);
            if (state.approvalStatus === 'rejected')
              expect(statuses.filter((s) => s === 'rejected')).toHaveLength(1);
            if (state.approvalStatus === 'cancelled') expect(statuses).not.toContain('pending');
            if (state.approvalStatus === 'pending') {
              expect(statuses).toContain('pending');
              expect(statuses.every((s) => s === 'pending' || s === 'approved')).toBe(true);
            }
            // Nobody outside the match ever changes it.
            if (actor !== null) expect(isInvolved(before, actor)).toBe(true);
          }
        },
      ),
    );
  });
});

describe('the timers of a pending match (decision 020)', () => {
  const STORE = 7;
  const pending = (extra: Partial<MatchState> = {}): MatchState => ({ ...match('pending'), ...extra });
  const admin = { id: OUTSIDER, role: 'admin' as const, organises: [] };
  const organiser = { id: OUTSIDER, role: 'player' as const, organises: [STORE] };
  const elsewhere = { id: OUTSIDER, role: 'player' as const, organises: [STORE + 1] };

  it('reminds while someone has not answered, and only the server does', () => {
    expect(allowed(decideTransition(pending(), null, 'remind'))).toEqual({ event: 'reminded', touch: false });
    expect(allowed(decideTransition(pending({ tournamentId: 3 }), null, 'remind')).event).toBe('reminded');
    expectRefused(decideTransition(pending(), CREATOR, 'remind'), 403, MSG.forbidden);
    expectRefused(decideTransition(match('approved', 'approved'), null, 'remind'), 400, MSG.notPending);
    expectRefused(decideTransition(match('rejected', 'rejected'), null, 'remind'), 400, MSG.notPending);
    expectRefused(
      decideTransition(pending({ storeId: STORE, escalated: true }), null, 'remind'),
      400,
      MSG.alreadyEscalated,
    );
  });

  it('escalates a match at a store, expires any other, and leaves tournament matches to their rounds', () => {
    expect(allowed(decideTransition(pending({ storeId: STORE }), null, 'escalate'))).toEqual({
      event: 'escalated',
      touch: false,
      escalate: true,
    });
    expect(allowed(decideTransition(pending(), null, 'expire-pending'))).toEqual({
      event: 'expired',
      cancelWaiting: true,
      touch: false,
      match: { approvalStatus: 'cancelled', status: 'processed' },
    });
    expectRefused(decideTransition(pending(), null, 'escalate'), 400, MSG.notAtStore);
    expectRefused(
      decideTransition(pending({ storeId: STORE }), null, 'expire-pending'),
      400,
      MSG.atStoreEscalates,
    );
    for (const action of ['escalate', 'expire-pending'] as const) {
      expectRefused(
        decideTransition(pending({ storeId: STORE, tournamentId: 3 }), null, action),
        400,
        MSG.tournamentMatchNoExpiry,
      );
      expectRefused(decideTransition(pending({ storeId: STORE }), CREATOR, action), 403, MSG.forbidden);
      expectRefused(decideTransition(match('cancelled'), null, action), 400, MSG.notPending);
    }
    expectRefused(
      decideTransition(pending({ storeId: STORE, escalated: true }), null, 'escalate'),
      400,
      MSG.alreadyEscalated,
    );
    // Escalated: the players may still answer.
    const escalated = applyTransition(pending({ storeId: STORE }), null, {
      event: 'escalated',
      touch: false,
      escalate: true,
    });
    expect(escalated.escalated).toBe(true);
    expect(decideTransition(escalated, OTHER, 'approve').ok).toBe(true);
    expect(decideTransition(escalated, OTHER, 'reject').ok).toBe(true);
  });

  it('lets the store organiser or an admin confirm an escalated match for those who did not answer', () => {
    const escalated = pending({ storeId: STORE, escalated: true });
    for (const who of [organiser, admin]) {
      const effect = allowed(decideTransition(escalated, OUTSIDER, 'confirm', who));
      expect(effect).toEqual({
        event: 'confirmed',
        approveWaiting: true,
        touch: true,
        match: { approvalStatus: 'approved' },
      });
      const after = applyTransition(escalated, OUTSIDER, effect);
      expect(after.approvalStatus).toBe('approved');
      expect(after.players.map((p) => p.approvalStatus)).toEqual(['approved', 'approved']);
    }
    expectRefused(decideTransition(escalated, OUTSIDER, 'confirm', elsewhere), 403, MSG.confirmForbidden);
    expectRefused(decideTransition(escalated, OUTSIDER, 'confirm'), 403, MSG.confirmForbidden);
    // The players are not the organiser: they answer instead.
    expectRefused(decideTransition(escalated, OTHER, 'confirm'), 403, MSG.confirmForbidden);
    expectRefused(
      decideTransition(pending({ storeId: STORE }), OUTSIDER, 'confirm', organiser),
      400,
      MSG.notEscalated,
    );
    expectRefused(
      decideTransition(
        { ...match('approved', 'approved'), storeId: STORE, escalated: true },
        OUTSIDER,
        'confirm',
        organiser,
      ),
      400,
      MSG.notPending,
    );
    // `who` must be the actor.
    expectRefused(decideTransition(escalated, OTHER, 'confirm', organiser), 403, MSG.confirmForbidden);
    expectRefused(decideTransition(escalated, null, 'confirm', organiser), 403, MSG.forbidden);
  });

  it('lets the store organiser or an admin cancel an escalated match, and nobody else outside it', () => {
    const escalated = pending({ storeId: STORE, escalated: true });
    for (const who of [organiser, admin]) {
      expect(allowed(decideTransition(escalated, OUTSIDER, 'cancel', who))).toEqual({
        event: 'cancelled',
        cancelWaiting: true,
        touch: true,
        match: { approvalStatus: 'cancelled', status: 'processed' },
      });
    }
    expectRefused(decideTransition(escalated, OUTSIDER, 'cancel', elsewhere), 403, MSG.cancelForbidden);
    // Not escalated: the organiser may not cancel someone's pending match.
    expectRefused(
      decideTransition(pending({ storeId: STORE }), OUTSIDER, 'cancel', organiser),
      403,
      MSG.cancelForbidden,
    );
    // The other player still may not cancel it: they answer.
    expectRefused(decideTransition(escalated, OTHER, 'cancel'), 403, MSG.cancelForbidden);
    // The creator withdraws it as before.
    expect(allowed(decideTransition(escalated, CREATOR, 'cancel')).event).toBe('cancelled');
  });
});
