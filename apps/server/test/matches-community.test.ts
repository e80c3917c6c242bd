import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers';
import { body1v1, body2v2, createPlayer, createPlayers, postMatch, type Player } from './matches-factories';
import { createLeague, createSeason, insertStore, seasonOfMatch, thisYear } from './community-factories';

/**
 * Where a match was played and who may record which tier (docs/decisions/014): the store and
 * league a match names, checked against the database; the season holding its day; the tier rules.
 */

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let dario: Player;
let organiser: Player;
let judge: Player;
let admin: Player;
let store: { id: number; name: string };
let otherStore: { id: number; name: string };
let closedStore: { id: number; name: string };
let league: { id: number; name: string };
let current: { id: number; name: string };
let past: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  [ana, bruno, carla, dario] = await createPlayers(t.database, ['ana', 'bruno', 'carla', 'dario'] as const);
  organiser = await createPlayer(t.database, { username: 'organiza' });
  judge = await createPlayer(t.database, { username: 'jueza', role: 'judge' });
  admin = await createPlayer(t.database, { username: 'admina', role: 'admin' });
  store = await insertStore(t.database, { name: 'Dragón Dorado', organisers: [organiser.id] });
  otherStore = await insertStore(t.database, { name: 'La Cueva' });
  closedStore = await insertStore(t.database, { name: 'Cerrada', active: false });
  league = await createLeague(t.database, { storeId: store.id, name: 'Liga de Otoño' });
  current = await createSeason(t.database, { name: 'Temporada Actual', ...thisYear() });
  past = await createSeason(t.database, {
    name: 'Temporada 2020',
    startsOn: '2020-01-01',
    endsOn: '2020-12-31',
    closed: true,
  });
});

async function refused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  const body = res.json();
  expectErrorShape(body);
  expect(body.message).toBe(message);
}

async function matchCount(): Promise<number> {
  const result = (await t.database.db.execute(sql`select count(*)::int as n from matches`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]!.n);
}

describe('where a match was played', () => {
  it('records the store, in either body form, and answers it with its name', async () => {
    const snake = await postMatch(t.app, ana, body1v1(ana, bruno, { store_id: store.id }));
    expect(snake.statusCode, snake.body).toBe(201);
    const match = snake.json<TMatch>();
    expect(match.store).toEqual({ id: store.id, name: 'Dragón Dorado' });
    expect(match.league).toBeNull();
    expect(match.round).toBeNull();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/matches/${match.id}`,
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(read.json<TMatch>()).toEqual(match);

    const camel = await postMatch(t.app, ana, {
      team1Players: [ana.id],
      team2Players: [bruno.id],
      team1Decks: [{ id: ana.deck.id }],
      team2Decks: [{ id: bruno.deck.id }],
      team1Score: 1,
      storeId: store.id,
      leagueId: null,
    });
    expect(camel.statusCode, camel.body).toBe(201);
    expect(camel.json<TMatch>().store).toEqual({ id: store.id, name: store.name });
  });

  it('names no store when none is given or it is null', async () => {
    for (const body of [body1v1(ana, bruno), body1v1(ana, bruno, { store_id: null, league_id: null })]) {
      const res = await postMatch(t.app, ana, body);
      expect(res.statusCode).toBe(201);
      expect(res.json<TMatch>()).toMatchObject({ store: null, league: null, round: null });
    }
  });

  it('fills in the league’s store when none is named', async () => {
    const res = await postMatch(t.app, ana, body1v1(ana, bruno, { league_id: league.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TMatch>()).toMatchObject({
      store: { id: store.id, name: store.name },
      league: { id: league.id, name: 'Liga de Otoño' },
    });
  });

  it('refuses an unknown or inactive store, an unknown, deleted or finished league, and one of another store', async () => {
    const finished = await createLeague(t.database, { storeId: store.id, finished: true });
    const deleted = await createLeague(t.database, { storeId: store.id, deleted: true });
    const atClosed = await createLeague(t.database, { storeId: closedStore.id });
    const before = await matchCount();
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { store_id: 999_999 })),
      400,
      MSG.storeNotFound,
    );
    await refused(
      await postMatch(t.app, ana, { ...body1v1(ana, bruno), store_id: 2_147_483_647 }),
      400,
      MSG.storeNotFound,
    );
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { store_id: closedStore.id })),
      400,
      MSG.storeInactive,
    );
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { league_id: 999_999 })),
      400,
      MSG.leagueNotFound,
    );
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { league_id: deleted.id })),
      400,
      MSG.leagueNotFound,
    );
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { league_id: finished.id })),
      400,
      MSG.leagueFinished,
    );
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { league_id: atClosed.id })),
      400,
      MSG.storeInactive,
    );
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { store_id: otherStore.id, league_id: league.id })),
      400,
      MSG.leagueOfAnotherStore,
    );
    expect(await matchCount()).toBe(before);
  });

  it('refuses store and league ids that are not ids, in the error shape', async () => {
    for (const bad of [{ store_id: 0 }, { store_id: -1 }, { league_id: 'x' }, { store_id: 1.5 }]) {
      const res = await postMatch(t.app, ana, { ...body1v1(ana, bruno), ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expectErrorShape(res.json());
    }
  });
});

describe('seasons', () => {
  it('puts the match in the season holding its Buenos Aires day', async () => {
    const res = await postMatch(t.app, ana, body1v1(ana, bruno));
    expect(await seasonOfMatch(t.database, res.json<TMatch>().id)).toBe(current.id);
  });

  it('refuses a match dated in a closed season, naming it', async () => {
    const before = await matchCount();
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { match_date: '2020-06-01T12:00:00Z' })),
      400,
      MSG.seasonClosed('Temporada 2020'),
    );
    // 2021-01-01 02:00 UTC is still 31 December 2020 in Buenos Aires.
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { match_date: '2021-01-01T02:00:00Z' })),
      400,
      MSG.seasonClosed(past.name),
    );
    expect(await matchCount()).toBe(before);
  });

  it('records a match no season holds without a season: it counts for no ranking', async () => {
    const res = await postMatch(t.app, ana, body1v1(ana, bruno, { match_date: '2021-01-01T04:00:00Z' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await seasonOfMatch(t.database, res.json<TMatch>().id)).toBeNull();
  });
});

describe('who may record which tier', () => {
  it('lets any player record an Amistoso, 1v1 or 2v2', async () => {
    expect((await postMatch(t.app, ana, body1v1(ana, bruno, { tier: 'Amistoso' }))).statusCode).toBe(201);
    const twoVsTwo = await postMatch(t.app, ana, body2v2([ana, carla], [bruno, dario], { team1_score: 1 }));
    expect(twoVsTwo.statusCode, twoVsTwo.body).toBe(201);
  });

  it('accepts 2v2 only as Amistoso', async () => {
    for (const tier of ['Amistoso c/ Arbitro', 'Arena', 'Torneo'] as const) {
      await refused(
        await postMatch(
          t.app,
          admin,
          body2v2([ana, carla], [bruno, dario], { tier, team1_score: 1, league_id: league.id }),
        ),
        400,
        MSG.twoVsTwoOnlyFriendly,
      );
    }
  });

  it('leaves Amistoso c/ Arbitro to a referee: a judge, the store’s organiser, an admin', async () => {
    const tier = 'Amistoso c/ Arbitro' as const;
    await refused(await postMatch(t.app, ana, body1v1(ana, bruno, { tier })), 403, MSG.refereeRequired);
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { tier, store_id: store.id })),
      403,
      MSG.refereeRequired,
    );
    // The organiser of another store is no referee here.
    await refused(
      await postMatch(t.app, organiser, body1v1(organiser, bruno, { tier, store_id: otherStore.id })),
      403,
      MSG.refereeRequired,
    );
    // A judge referees a match between two others, or plays in one.
    const refereed = await postMatch(t.app, judge, body1v1(ana, bruno, { tier }));
    expect(refereed.statusCode, refereed.body).toBe(201);
    expect(refereed.json<TMatch>().team1.players[0]?.approval_status).toBe('pending');
    expect((await postMatch(t.app, judge, body1v1(judge, bruno, { tier }))).statusCode).toBe(201);
    const byOrganiser = await postMatch(t.app, organiser, body1v1(ana, bruno, { tier, store_id: store.id }));
    expect(byOrganiser.statusCode, byOrganiser.body).toBe(201);
    expect((await postMatch(t.app, admin, body1v1(ana, bruno, { tier }))).statusCode).toBe(201);
  });

  it('leaves Arena to the organiser of the league’s store, for a league', async () => {
    const tier = 'Arena' as const;
    await refused(await postMatch(t.app, admin, body1v1(ana, bruno, { tier })), 400, MSG.arenaNeedsLeague);
    await refused(
      await postMatch(t.app, organiser, body1v1(ana, bruno, { tier, store_id: store.id })),
      400,
      MSG.arenaNeedsLeague,
    );
    await refused(
      await postMatch(t.app, ana, body1v1(ana, bruno, { tier, league_id: league.id })),
      403,
      MSG.arenaOrganiserOnly,
    );
    await refused(
      await postMatch(t.app, judge, body1v1(judge, bruno, { tier, league_id: league.id })),
      403,
      MSG.arenaOrganiserOnly,
    );
    const byOrganiser = await postMatch(
      t.app,
      organiser,
      body1v1(ana, bruno, { tier, league_id: league.id }),
    );
    expect(byOrganiser.statusCode, byOrganiser.body).toBe(201);
    expect(byOrganiser.json<TMatch>()).toMatchObject({
      tier,
      store: { id: store.id },
      league: { id: league.id },
    });
    expect(
      (await postMatch(t.app, admin, body1v1(ana, bruno, { tier, league_id: league.id }))).statusCode,
    ).toBe(201);
  });

  it('never takes a Torneo through the match form', async () => {
    for (const who of [ana, organiser, judge, admin]) {
      await refused(
        await postMatch(t.app, who, body1v1(ana, bruno, { tier: 'Torneo', league_id: league.id })),
        403,
        MSG.tournamentOnly,
      );
    }
  });

  it('lets a store’s organiser record a match between others at their store only', async () => {
    const atStore = await postMatch(t.app, organiser, body1v1(ana, bruno, { store_id: store.id }));
    expect(atStore.statusCode, atStore.body).toBe(201);
    await refused(
      await postMatch(t.app, organiser, body1v1(ana, bruno, { store_id: otherStore.id })),
      403,
      MSG.createForbidden,
    );
    await refused(await postMatch(t.app, organiser, body1v1(ana, bruno)), 403, MSG.createForbidden);
    await refused(await postMatch(t.app, judge, body1v1(ana, bruno)), 403, MSG.createForbidden);
  });
});
