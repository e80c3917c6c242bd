import { beforeAll, describe, expect, it } from 'vitest';
import type { TMatch } from '@mitos/domain/matches';
import { buildTestApp, type TestApp } from './helpers';
import { act, createPlayers, getJson, postMatch, recordMatch, type Player } from './matches-factories';

/** Several rounds per race, so that both orders of arrival get exercised. */
const ROUNDS = 6;

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let dario: Player;

beforeAll(async () => {
  t = await buildTestApp();
  [ana, bruno, carla, dario] = await createPlayers(t.database, ['ana', 'bruno', 'carla', 'dario'] as const);
});

async function match2v2(): Promise<TMatch> {
  const res = await postMatch(t.app, ana, {
    match_mode: '2v2',
    team1_players: [ana.id, carla.id],
    team2_players: [bruno.id, dario.id],
    team1_decks: [ana.deck.id, carla.deck.id],
    team2_decks: [bruno.deck.id, dario.deck.id],
    team1_score: 2,
  });
  expect(res.statusCode).toBe(201);
  return res.json<TMatch>();
}

const reload = (id: number) => getJson<TMatch>(t.app, ana, `/api/matches/${id}`);
const entries = (m: TMatch) => [...m.team1.players, ...m.team2.players];
const eventsOf = (m: TMatch, type: string) => m.events.filter((e) => e.type === type);

describe('concurrent transitions', () => {
  it('two players approving at the same instant leave the match approved with both approvals', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const match = await match2v2();
      expect((await act(t.app, carla, match.id, 'approve')).statusCode).toBe(200);
      const answers = await Promise.all([
        act(t.app, bruno, match.id, 'approve'),
        act(t.app, dario, match.id, 'approve'),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const final = await reload(match.id);
      expect(final.approval_status).toBe('approved');
      expect(final.approval_updated_at).not.toBeNull();
      expect(entries(final).every((p) => p.approval_status === 'approved')).toBe(true);
      expect(
        eventsOf(final, 'approved')
          .map((e) => e.user_id)
          .sort(),
      ).toEqual([ana.id, bruno.id, carla.id, dario.id].sort());
    }
  });

  it('one player’s approve racing their own reject ends in exactly one of the two', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const match = await recordMatch(t.app, ana, ana, bruno);
      const [approve, reject] = await Promise.all([
        act(t.app, bruno, match.id, 'approve'),
        act(t.app, bruno, match.id, 'reject'),
      ]);
      const final = await reload(match.id);
      const brunoEntry = entries(final).find((p) => p.user_id === bruno.id)!;
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 400]);
      if (approve.statusCode === 200) {
        expect(final.approval_status).toBe('approved');
        expect(brunoEntry.approval_status).toBe('approved');
        expect(eventsOf(final, 'rejected')).toHaveLength(0);
      } else {
        expect(final.approval_status).toBe('rejected');
        expect(brunoEntry.approval_status).toBe('rejected');
        expect(eventsOf(final, 'approved').map((e) => e.user_id)).toEqual([ana.id]);
      }
    }
  });

  it('one player approving while another rejects ends rejected, each answer telling what happened', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const match = await match2v2();
      const [approve, reject] = await Promise.all([
        act(t.app, bruno, match.id, 'approve'),
        act(t.app, dario, match.id, 'reject'),
      ]);
      expect(reject.statusCode).toBe(200);
      const final = await reload(match.id);
      expect(final.approval_status).toBe('rejected');
      const brunoEntry = entries(final).find((p) => p.user_id === bruno.id)!;
      // Either the approval came first and stands, or it came second and was refused.
      expect(approve.statusCode === 200 ? 'approved' : 'pending').toBe(brunoEntry.approval_status);
      expect(eventsOf(final, 'approved').some((e) => e.user_id === bruno.id)).toBe(
        approve.statusCode === 200,
      );
    }
  });

  it('a double click records one event', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const match = await recordMatch(t.app, ana, ana, bruno);
      const approvals = await Promise.all([
        act(t.app, bruno, match.id, 'approve'),
        act(t.app, bruno, match.id, 'approve'),
      ]);
      expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(eventsOf(await reload(match.id), 'approved')).toHaveLength(2);

      const other = await recordMatch(t.app, ana, ana, bruno);
      const cancels = await Promise.all([
        act(t.app, ana, other.id, 'cancel'),
        act(t.app, ana, other.id, 'cancel'),
      ]);
      expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(eventsOf(await reload(other.id), 'cancelled')).toHaveLength(1);

      const rejected = await recordMatch(t.app, ana, ana, bruno);
      await act(t.app, bruno, rejected.id, 'reject');
      const closes = await Promise.all([
        act(t.app, ana, rejected.id, 'close-rejected'),
        act(t.app, ana, rejected.id, 'close-rejected'),
      ]);
      expect(closes.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(eventsOf(await reload(rejected.id), 'closed')).toHaveLength(1);
      const accepts = await Promise.all([
        act(t.app, ana, rejected.id, 'handle-rejection'),
        act(t.app, ana, rejected.id, 'handle-rejection'),
      ]);
      expect(accepts.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      expect(eventsOf(await reload(rejected.id), 'rejection_accepted')).toHaveLength(1);
    }
  });

  it('a cancel racing the last approval ends either approved or cancelled, never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const match = await recordMatch(t.app, ana, ana, bruno);
      const [cancel, approve] = await Promise.all([
        act(t.app, ana, match.id, 'cancel'),
        act(t.app, bruno, match.id, 'approve'),
      ]);
      const final = await reload(match.id);
      expect([cancel.statusCode, approve.statusCode].sort()).toEqual([200, 400]);
      expect(final.approval_status).toBe(cancel.statusCode === 200 ? 'cancelled' : 'approved');
      expect(entries(final).find((p) => p.user_id === bruno.id)?.approval_status).toBe(
        cancel.statusCode === 200 ? 'cancelled' : 'approved',
      );
    }
  });
});
