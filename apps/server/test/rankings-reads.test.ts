import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import { RANKS } from '@mitos/domain/constants';
import type { TRanking, TStanding } from '@mitos/domain/community';
import type { TMatch } from '@mitos/domain/matches';
import { queryRows } from '../src/db/client';
import { rankingPageQuery } from '../src/rankings/repository';
import { buildTestApp, createUser, expectErrorShape, injectAs, type TestApp } from './helpers';
import { act, createPlayers, recordMatch, type Player } from './matches-factories';
import { createSeason, insertStore, thisYear } from './community-factories';

/**
 * The reads of the standings (docs/decisions/014): GET /api/rankings, a store's results
 * (GET /api/stores/:id/matches) and a player's season (GET /api/users/:id/standing).
 */

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let dario: Player;
let store: { id: number; name: string };
let otherStore: { id: number; name: string };
let past: { id: number; name: string };
let current: { id: number; name: string };

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

async function approved(a: Player, b: Player, overrides: Parameters<typeof recordMatch>[4] = {}) {
  const match = await recordMatch(t.app, a, a, b, overrides);
  expect((await act(t.app, b, match.id, 'approve')).statusCode).toBe(200);
  return match;
}

beforeAll(async () => {
  t = await buildTestApp();
  [ana, bruno, carla, dario] = await createPlayers(t.database, ['ana', 'bruno', 'carla', 'dario'] as const);
  await t.database.db.execute(sql`update users set tor_code = 'TOR-ANA' where id = ${ana.id}`);
  store = await insertStore(t.database, { name: 'Dragón Dorado' });
  otherStore = await insertStore(t.database, { name: 'La Cueva' });
});

describe('before any season', () => {
  it('answers an empty ranking and a zero standing', async () => {
    expect(await getOk<TRanking>(ana, '/api/rankings')).toEqual({
      season: null,
      storeId: null,
      sort: 'points',
      total: 0,
      page: 1,
      pageSize: 50,
      rows: [],
    });
    expect(await getOk<TStanding>(bruno, `/api/users/${ana.id}/standing`)).toEqual({
      season: null,
      position: null,
      matches: 0,
      wins: 0,
      points: 0,
      rank: { level: 1, name: RANKS[0].name },
      torCode: 'TOR-ANA',
      stores: [],
    });
  });

  it('sets up a past season with matches, then the current one', async () => {
    // Open while its matches are recorded, then closed.
    past = await createSeason(t.database, {
      name: 'Temporada 2020',
      startsOn: '2020-01-01',
      endsOn: '2020-12-31',
    });
    await approved(dario, ana, { match_date: '2020-05-01T12:00:00Z', store_id: otherStore.id });
    await t.database.db.execute(sql`update seasons set closed_at = now() where id = ${past.id}`);
    current = await createSeason(t.database, { name: 'Temporada Actual', ...thisYear() });
    // ana: 2 wins at the store, 1 loss elsewhere; bruno: 1 win, 2 losses; carla: 1 win, 1 loss.
    await approved(ana, bruno, { store_id: store.id });
    await approved(ana, carla, { store_id: store.id });
    await approved(bruno, ana);
    await approved(carla, bruno, { store_id: store.id });
  });
});

describe('GET /api/rankings', () => {
  it('ranks the current season’s players, best first, with place, rank and TOR code', async () => {
    const ranking = await getOk<TRanking>(carla, '/api/rankings');
    expect(ranking.season).toMatchObject({
      id: current.id,
      name: 'Temporada Actual',
      current: true,
      closedAt: null,
    });
    expect(ranking).toMatchObject({ storeId: null, total: 3, page: 1, pageSize: 50 });
    expect(ranking.rows).toEqual([
      {
        position: 1,
        userId: ana.id,
        name: 'ana',
        torCode: 'TOR-ANA',
        matches: 3,
        wins: 2,
        points: 210,
        rank: { level: 1, name: RANKS[0].name },
        // Rated by the same approved matches of the season, still Provisional.
        rating: expect.any(Number),
        ratingProvisional: true,
      },
      {
        position: 2,
        userId: bruno.id,
        name: 'bruno',
        torCode: null,
        matches: 3,
        wins: 1,
        points: 120,
        rank: expect.any(Object),
        rating: expect.any(Number),
        ratingProvisional: true,
      },
      {
        position: 3,
        userId: carla.id,
        name: 'carla',
        torCode: null,
        matches: 2,
        wins: 1,
        points: 110,
        rank: expect.any(Object),
        rating: expect.any(Number),
        ratingProvisional: true,
      },
    ]);
  });

  it('ranks one store, and a past season', async () => {
    const atStore = await getOk<TRanking>(ana, `/api/rankings?storeId=${store.id}`);
    expect(atStore.storeId).toBe(store.id);
    expect(atStore.rows.map((r) => [r.name, r.matches, r.wins, r.points])).toEqual([
      ['ana', 2, 2, 200],
      ['carla', 2, 1, 110],
      ['bruno', 2, 0, 20],
    ]);
    const pastRanking = await getOk<TRanking>(ana, `/api/rankings?seasonId=${past.id}`);
    expect(pastRanking.season).toMatchObject({ id: past.id, current: false });
    expect(pastRanking.season?.closedAt).not.toBeNull();
    expect(pastRanking.rows.map((r) => [r.name, r.points])).toEqual([
      ['dario', 100],
      ['ana', 10],
    ]);
    const empty = await getOk<TRanking>(ana, `/api/rankings?seasonId=${past.id}&storeId=${store.id}`);
    expect(empty).toMatchObject({ total: 0, rows: [] });
  });

  it('pages, keeping each line’s place', async () => {
    const first = await getOk<TRanking>(ana, '/api/rankings?pageSize=2');
    const second = await getOk<TRanking>(ana, '/api/rankings?pageSize=2&page=2');
    const beyond = await getOk<TRanking>(ana, '/api/rankings?pageSize=2&page=3');
    expect(first.rows.map((r) => r.position)).toEqual([1, 2]);
    expect(second.rows.map((r) => [r.position, r.name])).toEqual([[3, 'carla']]);
    expect([first.total, second.total, beyond.total]).toEqual([3, 3, 3]);
    expect(beyond.rows).toEqual([]);
  });

  it('orders equal points by wins, then fewer matches, then name', async () => {
    const season = await createSeason(t.database, {
      startsOn: '2010-01-01',
      endsOn: '2010-12-31',
      closed: true,
    });
    const users = await Promise.all(
      ['zoe', 'yago', 'xenia', 'walter', 'vera'].map((username) => createUser(t.database, { username })),
    );
    const lines: [number, number, number][] = [
      [300, 3, 3], // zoe
      [300, 3, 5], // yago
      [300, 4, 9], // xenia
      [300, 3, 3], // walter: as zoe, earlier name
      [900, 1, 9], // vera
    ];
    for (const [i, [points, wins, matches]] of lines.entries())
      await t.database.db.execute(
        sql`insert into standings (season_id, store_id, user_id, matches, wins, points)
            values (${season.id}, 0, ${users[i]!.id}, ${matches}, ${wins}, ${points})`,
      );
    const ranking = await getOk<TRanking>(ana, `/api/rankings?seasonId=${season.id}`);
    expect(ranking.rows.map((r) => [r.position, r.name])).toEqual([
      [1, 'vera'],
      [2, 'xenia'],
      [3, 'walter'],
      [4, 'zoe'],
      [5, 'yago'],
    ]);
    expect(ranking.rows[0]?.rank).toEqual({ level: 2, name: RANKS[1].name });
    // The standing's place agrees with the ranking's.
    for (const row of ranking.rows) {
      const own = await getOk<TStanding>(ana, `/api/users/${row.userId}/standing?seasonId=${season.id}`);
      expect(own.position, row.name).toBe(row.position);
    }
  });

  it('moves when a match is approved (the cached page is dropped)', async () => {
    const before = await getOk<TRanking>(ana, '/api/rankings');
    await getOk<TRanking>(ana, '/api/rankings');
    await approved(bruno, carla);
    const after = await getOk<TRanking>(ana, '/api/rankings');
    expect(after.rows.find((r) => r.name === 'bruno')?.points).toBe(
      before.rows.find((r) => r.name === 'bruno')!.points + 100,
    );
  });

  it('answers 404 for an unknown season or store, 400 for a bad query, 401 signed out', async () => {
    await refused('/api/rankings?seasonId=999999', 404, MSG.seasonNotFound);
    await refused('/api/rankings?storeId=999999', 404, MSG.storeNotFound);
    for (const query of [
      'page=0',
      'pageSize=101',
      'pageSize=0',
      'page=x',
      'seasonId=0',
      'storeId=-1',
      'sort=name',
    ])
      await refused(`/api/rankings?${query}`, 400);
    expect((await get(null, '/api/rankings')).statusCode).toBe(401);
  });
});

describe('GET /api/stores/:id/matches', () => {
  it('lists the store’s approved matches, newest first, paged by cursor', async () => {
    const pending = await recordMatch(t.app, ana, ana, dario, { store_id: store.id });
    const listed = await getOk<TMatch[]>(bruno, `/api/stores/${store.id}/matches`);
    expect(listed.length).toBe(3);
    expect(listed.every((m) => m.store?.id === store.id && m.approval_status === 'approved')).toBe(true);
    expect(listed.map((m) => m.id)).not.toContain(pending.id);
    const dates = listed.map((m) => m.match_date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const first = await get(bruno, `/api/stores/${store.id}/matches?limit=2`);
    expect(first.json<TMatch[]>().map((m) => m.id)).toEqual(listed.slice(0, 2).map((m) => m.id));
    const cursor = first.headers['x-next-cursor'];
    expect(typeof cursor).toBe('string');
    const second = await get(bruno, `/api/stores/${store.id}/matches?limit=2&before=${String(cursor)}`);
    expect(second.json<TMatch[]>().map((m) => m.id)).toEqual(listed.slice(2).map((m) => m.id));
    expect(second.headers['x-next-cursor']).toBeUndefined();

    // Every season's: the other store's one match was played in 2020.
    const elsewhere = await getOk<TMatch[]>(bruno, `/api/stores/${otherStore.id}/matches`);
    expect(elsewhere.map((m) => [m.store?.name, m.match_date])).toEqual([
      ['La Cueva', '2020-05-01T12:00:00.000Z'],
    ]);
  });

  it('answers 404 for an unknown store, 400 for a bad cursor or id, 401 signed out', async () => {
    await refused('/api/stores/999999/matches', 404, MSG.storeNotFound);
    await refused(`/api/stores/${store.id}/matches?before=zzz`, 400, MSG.invalidCursor);
    await refused(`/api/stores/${store.id}/matches?limit=0`, 400);
    await refused('/api/stores/x/matches', 400);
    expect((await get(null, `/api/stores/${store.id}/matches`)).statusCode).toBe(401);
  });
});

describe('GET /api/users/:id/standing', () => {
  it('tells a player’s place, points, rank and stores this season', async () => {
    const standing = await getOk<TStanding>(bruno, `/api/users/${ana.id}/standing`);
    expect(standing).toMatchObject({
      season: { id: current.id, current: true },
      // bruno (220) passed her when his last match was approved.
      position: 2,
      matches: 3,
      wins: 2,
      points: 210,
      rank: { level: 1, name: RANKS[0].name },
      torCode: 'TOR-ANA',
      stores: [{ id: store.id, name: 'Dragón Dorado' }],
    });
    const pastStanding = await getOk<TStanding>(bruno, `/api/users/${dario.id}/standing?seasonId=${past.id}`);
    expect(pastStanding).toMatchObject({
      position: 1,
      points: 100,
      stores: [{ id: otherStore.id, name: 'La Cueva' }],
    });
    const none = await getOk<TStanding>(bruno, `/api/users/${dario.id}/standing`);
    expect(none).toMatchObject({ position: null, matches: 0, wins: 0, points: 0, stores: [] });
  });

  it('answers 404 for an unknown user or season, 400 for a bad query, 401 signed out', async () => {
    await refused('/api/users/999999/standing', 404, MSG.userNotFound);
    await refused(`/api/users/${ana.id}/standing?seasonId=999999`, 404, MSG.seasonNotFound);
    await refused(`/api/users/${ana.id}/standing?seasonId=x`, 400);
    await refused(`/api/users/${ana.id}/standing?store=1`, 400);
    expect((await get(null, `/api/users/${ana.id}/standing`)).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the reads and the annulment with summaries, the ranking with an example', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/rankings', 'get'],
      ['/api/stores/{id}/matches', 'get'],
      ['/api/users/{id}/standing', 'get'],
      ['/api/matches/{id}/annul', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary, path).toEqual(expect.any(String));
    }
    expect(JSON.stringify(doc.paths['/api/rankings'].get.responses['200'])).toContain('Cría de Dragón');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the ranking page at community size', () => {
  it('walks standings_rank_idx and reads its total from ranking_sizes, counting no line', async () => {
    const season = await createSeason(t.database, {
      startsOn: '2011-01-01',
      endsOn: '2011-12-31',
      closed: true,
    });
    const other = await createSeason(t.database, {
      startsOn: '2012-01-01',
      endsOn: '2012-12-31',
      closed: true,
    });
    // 2,000 players, each in Ranking General and one of four stores, in two seasons.
    await t.database.db.execute(sql`
      insert into users (username, email, password_hash)
      select 'escala' || g, 'escala' || g || '@example.com', 'x' from generate_series(1, 2000) g`);
    const stores = [
      store.id,
      otherStore.id,
      (await insertStore(t.database)).id,
      (await insertStore(t.database)).id,
    ];
    for (const s of [season, other])
      await t.database.db.execute(sql`
        insert into standings (season_id, store_id, user_id, matches, wins, points)
        select ${s.id}, st.store_id, u.id, 50, (u.id * 7) % 40, ((u.id * 7919) % 5000)
          from users u
         cross join lateral (values (0), ((array[${sql.join(
           stores.map((id) => sql`${id}::int`),
           sql`, `,
         )}])[1 + u.id % 4])) st(store_id)
         where u.username like 'escala%'`);
    await t.database.db.execute(sql`analyze standings`);
    await t.database.db.execute(sql`analyze users`);
    const plan = (
      await queryRows<{ 'QUERY PLAN': string }>(
        t.database.db,
        sql`explain ${rankingPageQuery(season.id, 0, 0, 50)}`,
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('standings_rank_idx');
    expect(plan).not.toMatch(/Seq Scan on standings/);
    // The total is one row of ranking_sizes, not an aggregate over the ranking's 2,000 lines.
    expect(plan).toMatch(/ranking_sizes/);
    expect(plan).not.toMatch(/Aggregate/);
    const deep = (
      await queryRows<{ 'QUERY PLAN': string }>(
        t.database.db,
        sql`explain ${rankingPageQuery(season.id, stores[0]!, 400, 50)}`,
      )
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(deep).not.toMatch(/Seq Scan on standings/);
    const ranking = await getOk<TRanking>(ana, `/api/rankings?seasonId=${season.id}&page=3&pageSize=100`);
    expect(ranking.total).toBe(2000);
    expect(ranking.rows.map((r) => r.position)).toEqual(Array.from({ length: 100 }, (_, i) => 201 + i));
  });
});
