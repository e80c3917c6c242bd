import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import {
  ZHeadToHead,
  ZMetagame,
  ZPlayerStatistics,
  type THeadToHead,
  type TMetagame,
  type TPlayerRating,
  type TPlayerStatistics,
} from '@mitos/domain/player-statistics';
import { queryRows } from '../src/db/client';
import { decks } from '../src/db/schema/index';
import { headToHeadQuery, metagameQuery, playerMatchRowsQuery } from '../src/statistics/repository';
import { rebuildCounts } from '../src/rankings/tallies';
import { buildTestApp, expectErrorShape, injectAs, type TestApp } from './helpers';
import {
  act,
  body1v1,
  body2v2,
  createPlayer,
  postMatch,
  recordMatch,
  type Player,
} from './matches-factories';
import { createSeason, insertStore } from './community-factories';

/**
 * Issue 17's reads through the real app: a player's statistics, a head-to-head and the metagame,
 * each figure checked on a small known history (1v1 and 2v2, a deleted deck, a draw, and matches
 * that do not count: pending, rejected, cancelled).
 */

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let dario: Player;
let erika: Player;
/** ana's second deck (Heroe), deleted once played. */
let viejo: { id: number; name: string };
let store: { id: number; name: string };
let past: { id: number; name: string };
let current: { id: number; name: string };
/** The approved matches of the history, by name. */
const m: Record<string, TMatch> = {};

const get = (user: Player | null, url: string) => injectAs(t.app, user, { method: 'GET', url });

async function getOk<T>(user: Player, url: string): Promise<T> {
  const res = await get(user, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

async function refused(url: string, status: number, message?: string) {
  const res = await get(ana, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  const body = res.json();
  expectErrorShape(body);
  if (message) expect(body.message).toBe(message);
}

/** A match recorded by its first team's first player and approved by everyone else. */
async function approved(payload: ReturnType<typeof body1v1>, players: readonly Player[]): Promise<TMatch> {
  const res = await postMatch(t.app, players[0]!, payload);
  expect(res.statusCode, res.body).toBe(201);
  let match = res.json<TMatch>();
  for (const p of players.slice(1)) {
    const approval = await act(t.app, p, match.id, 'approve');
    expect(approval.statusCode, approval.body).toBe(200);
    match = approval.json<TMatch>();
  }
  expect(match.approval_status).toBe('approved');
  return match;
}

const at = (day: string) => `${day}T15:00:00.000Z`;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createPlayer(t.database, { username: 'ana', raza: 'Dragon' });
  bruno = await createPlayer(t.database, { username: 'bruno', raza: 'Faerie' });
  carla = await createPlayer(t.database, { username: 'carla', raza: 'Sombra' });
  dario = await createPlayer(t.database, { username: 'dario', raza: 'Titan' });
  erika = await createPlayer(t.database, { username: 'erika', raza: 'Dragon' });
  [viejo] = (await t.database.db
    .insert(decks)
    .values({ userId: ana.id, name: 'Viejo', raza: 'Heroe' })
    .returning({ id: decks.id, name: decks.name })) as [{ id: number; name: string }];
  store = await insertStore(t.database, { name: 'Dragón Dorado' });
});

describe('before any season', () => {
  it('answers an empty metagame with no season', async () => {
    expect(await getOk<TMetagame>(ana, '/api/metagame')).toEqual({
      season: null,
      storeId: null,
      matches: 0,
      races: [],
    });
    expect(await getOk<TMetagame>(ana, `/api/metagame?storeId=${store.id}`)).toMatchObject({
      season: null,
      storeId: store.id,
      matches: 0,
    });
    await refused('/api/metagame?storeId=999999', 404, MSG.storeNotFound);
  });

  it('records the history: a past season, then the current one', async () => {
    past = await createSeason(t.database, {
      name: 'Temporada 2024',
      startsOn: '2024-01-01',
      endsOn: '2024-12-31',
    });
    // A Monday: week 2024-06-10, month 2024-06-01.
    m.m1 = await approved(body1v1(ana, bruno, { match_date: at('2024-06-10') }), [ana, bruno]);
    await t.database.db.execute(sql`update seasons set closed_at = now() where id = ${past.id}`);
    current = await createSeason(t.database, {
      name: 'Temporada Actual',
      startsOn: '2025-01-01',
      endsOn: '2099-12-31',
    });
    // Week 2025-03-03: a win over bruno at the store, a draw (no win) against carla.
    m.m2 = await approved(
      body1v1(ana, bruno, { match_date: at('2025-03-03'), team2_score: 0, store_id: store.id }),
      [ana, bruno],
    );
    m.m3 = await approved(
      body1v1(ana, carla, { match_date: at('2025-03-05'), team1_score: 1, team2_score: 1 }),
      [ana, carla],
    );
    // Week 2025-03-17: a 2v2 won with carla against bruno and dario, ana playing Viejo.
    m.m4 = await approved(
      body2v2([ana, carla], [bruno, dario], {
        match_date: at('2025-03-20'),
        team1_decks: [viejo.id, carla.deck.id],
        team1_score: 2,
        team2_score: 1,
      }),
      [ana, carla, bruno, dario],
    );
    // Week 2025-03-31, April: lost to dario with Viejo, at the store.
    m.m5 = await approved(
      body1v1(ana, dario, {
        match_date: at('2025-04-02'),
        team1_decks: [viejo.id],
        team1_score: 0,
        team2_score: 2,
        store_id: store.id,
      }),
      [ana, dario],
    );
    // Not ana's: bruno beats erika at the store.
    m.m6 = await approved(body1v1(bruno, erika, { match_date: at('2025-05-01'), store_id: store.id }), [
      bruno,
      erika,
    ]);

    // None of these count: pending, rejected, cancelled.
    await recordMatch(t.app, ana, ana, bruno, { match_date: at('2025-04-05'), store_id: store.id });
    const rejected = await recordMatch(t.app, ana, ana, carla, { match_date: at('2025-04-06') });
    expect((await act(t.app, carla, rejected.id, 'reject')).statusCode).toBe(200);
    const cancelled = await recordMatch(t.app, ana, ana, dario, { match_date: at('2025-04-07') });
    expect((await act(t.app, ana, cancelled.id, 'cancel')).statusCode).toBe(200);
    const halfApproved = await postMatch(
      t.app,
      ana,
      body2v2([ana, carla], [bruno, dario], { match_date: at('2025-04-08'), team1_score: 2, team2_score: 0 }),
    );
    for (const p of [carla, bruno])
      expect((await act(t.app, p, halfApproved.json<TMatch>().id, 'approve')).statusCode).toBe(200);
  });
});

describe('GET /api/users/:id/statistics', () => {
  it('counts every figure of a known history, form by month by default', async () => {
    const stats = await getOk<TPlayerStatistics>(bruno, `/api/users/${ana.id}/statistics`);
    expect(() => ZPlayerStatistics.parse(stats)).not.toThrow();
    expect(stats.period).toBe('month');
    expect(stats.seasonId).toBeNull();
    // W W D(L) W L
    expect(stats.totals).toEqual({ matches: 5, wins: 3, winRate: 60 });
    expect(stats.form).toEqual([
      { period: '2024-06-01', matches: 1, wins: 1, winRate: 100, rating: expect.any(Number) },
      { period: '2025-03-01', matches: 3, wins: 2, winRate: 67, rating: expect.any(Number) },
      { period: '2025-04-01', matches: 1, wins: 0, winRate: 0, rating: expect.any(Number) },
    ]);
    // Rated as approved: the last period ends on the player's all-time rating.
    const rating = await getOk<TPlayerRating>(bruno, `/api/users/${ana.id}/rating`);
    expect(stats.form.at(-1)!.rating).toBe(rating.allTime!.rating);
    expect(stats.byDeck).toEqual([
      { deckId: ana.deck.id, name: ana.deck.name, raza: 'Dragon', matches: 3, wins: 2, winRate: 67 },
      { deckId: viejo.id, name: 'Viejo', raza: 'Heroe', matches: 2, wins: 1, winRate: 50 },
    ]);
    expect(stats.byRace).toEqual([
      { race: 'Dragon', matches: 3, wins: 2, winRate: 67 },
      { race: 'Heroe', matches: 2, wins: 1, winRate: 50 },
    ]);
    // The 2v2 gives one line per opponent; carla, the teammate, is no opponent there.
    expect(stats.matchups).toEqual([
      { ownRace: 'Dragon', opponentRace: 'Faerie', matches: 2, wins: 2, winRate: 100 },
      { ownRace: 'Heroe', opponentRace: 'Titan', matches: 2, wins: 1, winRate: 50 },
      { ownRace: 'Dragon', opponentRace: 'Sombra', matches: 1, wins: 0, winRate: 0 },
      { ownRace: 'Heroe', opponentRace: 'Faerie', matches: 1, wins: 1, winRate: 100 },
    ]);
    expect(stats.opponents).toEqual([
      { opponent: { id: bruno.id, username: 'bruno' }, matches: 3, wins: 3, winRate: 100 },
      { opponent: { id: dario.id, username: 'dario' }, matches: 2, wins: 1, winRate: 50 },
      { opponent: { id: carla.id, username: 'carla' }, matches: 1, wins: 0, winRate: 0 },
    ]);
    expect(stats.streaks).toEqual({ current: { kind: 'loss', length: 1 }, longestWin: 2, longestLoss: 1 });
  });

  it('groups the form by week (from Monday) and counts one season when asked', async () => {
    const weekly = await getOk<TPlayerStatistics>(ana, `/api/users/${ana.id}/statistics?period=week`);
    expect(weekly.form.map((f) => [f.period, f.matches, f.wins, f.winRate])).toEqual([
      ['2024-06-10', 1, 1, 100],
      ['2025-03-03', 2, 1, 50],
      ['2025-03-17', 1, 1, 100],
      ['2025-03-31', 1, 0, 0],
    ]);
    const season = await getOk<TPlayerStatistics>(
      ana,
      `/api/users/${ana.id}/statistics?seasonId=${current.id}`,
    );
    expect(season.seasonId).toBe(current.id);
    expect(season.totals).toEqual({ matches: 4, wins: 2, winRate: 50 });
    expect(season.opponents[0]).toEqual({
      opponent: { id: bruno.id, username: 'bruno' },
      matches: 2,
      wins: 2,
      winRate: 100,
    });
    const pastSeason = await getOk<TPlayerStatistics>(
      ana,
      `/api/users/${ana.id}/statistics?seasonId=${past.id}&period=week`,
    );
    expect(pastSeason.totals).toEqual({ matches: 1, wins: 1, winRate: 100 });
    expect(pastSeason.streaks).toEqual({
      current: { kind: 'win', length: 1 },
      longestWin: 1,
      longestLoss: 0,
    });
    // From the other side of the draw: no win for carla either.
    const forCarla = await getOk<TPlayerStatistics>(ana, `/api/users/${carla.id}/statistics`);
    expect(forCarla.totals).toEqual({ matches: 2, wins: 1, winRate: 50 });
  });

  it('keeps a deleted deck’s name and race, its id gone', async () => {
    await getOk<TPlayerStatistics>(ana, `/api/users/${ana.id}/statistics`);
    const res = await injectAs(t.app, ana, { method: 'DELETE', url: `/api/decks/${viejo.id}` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const stats = await getOk<TPlayerStatistics>(ana, `/api/users/${ana.id}/statistics`);
    expect(stats.byDeck[1]).toEqual({
      deckId: null,
      name: 'Viejo',
      raza: 'Heroe',
      matches: 2,
      wins: 1,
      winRate: 50,
    });
    expect(stats.byRace.map((r) => r.race)).toEqual(['Dragon', 'Heroe']);
  });

  it('gives each period the all-time rating after its last rated match', async () => {
    const history: [TMatch, number][] = [
      [m.m1!, 1010],
      [m.m2!, 1030],
      [m.m3!, 1025],
      // m4 is not rated yet: March keeps m3's rating.
      [m.m5!, 1015],
    ];
    await t.database.db.execute(sql`delete from rating_history where user_id = ${ana.id}`);
    for (const [match, rating] of history)
      await t.database.db.execute(sql`
        insert into rating_history (match_id, user_id, rated_order, mu, sigma, rating, matches)
        values (${match.id}, ${ana.id}, ${match.id}, 25, 8, ${rating}, 1)`);
    // As an approval announces its match once its rating is written.
    await t.app.ctx.changes.publish({ matches: [ana.id] });
    const monthly = await getOk<TPlayerStatistics>(ana, `/api/users/${ana.id}/statistics`);
    expect(monthly.form.map((f) => [f.period, f.rating])).toEqual([
      ['2024-06-01', 1010],
      ['2025-03-01', 1025],
      ['2025-04-01', 1015],
    ]);
    const weekly = await getOk<TPlayerStatistics>(ana, `/api/users/${ana.id}/statistics?period=week`);
    expect(weekly.form.map((f) => [f.period, f.rating])).toEqual([
      ['2024-06-10', 1010],
      ['2025-03-03', 1025],
      ['2025-03-17', null],
      ['2025-03-31', 1015],
    ]);
  });

  it('answers zeros, empty lists and no streak for a player without approved matches', async () => {
    const nuevo = await createPlayer(t.database, { username: 'nuevo' });
    await recordMatch(t.app, nuevo, nuevo, bruno);
    expect(await getOk<TPlayerStatistics>(ana, `/api/users/${nuevo.id}/statistics?period=week`)).toEqual({
      period: 'week',
      seasonId: null,
      totals: { matches: 0, wins: 0, winRate: 0 },
      form: [],
      byDeck: [],
      byRace: [],
      matchups: [],
      opponents: [],
      streaks: { current: null, longestWin: 0, longestLoss: 0 },
    });
  });

  it('moves when one of the player’s matches is approved (the cached answer is dropped)', async () => {
    const before = await getOk<TPlayerStatistics>(ana, `/api/users/${erika.id}/statistics`);
    await getOk<TPlayerStatistics>(ana, `/api/users/${erika.id}/statistics`);
    await approved(body1v1(erika, carla, { match_date: at('2025-06-02') }), [erika, carla]);
    const after = await getOk<TPlayerStatistics>(ana, `/api/users/${erika.id}/statistics`);
    expect(after.totals).toEqual({
      matches: before.totals.matches + 1,
      wins: before.totals.wins + 1,
      winRate: 50,
    });
    expect(after.streaks.current).toEqual({ kind: 'win', length: 1 });
  });

  it('refuses bad ids and queries with 400, unknown users and seasons with 404, signed out with 401', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648'])
      await refused(`/api/users/${id}/statistics`, 400);
    await refused('/api/users/2147483647/statistics', 404, MSG.userNotFound);
    await refused('/api/users/999999/statistics', 404, MSG.userNotFound);
    await refused(`/api/users/${ana.id}/statistics?seasonId=999999`, 404, MSG.seasonNotFound);
    for (const query of [
      'period=year',
      'period=',
      'seasonId=abc',
      'seasonId=0',
      'seasonId=99999999999',
      'store=1',
    ])
      await refused(`/api/users/${ana.id}/statistics?${query}`, 400);
    expect((await get(null, `/api/users/${ana.id}/statistics`)).statusCode).toBe(401);
  });
});

describe('GET /api/users/:id/head-to-head/:opponentId', () => {
  it('counts the matches on opposite sides, from the player’s side, newest first', async () => {
    const h2h = await getOk<THeadToHead>(bruno, `/api/users/${ana.id}/head-to-head/${dario.id}`);
    expect(() => ZHeadToHead.parse(h2h)).not.toThrow();
    expect(h2h).toEqual({
      opponent: { id: dario.id, username: 'dario' },
      matches: 2,
      wins: 1,
      losses: 1,
      winRate: 50,
      recent: [
        { matchId: m.m5!.id, matchDate: at('2025-04-02'), ownScore: 0, opponentScore: 2, won: false },
        { matchId: m.m4!.id, matchDate: at('2025-03-20'), ownScore: 2, opponentScore: 1, won: true },
      ],
    });
    const fromDario = await getOk<THeadToHead>(ana, `/api/users/${dario.id}/head-to-head/${ana.id}`);
    expect(fromDario).toMatchObject({ opponent: { id: ana.id, username: 'ana' }, wins: 1, losses: 1 });
    expect(fromDario.recent[0]).toMatchObject({ ownScore: 2, opponentScore: 0, won: true });
    // The draw is a loss for both; the 2v2 they played together does not count.
    expect(await getOk<THeadToHead>(ana, `/api/users/${ana.id}/head-to-head/${carla.id}`)).toMatchObject({
      matches: 1,
      wins: 0,
      losses: 1,
      winRate: 0,
    });
    // Pending, rejected and cancelled matches with bruno do not count.
    expect(await getOk<THeadToHead>(ana, `/api/users/${ana.id}/head-to-head/${bruno.id}`)).toMatchObject({
      matches: 3,
      wins: 3,
      losses: 0,
      winRate: 100,
    });
  });

  it('answers zeros for two players who never met', async () => {
    expect(await getOk<THeadToHead>(ana, `/api/users/${ana.id}/head-to-head/${erika.id}`)).toEqual({
      opponent: { id: erika.id, username: 'erika' },
      matches: 0,
      wins: 0,
      losses: 0,
      winRate: 0,
      recent: [],
    });
  });

  it('refuses the same player twice, bad ids, unknown users, and a signed-out caller', async () => {
    await refused(`/api/users/${ana.id}/head-to-head/${ana.id}`, 400, MSG.playersMustDiffer);
    for (const [a, b] of [
      ['abc', String(bruno.id)],
      [String(ana.id), '0'],
      [String(ana.id), '99999999999'],
      ['-3', String(ana.id)],
    ])
      await refused(`/api/users/${a}/head-to-head/${b}`, 400);
    await refused(`/api/users/${ana.id}/head-to-head/999999`, 404, MSG.userNotFound);
    await refused(`/api/users/999999/head-to-head/${ana.id}`, 404, MSG.userNotFound);
    expect((await get(null, `/api/users/${ana.id}/head-to-head/${bruno.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/metagame', () => {
  it('counts the current season’s races: appearances, wins, players and share, most played first', async () => {
    const meta = await getOk<TMetagame>(ana, '/api/metagame');
    expect(() => ZMetagame.parse(meta)).not.toThrow();
    expect(meta.season).toMatchObject({ id: current.id, name: 'Temporada Actual', current: true });
    expect(meta.storeId).toBeNull();
    // m2…m6 and erika’s win over carla from the statistics tests: 6 matches, 14 appearances.
    expect(meta.matches).toBe(6);
    expect(meta.races).toEqual([
      { race: 'Dragon', matches: 4, wins: 2, winRate: 50, players: 2, share: 29 },
      { race: 'Faerie', matches: 3, wins: 1, winRate: 33, players: 1, share: 21 },
      { race: 'Sombra', matches: 3, wins: 1, winRate: 33, players: 1, share: 21 },
      { race: 'Heroe', matches: 2, wins: 1, winRate: 50, players: 1, share: 14 },
      { race: 'Titan', matches: 2, wins: 1, winRate: 50, players: 1, share: 14 },
    ]);
  });

  it('counts one store, and a past season', async () => {
    expect(await getOk<TMetagame>(ana, `/api/metagame?storeId=${store.id}`)).toMatchObject({
      storeId: store.id,
      matches: 3,
      races: [
        { race: 'Dragon', matches: 2, wins: 1, winRate: 50, players: 2, share: 33 },
        { race: 'Faerie', matches: 2, wins: 1, winRate: 50, players: 1, share: 33 },
        { race: 'Heroe', matches: 1, wins: 0, winRate: 0, players: 1, share: 17 },
        { race: 'Titan', matches: 1, wins: 1, winRate: 100, players: 1, share: 17 },
      ],
    });
    const old = await getOk<TMetagame>(ana, `/api/metagame?seasonId=${past.id}`);
    expect(old.season).toMatchObject({ id: past.id, current: false });
    expect(old).toMatchObject({
      matches: 1,
      races: [
        { race: 'Dragon', matches: 1, wins: 1, winRate: 100, players: 1, share: 50 },
        { race: 'Faerie', matches: 1, wins: 0, winRate: 0, players: 1, share: 50 },
      ],
    });
    expect(
      await getOk<TMetagame>(ana, `/api/metagame?seasonId=${past.id}&storeId=${store.id}`),
    ).toMatchObject({
      matches: 0,
      races: [],
    });
  });

  it('moves when a match of the season is approved', async () => {
    const before = await getOk<TMetagame>(ana, '/api/metagame');
    await approved(body1v1(dario, carla, { match_date: at('2025-07-01') }), [dario, carla]);
    const after = await getOk<TMetagame>(ana, '/api/metagame');
    expect(after.matches).toBe(before.matches + 1);
    expect(after.races.find((r) => r.race === 'Titan')).toMatchObject({ matches: 3, wins: 2 });
  });

  it('answers 404 for an unknown season or store, 400 for a bad query, 401 signed out', async () => {
    await refused('/api/metagame?seasonId=999999', 404, MSG.seasonNotFound);
    await refused('/api/metagame?storeId=999999', 404, MSG.storeNotFound);
    for (const query of ['seasonId=abc', 'seasonId=0', 'storeId=-1', 'storeId=99999999999', 'period=month'])
      await refused(`/api/metagame?${query}`, 400);
    expect((await get(null, '/api/metagame')).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the three reads with summaries', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/users/{id}/statistics',
      '/api/users/{id}/head-to-head/{opponentId}',
      '/api/metagame',
    ])
      expect(doc.paths[path]?.get?.summary, path).toEqual(expect.any(String));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the reads at 100,000 matches', () => {
  const planOf = async (query: SQL) =>
    (await queryRows<{ 'QUERY PLAN': string }>(t.database.db, sql`explain ${query}`))
      .map((r) => r['QUERY PLAN'])
      .join('\n');

  it('read a player’s rows from their index and a season’s matches from matches_season_idx', async () => {
    const seasons = [];
    for (let i = 0; i < 10; i++)
      seasons.push(
        await createSeason(t.database, {
          startsOn: `${1990 + i}-01-01`,
          endsOn: `${1990 + i}-12-31`,
          closed: true,
        }),
      );
    await t.database.db.execute(sql`
      insert into users (username, email, password_hash)
      select 'escala' || g, 'escala' || g || '@example.com', 'x' from generate_series(1, 1000) g`);
    // Bulk rows, not matches the rating engine should rate.
    await t.database.db.execute(sql`alter table matches disable trigger matches_rating_enqueue`);
    await t.database.db.execute(sql`
      with u as (select array_agg(id order by id) as ids from users where username like 'escala%'),
           s as (select array_agg(id order by starts_on) as ids from seasons where starts_on < '2000-01-01')
      insert into matches (match_date, match_mode, tier, approval_status, team1_score, team2_score, total_matches,
                           created_by, season_id, store_id)
      select timestamptz '1990-01-01' + (g - 1) * interval '3150 seconds', '1v1', 'Amistoso',
             case when g % 10 = 0 then 'pending' else 'approved' end, 1 + g % 2, 2 - g % 2, 3,
             u.ids[1 + g % 1000], s.ids[1 + (g - 1) / 10000], case when g % 4 = 0 then ${store.id}::int end
        from generate_series(1, 100000) g, u, s`);
    await t.database.db.execute(sql`alter table matches enable trigger matches_rating_enqueue`);
    await t.database.db.execute(sql`
      insert into match_players (match_id, user_id, team, position, approval_status, deck_name, deck_raza,
                                 match_date, match_status)
      select m.id, p.user_id, p.team, 0, m.approval_status, 'Mazo',
             (array['Dragon','Faerie','Sombra','Titan','Heroe','Eterno'])[1 + p.user_id % 6],
             m.match_date, m.approval_status
        from matches m
       cross join (select min(id) as id from users where username like 'escala%') base
       cross join lateral (values (1, m.created_by),
                                  (2, base.id + (m.created_by - base.id + 1 + m.id % 998) % 1000)) p(team, user_id)
       where m.season_id in (select id from seasons where starts_on < '2000-01-01')`);
    // Every approved player-match rated, as the engine leaves it.
    await t.database.db.execute(sql`
      insert into rating_history (match_id, user_id, rated_order, mu, sigma, rating, matches)
      select mp.match_id, mp.user_id, mp.match_id, 25, 8, 1000, 1
        from match_players mp join users u on u.id = mp.user_id
       where u.username like 'escala%' and mp.match_status = 'approved'`);
    // The metagame's tallies of those matches, as the seeds leave them.
    await rebuildCounts(t.database);
    await t.database.db.execute(sql`analyze`);
    const [someone] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select min(user_id) as id from match_players
           where match_status = 'approved' and match_id > (select max(id) - 100000 from matches)`,
    );
    const userId = Number(someone!.id);
    const season = seasons[3]!.id;
    for (const query of [
      playerMatchRowsQuery(userId, undefined),
      playerMatchRowsQuery(userId, season),
      headToHeadQuery(userId, userId + 1),
    ]) {
      const plan = await planOf(query);
      expect(plan).toContain('match_players_user_approved_idx');
      expect(plan).not.toMatch(/Seq Scan on (match_players|matches|rating_history)/);
    }
    // A head-to-head reads both players' approved entries from the index, not the opponent's
    // place in each of the player's matches through the key.
    const headToHead = await planOf(headToHeadQuery(userId, userId + 1));
    expect(headToHead.match(/match_players_user_approved_idx/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(headToHead).toMatch(/CTE shared/);
    for (const query of [metagameQuery(season, undefined), metagameQuery(season, store.id)]) {
      const plan = await planOf(query);
      // A range of the tallies' key, whatever the number of matches.
      expect(plan).toContain('race_tallies_season_id_store_id_user_id_race_pk');
      expect(plan).not.toMatch(/Seq Scan on (race_tallies|matches|match_players)/);
    }
  }, 120_000);
});
