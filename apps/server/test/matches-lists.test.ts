import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import { matchesSearch, type MatchSearchFilter } from '@mitos/domain/search-filter';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { decks } from '../src/db/schema/index';
import { approvedPageQuery } from '../src/matches/repository/lists';
import { buildTestApp, injectAs, type TestApp, type TestUser } from './helpers';
import {
  act,
  createPlayer,
  createPlayers,
  getJson,
  ids,
  recordMatch,
  type Player,
} from './matches-factories';

let t: TestApp;
let ana: Player;
let bruno: Player;
let carla: Player;
let dario: Player;
let organiser: Player;
/** Ana's second deck. */
let anaSombra: number;

const day = (n: number, hour = 12) =>
  `2025-01-${String(n).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00.000Z`;

const m: Record<string, TMatch> = {};

async function approvedMatch(a: Player, b: Player, date: string, overrides = {}) {
  const match = await recordMatch(t.app, a, a, b, { match_date: date, ...overrides });
  const res = await act(t.app, b, match.id, 'approve');
  expect(res.statusCode).toBe(200);
  return res.json<TMatch>();
}

beforeAll(async () => {
  t = await buildTestApp();
  [ana, bruno, carla, dario] = await createPlayers(t.database, ['ana', 'bruno', 'carla', 'dario'] as const);
  organiser = await createPlayer(t.database, { username: 'organizadora', role: 'admin' });
  const [sombra] = await t.database.db
    .insert(decks)
    .values({ userId: ana.id, name: 'Sombras', raza: 'Sombra' })
    .returning();
  anaSombra = sombra!.id;

  m.approvedAnaBruno = await approvedMatch(ana, bruno, day(1));
  m.approvedAnaCarlaSombra = await approvedMatch(ana, carla, day(2), { team1_decks: [anaSombra] });
  m.approvedBrunoCarla = await approvedMatch(bruno, carla, day(3));
  m.approvedCarlaAnaLate = await approvedMatch(carla, ana, day(3, 23));
  m.approvedTie1 = await approvedMatch(bruno, dario, day(4));
  m.approvedTie2 = await approvedMatch(dario, bruno, day(4));
  m.waitingForAna = await recordMatch(t.app, bruno, bruno, ana, { match_date: day(5) });
  m.waitingForBruno = await recordMatch(t.app, ana, ana, bruno, { match_date: day(6) });
  m.organisersPending = await recordMatch(t.app, organiser, ana, carla, { match_date: day(7) });
  m.notAnas = await recordMatch(t.app, bruno, bruno, carla, { match_date: day(8) });
  m.rejectedByBruno = await recordMatch(t.app, ana, ana, bruno, { match_date: day(9) });
  await act(t.app, bruno, m.rejectedByBruno.id, 'reject');
  m.rejectedByAna = await recordMatch(t.app, carla, carla, ana, { match_date: day(10) });
  await act(t.app, ana, m.rejectedByAna.id, 'reject');
  m.organisersRejected = await recordMatch(t.app, organiser, bruno, dario, { match_date: day(11) });
  await act(t.app, dario, m.organisersRejected.id, 'reject');
  m.cancelled = await recordMatch(t.app, ana, ana, dario, { match_date: day(12) });
  await act(t.app, ana, m.cancelled.id, 'cancel');
});

const list = (user: TestUser, url: string) => getJson<TMatch[]>(t.app, user, url);

describe('GET /api/matches/pending', () => {
  it('lists pending matches the caller plays in, waiting for them or for others, newest first', async () => {
    expect(ids(await list(ana, '/api/matches/pending'))).toEqual([
      m.organisersPending!.id,
      m.waitingForBruno!.id,
      m.waitingForAna!.id,
    ]);
    expect(ids(await list(organiser, '/api/matches/pending'))).toEqual([]);
  });

  it('drops a match once it is approved, rejected or cancelled', async () => {
    const match = await recordMatch(t.app, dario, dario, carla, { match_date: day(13) });
    expect(ids(await list(carla, '/api/matches/pending'))).toContain(match.id);
    await act(t.app, carla, match.id, 'approve');
    expect(ids(await list(carla, '/api/matches/pending'))).not.toContain(match.id);
    expect(ids(await list(dario, '/api/matches/pending'))).not.toContain(match.id);
  });
});

describe('GET /api/matches/rejected', () => {
  it('lists rejected matches the caller plays in or created, unless the caller rejected them', async () => {
    expect(ids(await list(ana, '/api/matches/rejected'))).toEqual([m.rejectedByBruno!.id]);
    expect(ids(await list(bruno, '/api/matches/rejected'))).toEqual([m.organisersRejected!.id]);
    expect(ids(await list(carla, '/api/matches/rejected'))).toEqual([m.rejectedByAna!.id]);
    expect(ids(await list(dario, '/api/matches/rejected'))).toEqual([]);
    expect(ids(await list(organiser, '/api/matches/rejected'))).toEqual([m.organisersRejected!.id]);
  });

  it('drops a match the caller accepted or closed', async () => {
    const closed = await recordMatch(t.app, dario, dario, carla, { match_date: day(14) });
    const accepted = await recordMatch(t.app, dario, dario, carla, { match_date: day(15) });
    await act(t.app, carla, closed.id, 'reject');
    await act(t.app, carla, accepted.id, 'reject');
    expect(ids(await list(dario, '/api/matches/rejected'))).toEqual([accepted.id, closed.id]);
    await act(t.app, dario, closed.id, 'close-rejected');
    await act(t.app, dario, accepted.id, 'handle-rejection');
    expect(ids(await list(dario, '/api/matches/rejected'))).toEqual([]);
  });
});

describe('GET /api/matches/me', () => {
  it('lists every match the caller plays in or created, in every state, newest first', async () => {
    expect(ids(await list(ana, '/api/matches/me'))).toEqual([
      m.cancelled!.id,
      m.rejectedByAna!.id,
      m.rejectedByBruno!.id,
      m.organisersPending!.id,
      m.waitingForBruno!.id,
      m.waitingForAna!.id,
      m.approvedCarlaAnaLate!.id,
      m.approvedAnaCarlaSombra!.id,
      m.approvedAnaBruno!.id,
    ]);
    expect(ids(await list(organiser, '/api/matches/me'))).toEqual([
      m.organisersRejected!.id,
      m.organisersPending!.id,
    ]);
  });

  it('pages with limit and the X-Next-Cursor header, without gaps or repeats', async () => {
    const all = ids(await list(ana, '/api/matches/me'));
    const seen: number[] = [];
    let url = '/api/matches/me?limit=2';
    let pages = 0;
    for (;;) {
      const res = await injectAs(t.app, ana, { method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const page = res.json<TMatch[]>();
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page));
      pages += 1;
      const next = res.headers['x-next-cursor'];
      if (!next) break;
      url = `/api/matches/me?limit=2&before=${encodeURIComponent(String(next))}`;
    }
    expect(seen).toEqual(all);
    expect(pages).toBe(Math.ceil(all.length / 2));
  });
});

describe('GET /api/matches/me/:id and /api/matches/:id', () => {
  it('answers the caller’s own match, and 404 for someone else’s', async () => {
    expect((await list(ana, `/api/matches/me/${m.waitingForAna!.id}`)) as unknown as TMatch).toMatchObject({
      id: m.waitingForAna!.id,
    });
    expect(
      (await list(organiser, `/api/matches/me/${m.organisersPending!.id}`)) as unknown as TMatch,
    ).toMatchObject({
      id: m.organisersPending!.id,
    });
    const other = await injectAs(t.app, ana, { method: 'GET', url: `/api/matches/me/${m.notAnas!.id}` });
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(MSG.matchNotFound);
  });

  it('shows any match to a signed-in user, 404 Partida no encontrada for a missing one, 401 signed out', async () => {
    const res = await injectAs(t.app, dario, { method: 'GET', url: `/api/matches/${m.notAnas!.id}` });
    expect(res.statusCode).toBe(200);
    const missing = await injectAs(t.app, dario, { method: 'GET', url: '/api/matches/424242' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Partida no encontrada');
    expect(
      (await injectAs(t.app, null, { method: 'GET', url: `/api/matches/${m.notAnas!.id}` })).statusCode,
    ).toBe(401);
    for (const url of ['/api/matches/0', '/api/matches/1.5', '/api/matches/-1', '/api/matches/99999999999']) {
      expect((await injectAs(t.app, dario, { method: 'GET', url })).statusCode, url).toBe(400);
    }
  });

  it('needs a session for every list', async () => {
    for (const url of ['/pending', '/rejected', '/me', '/all-approved', '/me/1']) {
      const res = await injectAs(t.app, null, { method: 'GET', url: `/api/matches${url}` });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('GET /api/matches/all-approved', () => {
  const approvedIds = () => [
    m.approvedTie2!.id,
    m.approvedTie1!.id,
    m.approvedCarlaAnaLate!.id,
    m.approvedBrunoCarla!.id,
    m.approvedAnaCarlaSombra!.id,
    m.approvedAnaBruno!.id,
  ];

  it('lists approved matches only, newest first, ties by id', async () => {
    const all = await list(dario, '/api/matches/all-approved');
    expect(ids(all).filter((id) => approvedIds().includes(id))).toEqual(approvedIds());
    expect(all.every((match) => match.approval_status === 'approved')).toBe(true);
  });

  it('pages with limit and before', async () => {
    const first = await injectAs(t.app, dario, { method: 'GET', url: '/api/matches/all-approved?limit=4' });
    const cursor = String(first.headers['x-next-cursor']);
    const second = await injectAs(t.app, dario, {
      method: 'GET',
      url: `/api/matches/all-approved?limit=4&before=${cursor}`,
    });
    const together = [...ids(first.json<TMatch[]>()), ...ids(second.json<TMatch[]>())];
    expect(together.filter((id) => approvedIds().includes(id))).toEqual(approvedIds());
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  async function search(query: Record<string, string>) {
    const params = new URLSearchParams(query).toString();
    return ids(await list(dario, `/api/matches/all-approved?${params}`));
  }

  it('keeps the matches of the chosen day', async () => {
    expect(await search({ from: '2025-01-03T00:00:00.000Z', to: '2025-01-03T23:59:59.999Z' })).toEqual([
      m.approvedCarlaAnaLate!.id,
      m.approvedBrunoCarla!.id,
    ]);
    // The day as seen from Buenos Aires (UTC-3): the 23:00 UTC match belongs to it.
    expect(await search({ from: '2025-01-03T03:00:00.000Z', to: '2025-01-04T02:59:59.999-00:00' })).toEqual([
      m.approvedCarlaAnaLate!.id,
      m.approvedBrunoCarla!.id,
    ]);
  });

  it('keeps matches where every chosen player plays, in either team', async () => {
    expect(await search({ team1: `${ana.id}` })).toEqual([
      m.approvedCarlaAnaLate!.id,
      m.approvedAnaCarlaSombra!.id,
      m.approvedAnaBruno!.id,
    ]);
    expect(await search({ team1: `${ana.id}`, team2: `${carla.id}` })).toEqual([
      m.approvedCarlaAnaLate!.id,
      m.approvedAnaCarlaSombra!.id,
    ]);
    expect(await search({ team1: `${carla.id}`, team2: `${ana.id}` })).toEqual([
      m.approvedCarlaAnaLate!.id,
      m.approvedAnaCarlaSombra!.id,
    ]);
    expect(await search({ team1: `${ana.id},${dario.id}` })).toEqual([]);
  });

  it('keeps matches where the chosen player’s team used the chosen deck', async () => {
    expect(await search({ team1: `${ana.id}:${anaSombra}` })).toEqual([m.approvedAnaCarlaSombra!.id]);
    expect(await search({ team1: `${ana.id}:${ana.deck.id}` })).toEqual([
      m.approvedCarlaAnaLate!.id,
      m.approvedAnaBruno!.id,
    ]);
    expect(await search({ team2: `${carla.id}:${carla.deck.id}`, team1: `${ana.id}:${anaSombra}` })).toEqual([
      m.approvedAnaCarlaSombra!.id,
    ]);
    // Carla played against Ana's Sombras deck: it is in the other team.
    expect(await search({ team1: `${carla.id}:${anaSombra}` })).toEqual([]);
  });

  it('agrees with the search rule the client applies, for any combination', async () => {
    const everything = await list(dario, '/api/matches/all-approved?limit=200');
    const filters: Array<[Record<string, string>, MatchSearchFilter]> = [
      [{ team1: `${bruno.id}` }, { team1: [{ userId: bruno.id, deckId: null }] }],
      [
        { team1: `${bruno.id}:${bruno.deck.id}`, team2: `${dario.id}` },
        { team1: [{ userId: bruno.id, deckId: bruno.deck.id }], team2: [{ userId: dario.id, deckId: null }] },
      ],
      [
        { from: day(2), to: day(4), team2: `${carla.id}` },
        { from: new Date(day(2)), to: new Date(day(4)), team2: [{ userId: carla.id, deckId: null }] },
      ],
      [{ team1: `${dario.id}:${ana.deck.id}` }, { team1: [{ userId: dario.id, deckId: ana.deck.id }] }],
    ];
    for (const [query, filter] of filters) {
      expect(await search(query), JSON.stringify(query)).toEqual(
        ids(everything.filter((match) => matchesSearch(match, filter))),
      );
    }
  });

  it('refuses malformed queries', async () => {
    for (const query of [
      'limit=0',
      'limit=201',
      'limit=abc',
      'team1=abc',
      'team1=1:',
      'from=ayer',
      'to=2025-01-01',
      'before=%21%21',
      `before=${Buffer.from('1:2:3').toString('base64url')}`,
      `before=${Buffer.from('12:0').toString('base64url')}`,
      'page=2',
    ]) {
      const res = await injectAs(t.app, dario, { method: 'GET', url: `/api/matches/all-approved?${query}` });
      expect(res.statusCode, query).toBe(400);
    }
    const cursor = await injectAs(t.app, dario, { method: 'GET', url: '/api/matches/me?before=xyz' });
    expect(cursor.json().error).toBe(MSG.invalidCursor);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the home search by player at city size', () => {
  it('merges the chosen players’ approved matches in index order instead of probing each match', async () => {
    const [x, y] = await Promise.all([createPlayer(t.database), createPlayer(t.database)]);
    // 4,000 approved matches each, against others, two of them together.
    await t.database.db.execute(sql`alter table matches disable trigger matches_rating_enqueue`);
    await t.database.db.execute(sql`
      insert into matches (match_date, match_mode, tier, approval_status, team1_score, team2_score,
                           total_matches, created_by)
      select timestamptz '2001-01-01' + g * interval '1 hour', '1v1', 'Amistoso', 'approved', 2, 1, 3,
             case when g % 2 = 0 then ${x.id}::int else ${y.id}::int end
        from generate_series(1, 8000) g`);
    await t.database.db.execute(sql`alter table matches enable trigger matches_rating_enqueue`);
    await t.database.db.execute(sql`
      insert into match_players (match_id, user_id, team, position, approval_status, deck_name, deck_raza,
                                 match_date, match_status)
      select m.id, p.user_id, p.team, 0, 'approved', 'Mazo', 'Dragon', m.match_date, 'approved'
        from matches m
       cross join lateral (values
         (1, m.created_by),
         (2, case when m.match_date in (timestamptz '2001-01-01' + 100 * interval '1 hour',
                                        timestamptz '2001-01-01' + 6001 * interval '1 hour')
                  then (case when m.created_by = ${x.id}::int then ${y.id}::int else ${x.id}::int end)
                  else ${dario.id}::int end)) p(team, user_id)
       where m.match_date >= '2001-01-01' and m.match_date < '2002-01-01'`);
    await t.database.db.execute(sql`vacuum analyze match_players`);
    const filter = { players: [x, y].map((p) => ({ userId: p.id, deckId: null })) };
    const plan = (
      await queryRows<{ 'QUERY PLAN': string }>(t.database.db, sql`explain ${approvedPageQuery(filter, 12)}`)
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain('Merge Join');
    expect(plan).toContain('match_players_user_approved_idx');
    // No probe of the other player in every match of the first (a nested loop on the key).
    expect(plan).not.toContain('match_players_pkey');
    const found = await list(ana, `/api/matches/all-approved?team1=${x.id}&team2=${y.id}`);
    expect(found.map((match) => match.match_date)).toEqual([
      '2001-09-08T01:00:00.000Z',
      '2001-01-05T04:00:00.000Z',
    ]);
  }, 60_000);
});
