import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import type { TPlayerRating } from '@mitos/domain/player-statistics';
import type { TRanking } from '@mitos/domain/community';
import { displayRating, replayRatings, type RatedMatch } from '@mitos/domain/rating';
import { rebuildRatings, settleRatings } from '../src/ratings/engine';
import { allHistory, allRatings } from '../src/ratings/repository';
import { queryRows } from '../src/db/client';
import { buildApp } from '../src/app';
import { buildTestApp, expectErrorShape, injectAs, testConfig, type TestApp, type TestUser } from './helpers';
import {
  act,
  approvedMatch,
  body1v1,
  body2v2,
  createPlayer,
  postMatch,
  recordMatch,
  type Player,
} from './matches-factories';
import { createSeason, thisYear } from './community-factories';

/**
 * Mitos Rating (docs/decisions/016): rated when a match becomes approved, taken out by a replay
 * when it is annulled or arrives out of order, and always equal to a replay of every approved
 * match in the order they were played.
 */

let t: TestApp;
let admin: Player;
let season: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createPlayer(t.database, { username: 'admina', role: 'admin' });
  season = await createSeason(t.database, { name: 'Temporada Actual', ...thisYear() });
});

const year = new Date().getUTCFullYear();
/** An instant of this season, `day` days after its 1 January noon (UTC). */
const dayOfSeason = (day: number) => new Date(Date.UTC(year, 0, 1 + day, 12)).toISOString();

const approved = (a: Player, b: Player, overrides: Parameters<typeof body1v1>[2] = {}) =>
  approvedMatch(t.app, a, b, overrides);

function annul(matchId: number) {
  return injectAs(t.app, admin, { method: 'POST', url: `/api/matches/${matchId}/annul` });
}

async function ratingOf(viewer: TestUser, userId: number, query = ''): Promise<TPlayerRating> {
  const res = await injectAs(t.app, viewer, { method: 'GET', url: `/api/users/${userId}/rating${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPlayerRating>();
}

const pair = () =>
  Promise.all([createPlayer(t.database), createPlayer(t.database)]) as Promise<[Player, Player]>;

/** The incremental ratings and history equal a rebuild from nothing. */
async function expectRebuildMatches(): Promise<void> {
  const ratings = await allRatings(t.database.db);
  const history = await allHistory(t.database.db);
  await rebuildRatings(t.database);
  expect(await allRatings(t.database.db)).toEqual(ratings);
  expect(await allHistory(t.database.db)).toEqual(history);
}

/** Every approved match in rating order, as the pure rules read them. */
async function approvedInOrder(seasonId?: number): Promise<RatedMatch[]> {
  const rows = await queryRows<{
    team1: number[] | string;
    team2: number[] | string;
    s1: number;
    s2: number;
  }>(
    t.database.db,
    sql`select m.team1_score as s1, m.team2_score as s2,
               (select array_agg(p.user_id order by p.position) from match_players p where p.match_id = m.id and p.team = 1) as team1,
               (select array_agg(p.user_id order by p.position) from match_players p where p.match_id = m.id and p.team = 2) as team2
          from matches m where m.approval_status = 'approved' ${seasonId === undefined ? sql`` : sql`and m.season_id = ${seasonId}`}
         order by m.rated_order`,
  );
  const ids = (v: number[] | string) =>
    typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').map(Number) : v.map(Number);
  return rows.map((r) => ({
    team1: ids(r.team1),
    team2: ids(r.team2),
    team1Score: Number(r.s1),
    team2Score: Number(r.s2),
  }));
}

describe('a match approved', () => {
  it('rates both players at once: the winner up, the loser down, both Provisional', async () => {
    const [a, b] = await pair();
    expect((await ratingOf(a, a.id)).allTime).toBeNull();
    await approved(a, b, { team1_score: 2, team2_score: 1 });
    const [ra, rb] = [await ratingOf(a, a.id), await ratingOf(a, b.id)];
    expect(ra.allTime!.matches).toBe(1);
    expect(ra.allTime!.provisional).toBe(true);
    expect(ra.allTime!.mu).toBeGreaterThan(25);
    expect(rb.allTime!.mu).toBeLessThan(25);
    expect(ra.allTime!.rating).toBe(displayRating(ra.allTime!));
    expect(ra.allTime!.rating).toBeGreaterThan(rb.allTime!.rating);
    // The season's rating counts the same match.
    expect(ra.season?.id).toBe(season.id);
    expect(ra.seasonRating).toEqual(ra.allTime);
  });

  it('does not rate a pending, rejected or cancelled match', async () => {
    const [a, b] = await pair();
    const pending = await recordMatch(t.app, a, a, b);
    expect((await ratingOf(a, a.id)).allTime).toBeNull();
    await act(t.app, b, pending.id, 'reject');
    expect((await ratingOf(a, b.id)).allTime).toBeNull();
    await act(t.app, a, pending.id, 'cancel');
    expect((await ratingOf(a, a.id)).allTime).toBeNull();
  });

  it('counts a sweep more than a 2-1, and a draw moves neither mean', async () => {
    const [a, b] = await pair();
    const [c, d] = await pair();
    const [e, f] = await pair();
    await approved(a, b, { team1_score: 2, team2_score: 0, total_matches: 3 });
    await approved(c, d, { team1_score: 2, team2_score: 1, total_matches: 3 });
    await approved(e, f, { team1_score: 1, team2_score: 1, total_matches: 3 });
    const [sweep, close, draw] = [await ratingOf(a, a.id), await ratingOf(a, c.id), await ratingOf(a, e.id)];
    expect(sweep.allTime!.mu).toBeGreaterThan(close.allTime!.mu);
    expect(draw.allTime!.mu).toBeCloseTo(25, 9);
  });

  it('rates 2v2 teams, each teammate moving the same way', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => createPlayer(t.database)));
    const [a, b, c, d] = players as [Player, Player, Player, Player];
    const res = await postMatch(t.app, a, body2v2([a, b], [c, d], { team1_score: 0, team2_score: 1 }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<TMatch>().id;
    for (const p of [b, c, d]) await act(t.app, p, id, 'approve');
    const lines = await Promise.all(players.map(async (p) => (await ratingOf(a, p.id)).allTime!));
    expect(lines[0]!.mu).toBeLessThan(25);
    expect(lines[1]!.mu).toBeLessThan(25);
    expect(lines[2]!.mu).toBeGreaterThan(25);
    expect(lines[3]!.mu).toBeGreaterThan(25);
  });

  it('keeps a match of no season out of the season’s rating only', async () => {
    const [a, b] = await pair();
    await approved(a, b, { match_date: '2015-06-01T12:00:00Z' });
    const r = await ratingOf(a, a.id);
    expect(r.allTime!.matches).toBe(1);
    expect(r.seasonRating).toBeNull();
  });
});

describe('taken out and replayed', () => {
  it('annulling the only match leaves no rating; annulling an earlier one replays the later ones', async () => {
    const [a, b] = await pair();
    const only = await approved(a, b);
    expect((await annul(only.id)).statusCode).toBe(200);
    expect((await ratingOf(a, a.id)).allTime).toBeNull();
    expect((await ratingOf(a, a.id)).seasonRating).toBeNull();

    const first = await approved(a, b, { match_date: dayOfSeason(1) });
    await approved(b, a, { match_date: dayOfSeason(2) });
    const before = (await ratingOf(a, a.id)).allTime!;
    expect(before.matches).toBe(2);
    expect((await annul(first.id)).statusCode).toBe(200);
    const after = (await ratingOf(a, a.id)).allTime!;
    expect(after.matches).toBe(1);
    // Only b's win is left: a lost their one match.
    expect(after.mu).toBeLessThan(25);
    await expectRebuildMatches();
  });

  it('rates a match when it is approved, after those approved before it, whatever its date', async () => {
    const [a, b] = await pair();
    const late = await recordMatch(t.app, a, a, b, { match_date: dayOfSeason(3) });
    await approved(b, a, { match_date: dayOfSeason(5) });
    const before = (await ratingOf(a, a.id)).allTime!;
    await act(t.app, b, late.id, 'approve');
    // Appended: the win approved last moves a's rating up from where the loss left it.
    const after = (await ratingOf(a, a.id)).allTime!;
    expect(after.matches).toBe(2);
    expect(after.mu).toBeGreaterThan(before.mu);
    const state = replayRatings(await approvedInOrder());
    expect(after.mu).toBeCloseTo(state.get(a.id)!.mu, 9);
    await expectRebuildMatches();
  });
});

describe('incremental ratings against a replay', () => {
  it('agree after any sequence of approvals, rejections, cancellations and annulments, in any date order', async () => {
    const players = await Promise.all(Array.from({ length: 5 }, () => createPlayer(t.database)));
    const open: number[] = [];
    const approvedIds: number[] = [];
    type Step =
      | { kind: 'create'; a: number; b: number; s1: number; s2: number; day: number; twoVsTwo: boolean }
      | { kind: 'approve' | 'reject' | 'annul'; pick: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        a: fc.nat({ max: 4 }),
        b: fc.nat({ max: 4 }),
        s1: fc.nat({ max: 2 }),
        s2: fc.nat({ max: 2 }),
        day: fc.nat({ max: 40 }),
        twoVsTwo: fc.boolean(),
      }),
      fc.record({ kind: fc.constantFrom('approve', 'approve', 'reject', 'annul'), pick: fc.nat({ max: 5 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 6, maxLength: 24 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'create') {
            if (s.a === s.b || s.s1 + s.s2 === 0) continue;
            const [a, b] = [players[s.a]!, players[s.b]!];
            const date = {
              match_date: dayOfSeason(s.day),
              team1_score: s.s1,
              team2_score: s.s2,
              total_matches: 4,
            };
            const rest = players.filter((p) => p !== a && p !== b);
            const res = s.twoVsTwo
              ? await postMatch(t.app, a, body2v2([a, rest[0]!], [b, rest[1]!], date))
              : await postMatch(t.app, a, body1v1(a, b, date));
            expect(res.statusCode, res.body).toBe(201);
            open.push(res.json<TMatch>().id);
            continue;
          }
          const pool = s.kind === 'annul' ? approvedIds : open;
          if (pool.length === 0) continue;
          const id = pool[s.pick % pool.length]!;
          if (s.kind === 'annul') {
            expect((await annul(id)).statusCode).toBe(200);
            approvedIds.splice(approvedIds.indexOf(id), 1);
            continue;
          }
          const match = (
            await injectAs(t.app, admin, { method: 'GET', url: `/api/matches/${id}` })
          ).json<TMatch>();
          const waiting = [...match.team1.players, ...match.team2.players].filter(
            (p) => p.approval_status === 'pending',
          );
          for (const p of waiting) {
            const who = players.find((x) => x.id === p.user_id)!;
            await act(t.app, who, id, s.kind);
            if (s.kind === 'reject') break;
          }
          open.splice(open.indexOf(id), 1);
          if (s.kind === 'approve') approvedIds.push(id);
        }
        // Every player's all-time and season rating is what a replay of the approved matches gives.
        const whole = replayRatings(await approvedInOrder());
        const ofSeason = replayRatings(await approvedInOrder(season.id));
        for (const p of players) {
          const r = await ratingOf(p, p.id);
          const expected = whole.get(p.id);
          if (!expected) expect(r.allTime).toBeNull();
          else {
            expect(r.allTime!.matches).toBe(expected.matches);
            expect(r.allTime!.mu).toBeCloseTo(expected.mu, 9);
            expect(r.allTime!.sigma).toBeCloseTo(expected.sigma, 9);
          }
          expect(r.seasonRating?.matches ?? 0).toBe(ofSeason.get(p.id)?.matches ?? 0);
        }
        await expectRebuildMatches();
      }),
      { numRuns: 12 },
    );
  });

  it('agree after many approvals of shared players at once', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => createPlayer(t.database)));
    const matches = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const [a, b] = [players[i % 6]!, players[(i * 5 + 1) % 6]!];
        return a === b ? null : recordMatch(t.app, a, a, b, { match_date: dayOfSeason(60 + (i % 7)) });
      }),
    );
    const opponents = (m: TMatch) => players.find((p) => p.id === m.team2.players[0]!.user_id)!;
    const answers = await Promise.all(
      matches.filter((m): m is TMatch => m !== null).map((m) => act(t.app, opponents(m), m.id, 'approve')),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const whole = replayRatings(await approvedInOrder());
    for (const p of players)
      expect((await ratingOf(p, p.id)).allTime!.mu).toBeCloseTo(whole.get(p.id)!.mu, 9);
    await expectRebuildMatches();
  });

  it('rates what a crash left queued at the next settle', async () => {
    const [a, b] = await pair();
    const m = await approved(a, b);
    // As if the process had died after the commit: the match back in the queue, its rating gone.
    await t.database.db.execute(sql`delete from rating_history where match_id = ${m.id}`);
    await t.database.db.execute(sql`delete from ratings where user_id in (${a.id}, ${b.id})`);
    await t.database.db.execute(sql`insert into rating_queue (match_id) values (${m.id})`);
    expect((await settleRatings(t.database)).sort()).toEqual([a.id, b.id].sort());
    expect((await ratingOf(a, a.id)).allTime!.matches).toBe(1);
    expect(await settleRatings(t.database)).toEqual([]);
  });

  it('a server rates what a stop left queued a moment after it listens, not before (decision 030)', async () => {
    const [a, b] = await pair();
    const m = await approved(a, b);
    await t.database.db.execute(sql`delete from rating_history where match_id = ${m.id}`);
    await t.database.db.execute(sql`insert into rating_queue (match_id) values (${m.id})`);
    const queued = async () =>
      (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from rating_queue`))[0]!.n;
    const server = await buildApp({ config: testConfig(), database: t.database });
    try {
      // Built, not listening: it starts nothing of its own.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await queued()).toBe(1);
      await server.listen({ port: 0, host: '127.0.0.1' });
      // Listening: its first requests come first; the queue is rated a second later.
      expect(await queued()).toBe(1);
      const deadline = Date.now() + 10_000;
      while ((await queued()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(await queued()).toBe(0);
      expect((await ratingOf(a, a.id)).allTime!.matches).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

describe('GET /api/users/:id/rating', () => {
  it('answers bad and unknown ids, unknown seasons and signed-out callers in the error shape', async () => {
    const [a] = await pair();
    const bad = await injectAs(t.app, a, { method: 'GET', url: '/api/users/abc/rating' });
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad.json());
    const huge = await injectAs(t.app, a, { method: 'GET', url: '/api/users/99999999999/rating' });
    expect([400, 404]).toContain(huge.statusCode);
    expectErrorShape(huge.json());
    const unknown = await injectAs(t.app, a, { method: 'GET', url: '/api/users/999999/rating' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.userNotFound);
    const noSeason = await injectAs(t.app, a, {
      method: 'GET',
      url: `/api/users/${a.id}/rating?seasonId=999999`,
    });
    expect(noSeason.statusCode).toBe(404);
    expect(noSeason.json().message).toBe(MSG.seasonNotFound);
    const odd = await injectAs(t.app, a, { method: 'GET', url: `/api/users/${a.id}/rating?foo=1` });
    expect(odd.statusCode).toBe(400);
    const out = await injectAs(t.app, null, { method: 'GET', url: `/api/users/${a.id}/rating` });
    expect(out.statusCode).toBe(401);
  });

  it('answers a player without matches with empty lines', async () => {
    const [a] = await pair();
    const r = await ratingOf(a, a.id);
    expect(r).toMatchObject({ allTime: null, seasonRating: null });
    expect(r.season?.id).toBe(season.id);
  });
});

describe('Ranking General by rating', () => {
  it('sorts by the season’s rating when asked, unrated players last, and refuses an unknown sort', async () => {
    const [a, b] = await pair();
    await approved(a, b, { team1_score: 2, team2_score: 0, total_matches: 3 });
    const byRating = await injectAs(t.app, a, {
      method: 'GET',
      url: '/api/rankings?sort=rating&pageSize=100',
    });
    expect(byRating.statusCode, byRating.body).toBe(200);
    const body = byRating.json<TRanking>();
    expect(body.sort).toBe('rating');
    const ratings = body.rows.map((r) => r.rating);
    const rated = ratings.filter((r): r is number => r !== null);
    expect(rated).toEqual([...rated].sort((x, y) => y - x));
    expect(ratings.slice(0, rated.length).every((r) => r !== null)).toBe(true);
    const line = body.rows.find((r) => r.userId === a.id)!;
    expect(line.rating).toBe((await ratingOf(a, a.id)).seasonRating!.rating);
    expect(line.ratingProvisional).toBe(true);
    const wrong = await injectAs(t.app, a, { method: 'GET', url: '/api/rankings?sort=elo' });
    expect(wrong.statusCode).toBe(400);
    expectErrorShape(wrong.json());
  });
});
