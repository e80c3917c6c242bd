import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import { buildTestApp, injectAs, type TestApp, type TestUser } from './helpers';
import { act, createPlayer, createPlayers, postMatch, recordMatch, type Player } from './matches-factories';

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let organiser: Player;

beforeAll(async () => {
  t = await buildTestApp();
  [ana, bruno, carla] = await createPlayers(t.database, ['ana', 'bruno', 'carla'] as const);
  organiser = await createPlayer(t.database, { username: 'organizador', role: 'admin' });
});

async function countOf(user: TestUser): Promise<number> {
  const res = await injectAs(t.app, user, { method: 'GET', url: '/api/notifications/count' });
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number }>().count;
}

describe('GET /api/notifications/count', () => {
  it('needs a session', async () => {
    const res = await injectAs(t.app, null, { method: 'GET', url: '/api/notifications/count' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(MSG.notAuthenticated);
  });

  it('counts matches waiting for the user’s approval, not those waiting for others', async () => {
    expect(await countOf(ana)).toBe(0);
    const first = await recordMatch(t.app, bruno, bruno, ana);
    await recordMatch(t.app, organiser, ana, carla);
    expect(await countOf(ana)).toBe(2);
    expect(await countOf(bruno)).toBe(0);
    expect(await countOf(carla)).toBe(1);
    await act(t.app, ana, first.id, 'approve');
    expect(await countOf(ana)).toBe(1);
  });

  it('adds the rejected list, until the user accepts or closes each match', async () => {
    const closed = await recordMatch(t.app, bruno, bruno, carla);
    const accepted = await recordMatch(t.app, bruno, bruno, carla);
    const before = await countOf(bruno);
    await act(t.app, carla, closed.id, 'reject');
    await act(t.app, carla, accepted.id, 'reject');
    expect(await countOf(bruno)).toBe(before + 2);
    const carlaBefore = await countOf(carla);
    await act(t.app, bruno, closed.id, 'close-rejected');
    expect(await countOf(bruno)).toBe(before + 1);
    await act(t.app, bruno, accepted.id, 'handle-rejection');
    expect(await countOf(bruno)).toBe(before);
    // The player who rejected never had them in the rejected list.
    expect(await countOf(carla)).toBe(carlaBefore);
  });

  it('counts a rejected match for a creator who does not play', async () => {
    const match = (
      await postMatch(t.app, organiser, {
        team1_players: [ana.id],
        team2_players: [bruno.id],
        team1_decks: [ana.deck.id],
        team2_decks: [bruno.deck.id],
        team1_score: 1,
      })
    ).json<{ id: number }>();
    const before = await countOf(organiser);
    await act(t.app, bruno, match.id, 'reject');
    expect(await countOf(organiser)).toBe(before + 1);
  });

  it('drops a pending match that got cancelled', async () => {
    const match = await recordMatch(t.app, carla, carla, ana);
    const before = await countOf(ana);
    await act(t.app, carla, match.id, 'cancel');
    expect(await countOf(ana)).toBe(before - 1);
  });
});
