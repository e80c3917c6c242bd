import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import type { TAdminResult, TRanking } from '@mitos/domain/community';
import type { TMatch } from '@mitos/domain/matches';
import { communityDay } from '@mitos/domain/community-rules';
import { buildTestApp, createUser, expectErrorShape, injectAs, type TestApp, type TestUser } from './helpers';
import { createPlayers, type Player } from './matches-factories';
import { createLeague, createSeason, insertStore, thisYear } from './community-factories';

/** Resultados (docs/decisions/014): an organiser's entered result is an approved match that counts. */

let t: TestApp;
let organiser: TestUser;
let admin: TestUser;
let ana: Player;
let bruno: Player;
let store: { id: number; name: string };
let otherStore: { id: number; name: string };
let closedStore: { id: number; name: string };
let league: { id: number; name: string };
let season: { id: number; name: string };

const today = () => communityDay(new Date());
const enter = (user: TestUser | null, payload: Record<string, unknown>) =>
  injectAs(t.app, user, { method: 'POST', url: '/api/admin/results', payload });
const base = () => ({
  storeId: store.id,
  round: 2,
  player1Id: ana.id,
  player2Id: bruno.id,
  winnerId: bruno.id,
  date: today(),
});

async function refused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expectErrorShape(body);
  expect(body.error).toBe(message);
}

const ranking = async (query = '') =>
  (await injectAs(t.app, ana, { method: 'GET', url: `/api/rankings${query}` })).json<TRanking>();

beforeAll(async () => {
  t = await buildTestApp();
  organiser = await createUser(t.database, { username: 'organiza_r' });
  admin = await createUser(t.database, { username: 'admin_r', role: 'admin' });
  [ana, bruno] = await createPlayers(t.database, ['ana_r', 'bruno_r'] as const);
  store = await insertStore(t.database, { name: 'Torre de Cartas', organisers: [organiser.id] });
  otherStore = await insertStore(t.database, { name: 'El Bastión' });
  closedStore = await insertStore(t.database, { name: 'Cerrada', active: false, organisers: [organiser.id] });
  league = await createLeague(t.database, { storeId: store.id, name: 'Liga Belgrano' });
  season = await createSeason(t.database, thisYear());
});

describe('entering a result', () => {
  it('creates an approved match at the store, entered by the organiser, counted in both rankings', async () => {
    const res = await enter(organiser, base());
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json<TAdminResult>();
    expect(result).toMatchObject({
      storeId: store.id,
      store: 'Torre de Cartas',
      round: 2,
      player1: { id: ana.id },
      player2: { id: bruno.id },
      winnerId: bruno.id,
      date: today(),
      enteredBy: { id: organiser.id, username: 'organiza_r' },
    });
    const match = (
      await injectAs(t.app, ana, { method: 'GET', url: `/api/matches/${result.matchId}` })
    ).json<TMatch>();
    expect(match).toMatchObject({
      approval_status: 'approved',
      tier: 'Amistoso c/ Arbitro',
      winning_team: 'team2',
      store: { id: store.id },
      round: 2,
    });
    expect(match.events.map((e) => e.type)).toEqual(['created', 'entered']);
    const general = await ranking();
    expect(general.season?.id).toBe(season.id);
    expect(general.rows.find((r) => r.userId === bruno.id)).toMatchObject({
      matches: 1,
      wins: 1,
      points: 200,
    });
    expect(general.rows.find((r) => r.userId === ana.id)).toMatchObject({ matches: 1, wins: 0, points: 20 });
    const atStore = await ranking(`?storeId=${store.id}`);
    expect(atStore.rows.map((r) => r.userId)).toEqual([bruno.id, ana.id]);
    const list = (await injectAs(t.app, organiser, { method: 'GET', url: '/api/admin/results' })).json();
    expect(list[0]).toEqual(result);
  });

  it('makes a league’s result an Arena match of that league', async () => {
    const res = await enter(admin, { ...base(), leagueId: league.id, winnerId: ana.id });
    expect(res.statusCode, res.body).toBe(201);
    const match = (
      await injectAs(t.app, ana, { method: 'GET', url: `/api/matches/${res.json().matchId}` })
    ).json<TMatch>();
    expect(match).toMatchObject({ tier: 'Arena', league: { id: league.id }, winning_team: 'team1' });
  });

  it('refuses bad input with the SPEC’s messages, changing nothing', async () => {
    const before = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/results' })).json().length;
    await refused(await enter(organiser, { ...base(), storeId: undefined }), 400, MSG.fillAllFields);
    await refused(await enter(organiser, { ...base(), player1Id: null }), 400, MSG.fillAllFields);
    await refused(await enter(organiser, { ...base(), date: '' }), 400, MSG.fillAllFields);
    await refused(await enter(organiser, { ...base(), storeId: -4 }), 400, MSG.invalidId);
    await refused(await enter(organiser, { ...base(), player2Id: ana.id }), 400, MSG.playersMustDiffer);
    await refused(await enter(organiser, { ...base(), round: 0 }), 400, MSG.roundInvalid);
    await refused(await enter(organiser, { ...base(), round: 'uno' }), 400, MSG.roundInvalid);
    await refused(await enter(organiser, { ...base(), winnerId: organiser.id }), 400, MSG.winnerInvalid);
    await refused(await enter(organiser, { ...base(), date: '2999-01-01' }), 400, MSG.futureDate);
    await refused(await enter(organiser, { ...base(), date: '31/12/2025' }), 400, MSG.invalidDate);
    await refused(await enter(admin, { ...base(), storeId: 999_999 }), 400, MSG.storeNotFound);
    await refused(await enter(organiser, { ...base(), storeId: closedStore.id }), 400, MSG.storeInactive);
    await refused(
      await enter(admin, { ...base(), player2Id: 999_999, winnerId: 999_999 }),
      400,
      MSG.playerNotFound,
    );
    await refused(await enter(admin, { ...base(), leagueId: 999_999 }), 400, MSG.leagueNotFound);
    await refused(
      await enter(admin, { ...base(), storeId: otherStore.id, leagueId: league.id }),
      400,
      MSG.leagueOfAnotherStore,
    );
    const after = (await injectAs(t.app, admin, { method: 'GET', url: '/api/admin/results' })).json().length;
    expect(after).toBe(before);
  });

  it('is for the store’s organisers and admins only', async () => {
    expect((await enter(null, base())).statusCode).toBe(401);
    await refused(await enter(ana, base()), 403, MSG.organiserOnly);
    await refused(await enter(organiser, { ...base(), storeId: otherStore.id }), 403, MSG.organiserOnly);
    await refused(
      await injectAs(t.app, ana, { method: 'GET', url: '/api/admin/results' }),
      403,
      MSG.organiserOnly,
    );
    const mine = (await injectAs(t.app, organiser, { method: 'GET', url: '/api/admin/results' })).json();
    expect(mine.every((r: TAdminResult) => r.storeId === store.id)).toBe(true);
  });

  it('refuses a result dated in a closed season', async () => {
    const closed = await createSeason(t.database, {
      name: 'Temporada vieja',
      startsOn: '2001-01-01',
      endsOn: '2001-12-31',
      closed: true,
    });
    await refused(await enter(admin, { ...base(), date: '2001-06-01' }), 400, MSG.seasonClosed(closed.name));
  });
});
