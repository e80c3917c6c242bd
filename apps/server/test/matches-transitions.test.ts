import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import { buildTestApp, expectErrorShape, injectAs, type TestApp } from './helpers';
import {
  act,
  body2v2,
  createPlayer,
  createPlayers,
  getJson,
  ids,
  postMatch,
  recordMatch,
  type Player,
} from './matches-factories';

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let dario: Player;
let outsider: Player;
let organiser: Player;

beforeAll(async () => {
  t = await buildTestApp();
  [ana, bruno, carla, dario, outsider] = await createPlayers(t.database, [
    'ana',
    'bruno',
    'carla',
    'dario',
    'ernesto',
  ] as const);
  organiser = await createPlayer(t.database, { username: 'organizadora', role: 'tournament_admin' });
});

/** Ana (creator, approved) against Bruno (pending). */
const pendingMatch = () => recordMatch(t.app, ana, ana, bruno);

async function expectError(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expectErrorShape(body);
  expect(body.error).toBe(message);
  return body;
}

async function rejectedMatch() {
  const match = await pendingMatch();
  expect((await act(t.app, bruno, match.id, 'reject')).statusCode).toBe(200);
  return match;
}

const eventTypes = (m: TMatch) => m.events.map((e) => `${e.type}:${e.username}`);

describe('approve', () => {
  it('approves the caller’s entry; the last approval makes the match approved', async () => {
    const match = await pendingMatch();
    const res = await act(t.app, bruno, match.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const approved = res.json<TMatch>();
    expect(approved.approval_status).toBe('approved');
    expect(approved.approval_updated_at).not.toBeNull();
    expect(approved.last_updated_by).toBe(bruno.id);
    expect(approved.team2.players[0]).toMatchObject({ approval_status: 'approved', approved: true });
    expect(approved.team2.players[0]?.status_updated_at).not.toBeNull();
    expect(eventTypes(approved)).toEqual(['created:ana', 'approved:ana', 'approved:bruno']);
    expect(await getJson<TMatch>(t.app, ana, `/api/matches/${match.id}`)).toEqual(approved);
  });

  it('keeps a 2v2 pending until every player approved', async () => {
    const res = await postMatch(t.app, ana, body2v2([ana, carla], [bruno, dario], { team1_score: 1 }));
    const match = res.json<TMatch>();
    for (const player of [bruno, carla]) {
      const step = await act(t.app, player, match.id, 'approve');
      expect(step.json<TMatch>().approval_status).toBe('pending');
      expect(step.json<TMatch>().approval_updated_at).toBeNull();
    }
    const last = await act(t.app, dario, match.id, 'approve');
    expect(last.json<TMatch>().approval_status).toBe('approved');
    expect(
      [...last.json<TMatch>().team1.players, ...last.json<TMatch>().team2.players].every((p) => p.approved),
    ).toBe(true);
  });

  it('is refused to anyone but a pending player, and on a match that is no longer pending', async () => {
    const match = await pendingMatch();
    await expectError(await act(t.app, outsider, match.id, 'approve'), 403, MSG.approveForbidden);
    await expectError(await act(t.app, ana, match.id, 'approve'), 403, MSG.approveForbidden);
    const byOrganiser = await recordMatch(t.app, organiser, ana, bruno);
    await expectError(await act(t.app, organiser, byOrganiser.id, 'approve'), 403, MSG.approveForbidden);

    await act(t.app, bruno, match.id, 'approve');
    await expectError(await act(t.app, bruno, match.id, 'approve'), 400, MSG.notPending);
    await expectError(await act(t.app, outsider, match.id, 'approve'), 403, MSG.approveForbidden);

    const rejected = await rejectedMatch();
    await expectError(await act(t.app, bruno, rejected.id, 'approve'), 400, MSG.notPending);
    const cancelled = await pendingMatch();
    await act(t.app, ana, cancelled.id, 'cancel');
    await expectError(await act(t.app, bruno, cancelled.id, 'approve'), 400, MSG.notPending);
  });

  it('answers 404 for a match that does not exist, 400 for an id that is not one, 401 signed out', async () => {
    await expectError(await act(t.app, bruno, 99_999, 'approve'), 404, MSG.matchNotFound);
    const res = await act(t.app, bruno, 'abc' as unknown as number, 'approve');
    await expectError(res, 400, MSG.invalidId);
    const match = await pendingMatch();
    await expectError(await act(t.app, null, match.id, 'approve'), 401, MSG.notAuthenticated);
  });
});

describe('reject', () => {
  it('rejects the caller’s entry and the match', async () => {
    const match = await pendingMatch();
    const res = await act(t.app, bruno, match.id, 'reject');
    expect(res.statusCode, res.body).toBe(200);
    const rejected = res.json<TMatch>();
    expect(rejected).toMatchObject({
      approval_status: 'rejected',
      status: 'rejected',
      last_updated_by: bruno.id,
    });
    expect(rejected.approval_updated_at).not.toBeNull();
    expect(rejected.team2.players[0]).toMatchObject({ approval_status: 'rejected', approved: false });
    expect(rejected.team1.players[0]?.approval_status).toBe('approved');
    expect(eventTypes(rejected)).toEqual(['created:ana', 'approved:ana', 'rejected:bruno']);
  });

  it('is refused to anyone but a pending player, and on a match that is no longer pending', async () => {
    const match = await pendingMatch();
    await expectError(await act(t.app, outsider, match.id, 'reject'), 403, MSG.rejectForbidden);
    await expectError(await act(t.app, ana, match.id, 'reject'), 403, MSG.rejectForbidden);
    await act(t.app, bruno, match.id, 'approve');
    await expectError(await act(t.app, bruno, match.id, 'reject'), 400, MSG.notPending);
  });
});

describe('cancel', () => {
  it('lets the creator withdraw a pending match, closing the entries still waiting', async () => {
    const match = await pendingMatch();
    const res = await act(t.app, ana, match.id, 'cancel');
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json<TMatch>();
    expect(cancelled).toMatchObject({
      approval_status: 'cancelled',
      status: null,
      last_updated_by: ana.id,
    });
    expect(cancelled.team1.players[0]?.approval_status).toBe('approved');
    expect(cancelled.team2.players[0]?.approval_status).toBe('cancelled');
    expect(eventTypes(cancelled)).toEqual(['created:ana', 'approved:ana', 'cancelled:ana']);
  });

  it('refuses the opponent of a pending match: they approve or reject it', async () => {
    const match = await pendingMatch();
    await expectError(await act(t.app, bruno, match.id, 'cancel'), 403, MSG.cancelForbidden);
    const unchanged = await getJson<TMatch>(t.app, ana, `/api/matches/${match.id}`);
    expect(unchanged.approval_status).toBe('pending');
    expect(unchanged.team2.players[0]?.approval_status).toBe('pending');
  });

  it('refuses the player who rejected, as Aceptar Rechazo does', async () => {
    const match = await rejectedMatch();
    await expectError(await act(t.app, bruno, match.id, 'cancel'), 403, MSG.cancelForbidden);
    await expectError(
      await act(t.app, bruno, match.id, 'handle-rejection'),
      403,
      MSG.handleRejectionForbidden,
    );
    expect((await getJson<TMatch>(t.app, ana, `/api/matches/${match.id}`)).approval_status).toBe('rejected');
  });

  it('lets a creator who does not play cancel', async () => {
    const match = await recordMatch(t.app, organiser, ana, bruno);
    expect((await act(t.app, organiser, match.id, 'cancel')).json<TMatch>().approval_status).toBe(
      'cancelled',
    );
  });

  it('cancels a rejected match and marks it processed', async () => {
    const match = await rejectedMatch();
    const cancelled = (await act(t.app, ana, match.id, 'cancel')).json<TMatch>();
    expect(cancelled).toMatchObject({ approval_status: 'cancelled', status: 'processed' });
    expect(cancelled.team2.players[0]?.approval_status).toBe('rejected');
  });

  it('refuses an approved match with details, a cancelled one as already cancelled, and outsiders', async () => {
    const match = await pendingMatch();
    await act(t.app, bruno, match.id, 'approve');
    const approved = await expectError(await act(t.app, ana, match.id, 'cancel'), 400, MSG.cannotCancel);
    expect((approved as { details?: string }).details).toBe(MSG.cannotCancelApproved);

    const other = await pendingMatch();
    await expectError(await act(t.app, outsider, other.id, 'cancel'), 403, MSG.cancelForbidden);
    await act(t.app, ana, other.id, 'cancel');
    const again = await act(t.app, bruno, other.id, 'cancel');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toContain('ya está cancelada');
    expect(
      (await getJson<TMatch>(t.app, ana, `/api/matches/${other.id}`)).events.filter(
        (e) => e.type === 'cancelled',
      ),
    ).toHaveLength(1);
  });
});

describe('handle-rejection', () => {
  it('lets the other side accept the rejection: cancelled and processed', async () => {
    const match = await rejectedMatch();
    const res = await act(t.app, ana, match.id, 'handle-rejection');
    expect(res.statusCode, res.body).toBe(200);
    const handled = res.json<TMatch>();
    expect(handled).toMatchObject({
      approval_status: 'cancelled',
      status: 'processed',
      last_updated_by: ana.id,
    });
    expect(eventTypes(handled)).toEqual([
      'created:ana',
      'approved:ana',
      'rejected:bruno',
      'rejection_accepted:ana',
    ]);
  });

  it('lets a creator who does not play accept it', async () => {
    const match = await recordMatch(t.app, organiser, ana, bruno);
    await act(t.app, bruno, match.id, 'reject');
    const handled = await act(t.app, organiser, match.id, 'handle-rejection');
    expect(handled.statusCode).toBe(200);
    expect(handled.json<TMatch>().team1.players[0]?.approval_status).toBe('cancelled');
  });

  it('is refused to the player who rejected and to outsiders, and on a match that is not rejected', async () => {
    const match = await rejectedMatch();
    await expectError(
      await act(t.app, bruno, match.id, 'handle-rejection'),
      403,
      MSG.handleRejectionForbidden,
    );
    await expectError(
      await act(t.app, outsider, match.id, 'handle-rejection'),
      403,
      MSG.handleRejectionForbidden,
    );
    const pending = await pendingMatch();
    await expectError(await act(t.app, ana, pending.id, 'handle-rejection'), 400, MSG.notRejected);
    await act(t.app, ana, match.id, 'handle-rejection');
    await expectError(await act(t.app, ana, match.id, 'handle-rejection'), 400, MSG.notRejected);
  });

  it('needs the body {action: "ok"}', async () => {
    const match = await rejectedMatch();
    for (const payload of [{ action: 'no' }, {}, { action: 'ok', extra: 1 }]) {
      const res = await act(t.app, ana, match.id, 'handle-rejection', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res.json());
    }
    const missing = await injectAs(t.app, ana, {
      method: 'POST',
      url: `/api/matches/${match.id}/handle-rejection`,
    });
    expect(missing.statusCode).toBe(400);
    expect((await getJson<TMatch>(t.app, ana, `/api/matches/${match.id}`)).approval_status).toBe('rejected');
  });
});

describe('close-rejected', () => {
  it('takes the match off the caller’s rejected list only, once however often it is asked', async () => {
    const res = await postMatch(t.app, ana, body2v2([ana, carla], [bruno, dario], { team1_score: 1 }));
    const match = res.json<TMatch>();
    await act(t.app, bruno, match.id, 'reject');
    expect(ids(await getJson<TMatch[]>(t.app, ana, '/api/matches/rejected'))).toContain(match.id);

    for (let i = 0; i < 2; i++) {
      const closed = await act(t.app, ana, match.id, 'close-rejected');
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json<TMatch>().approval_status).toBe('rejected');
    }
    const after = await getJson<TMatch>(t.app, ana, `/api/matches/${match.id}`);
    expect(after.events.filter((e) => e.type === 'closed').map((e) => e.user_id)).toEqual([ana.id]);
    expect(ids(await getJson<TMatch[]>(t.app, ana, '/api/matches/rejected'))).not.toContain(match.id);
    expect(ids(await getJson<TMatch[]>(t.app, carla, '/api/matches/rejected'))).toContain(match.id);
  });

  it('stays harmless after the match was handled by someone else', async () => {
    const match = await rejectedMatch();
    await act(t.app, ana, match.id, 'close-rejected');
    await act(t.app, ana, match.id, 'cancel');
    expect((await act(t.app, ana, match.id, 'close-rejected')).statusCode).toBe(200);
  });

  it('is refused to outsiders, on a match that is not rejected, and without {status: "processed"}', async () => {
    const match = await rejectedMatch();
    await expectError(await act(t.app, outsider, match.id, 'close-rejected'), 403, MSG.cancelForbidden);
    const pending = await pendingMatch();
    await expectError(await act(t.app, ana, pending.id, 'close-rejected'), 400, MSG.notRejected);
    const bad = await act(t.app, ana, match.id, 'close-rejected', { status: 'done' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('every transition answers the match as it now is', () => {
  /** The answer of an action, and the match read afresh right after, must be the same. */
  async function same(user: Player, matchId: number, action: Parameters<typeof act>[3]) {
    const res = await act(t.app, user, matchId, action);
    expect(res.statusCode, res.body).toBe(200);
    expect(await getJson<TMatch>(t.app, user, `/api/matches/${matchId}`)).toEqual(res.json<TMatch>());
    return res.json<TMatch>();
  }

  it('approvals of a 2v2 with highlights, one by one', async () => {
    const res = await postMatch(
      t.app,
      ana,
      body2v2([ana, carla], [bruno, dario], {
        team1_score: 2,
        team2_score: 1,
        highlights: ['Combo', 'Remontada'],
      }),
    );
    const match = res.json<TMatch>();
    expect((await same(carla, match.id, 'approve')).approval_status).toBe('pending');
    expect((await same(bruno, match.id, 'approve')).approval_status).toBe('pending');
    const last = await same(dario, match.id, 'approve');
    expect(last.approval_status).toBe('approved');
    expect(last.highlights.map((h) => h.type)).toEqual(['Combo', 'Remontada']);
  });

  it('reject, then accepting the rejection; cancel of a pending and of a rejected match; close', async () => {
    const rejected = await pendingMatch();
    expect((await same(bruno, rejected.id, 'reject')).approval_status).toBe('rejected');
    expect((await same(ana, rejected.id, 'handle-rejection')).status).toBe('processed');

    const pending = await recordMatch(t.app, organiser, ana, bruno);
    const cancelled = await same(organiser, pending.id, 'cancel');
    expect(cancelled.approval_status).toBe('cancelled');
    expect(cancelled.events.at(-1)?.username).toBe('organizadora');

    const other = await rejectedMatch();
    expect((await same(ana, other.id, 'cancel')).status).toBe('processed');

    const closing = await rejectedMatch();
    await same(ana, closing.id, 'close-rejected');
    // Asking again changes nothing, and still answers the match.
    await same(ana, closing.id, 'close-rejected');
  });
});
