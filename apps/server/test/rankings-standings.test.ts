import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import type { Changes } from '../src/changes/feed';
import {
  allRaceTallies,
  allRankingSizes,
  allStandings,
  applyCounts,
  rebuildCounts,
} from '../src/rankings/tallies';
import { buildTestApp, expectErrorShape, injectAs, type TestApp, type TestUser } from './helpers';
import {
  act,
  approvedMatch,
  body1v1,
  body2v2,
  createPlayer,
  createPlayers,
  postMatch,
  recordMatch,
  type Player,
} from './matches-factories';
import { createLeague, createSeason, insertStore, standingOf, thisYear } from './community-factories';

/**
 * Points and ranks (docs/decisions/014): an approved match adds its points to its season's
 * standings, an annulled one takes them away, and the standings always equal a full rebuild. The
 * metagame's race tallies (decision 028) are kept by the same writes and checked with them.
 */

let t: TestApp;
let ana: Player;
let carla: Player;
let dario: Player;
let organiser: Player;
let elsewhere: Player;
let judge: Player;
let admin: Player;
let store: { id: number; name: string };
let otherStore: { id: number; name: string };
let season: { id: number; name: string };

beforeAll(async () => {
  t = await buildTestApp();
  [ana, carla, dario] = await createPlayers(t.database, ['ana', 'carla', 'dario'] as const);
  organiser = await createPlayer(t.database, { username: 'organiza' });
  elsewhere = await createPlayer(t.database, { username: 'otraorganiza' });
  judge = await createPlayer(t.database, { username: 'jueza', role: 'judge' });
  admin = await createPlayer(t.database, { username: 'admina', role: 'admin' });
  store = await insertStore(t.database, { organisers: [organiser.id] });
  otherStore = await insertStore(t.database, { organisers: [elsewhere.id] });
  season = await createSeason(t.database, { name: 'Temporada Actual', ...thisYear() });
});

const approved = (a: Player, b: Player, overrides: Parameters<typeof body1v1>[2] = {}) =>
  approvedMatch(t.app, a, b, overrides);

function annul(user: TestUser | null, matchId: number) {
  return injectAs(t.app, user, { method: 'POST', url: `/api/matches/${matchId}/annul` });
}

/** What the change feed announced while `run` ran. */
async function announced(run: () => Promise<unknown>): Promise<Changes[]> {
  const heard: Changes[] = [];
  const stop = t.app.ctx.changes.subscribe({ changed: (c) => heard.push(c) });
  try {
    await run();
  } finally {
    stop();
  }
  return heard;
}

async function allCounts() {
  return { standings: await allStandings(t.database.db), raceTallies: await allRaceTallies(t.database.db) };
}

/** Each ranking's size as its lines count it, in key order: what ranking_sizes must hold. */
function sizesOf(standings: Awaited<ReturnType<typeof allStandings>>) {
  const sizes = new Map<string, { seasonId: number; storeId: number; lines: number }>();
  for (const { seasonId, storeId } of standings) {
    const key = `${seasonId}:${storeId}`;
    const size = sizes.get(key) ?? { seasonId, storeId, lines: 0 };
    size.lines += 1;
    sizes.set(key, size);
  }
  return [...sizes.values()].sort((a, b) => a.seasonId - b.seasonId || a.storeId - b.storeId);
}

async function expectSizesMatch(): Promise<void> {
  expect(await allRankingSizes(t.database.db)).toEqual(sizesOf(await allStandings(t.database.db)));
}

async function expectRebuildMatches(): Promise<void> {
  const incremental = await allCounts();
  await expectSizesMatch();
  await rebuildCounts(t.database);
  expect(await allCounts()).toEqual(incremental);
  await expectSizesMatch();
}

/**
 * A migration's backfill (its last statement) run on an emptied table gives back the table's
 * lines as the writes left them.
 */
async function expectBackfillRestores<L>(
  file: string,
  table: string,
  read: (db: typeof t.database.db) => Promise<L[]>,
): Promise<void> {
  const migration = await readFile(fileURLToPath(new URL(`../drizzle/${file}`, import.meta.url)), 'utf8');
  const backfill = migration.split('--> statement-breakpoint').at(-1)!;
  expect(backfill).toMatch(new RegExp(`INSERT INTO "${table}"`));
  const kept = await read(t.database.db);
  expect(kept.length).toBeGreaterThan(0);
  await t.database.db.execute(sql`delete from ${sql.raw(table)}`);
  await t.database.db.execute(sql.raw(backfill));
  expect(await read(t.database.db)).toEqual(kept);
}

/** Fresh players for a test whose sums must start from nothing. */
async function freshPair(): Promise<[Player, Player]> {
  return Promise.all([createPlayer(t.database), createPlayer(t.database)]) as Promise<[Player, Player]>;
}

describe('approving adds the points', () => {
  it('gives the winner the tier’s points and the other a tenth, in Ranking General and the store’s', async () => {
    const [a, b] = await freshPair();
    await approved(a, b, { store_id: store.id, team1_score: 2, team2_score: 1 });
    for (const storeId of [0, store.id]) {
      expect(await standingOf(t.database, season.id, storeId, a.id)).toEqual({
        matches: 1,
        wins: 1,
        points: 100,
      });
      expect(await standingOf(t.database, season.id, storeId, b.id)).toEqual({
        matches: 1,
        wins: 0,
        points: 10,
      });
    }
    expect(await standingOf(t.database, season.id, otherStore.id, a.id)).toBeNull();
    // The team with the higher score wins, whoever recorded it.
    await approved(a, b, { team1_score: 0, team2_score: 2 });
    expect(await standingOf(t.database, season.id, 0, a.id)).toEqual({ matches: 2, wins: 1, points: 110 });
    expect(await standingOf(t.database, season.id, 0, b.id)).toEqual({ matches: 2, wins: 1, points: 110 });
    // Without a store, only Ranking General moves.
    expect(await standingOf(t.database, season.id, store.id, a.id)).toEqual({
      matches: 1,
      wins: 1,
      points: 100,
    });
  });

  it('counts a draw as no win for either, with the tenth for taking part', async () => {
    const [a, b] = await freshPair();
    await approved(a, b, { team1_score: 1, team2_score: 1 });
    for (const p of [a, b])
      expect(await standingOf(t.database, season.id, 0, p.id)).toEqual({ matches: 1, wins: 0, points: 10 });
  });

  it('scores each tier as the decision says: Amistoso c/ Arbitro 200, Arena 300, a tenth to the other', async () => {
    const [a, b] = await freshPair();
    const refereed = await recordMatch(t.app, judge, a, b, { tier: 'Amistoso c/ Arbitro' });
    expect((await act(t.app, a, refereed.id, 'approve')).statusCode).toBe(200);
    expect((await act(t.app, b, refereed.id, 'approve')).json<TMatch>().approval_status).toBe('approved');
    expect(await standingOf(t.database, season.id, 0, a.id)).toEqual({ matches: 1, wins: 1, points: 200 });
    expect(await standingOf(t.database, season.id, 0, b.id)).toEqual({ matches: 1, wins: 0, points: 20 });
    const league = await createLeague(t.database, { storeId: store.id });
    const arena = await recordMatch(t.app, organiser, a, b, { tier: 'Arena', league_id: league.id });
    expect((await act(t.app, a, arena.id, 'approve')).statusCode).toBe(200);
    expect((await act(t.app, b, arena.id, 'approve')).json<TMatch>().approval_status).toBe('approved');
    expect(await standingOf(t.database, season.id, store.id, a.id)).toEqual({
      matches: 1,
      wins: 1,
      points: 300,
    });
    expect(await standingOf(t.database, season.id, 0, b.id)).toEqual({ matches: 2, wins: 0, points: 50 });
  });

  it('counts each player of a 2v2', async () => {
    const [a, b] = await freshPair();
    const [c, d] = await freshPair();
    const res = await postMatch(t.app, a, body2v2([a, c], [b, d], { team1_score: 1, store_id: store.id }));
    const match = res.json<TMatch>();
    for (const p of [b, c, d]) expect((await act(t.app, p, match.id, 'approve')).statusCode).toBe(200);
    for (const [p, line] of [
      [a, { matches: 1, wins: 1, points: 100 }],
      [c, { matches: 1, wins: 1, points: 100 }],
      [b, { matches: 1, wins: 0, points: 10 }],
      [d, { matches: 1, wins: 0, points: 10 }],
    ] as const) {
      expect(await standingOf(t.database, season.id, 0, p.id)).toEqual(line);
      expect(await standingOf(t.database, season.id, store.id, p.id)).toEqual(line);
    }
  });

  it('counts nothing before the match is approved, nor a match no season holds', async () => {
    const [a, b] = await freshPair();
    const pending = await recordMatch(t.app, a, a, b);
    const rejected = await recordMatch(t.app, a, a, b);
    expect((await act(t.app, b, rejected.id, 'reject')).statusCode).toBe(200);
    expect(await standingOf(t.database, season.id, 0, a.id)).toBeNull();
    const heard = await announced(() => approved(a, b, { match_date: '2015-06-01T12:00:00Z' }));
    expect(await standingOf(t.database, season.id, 0, a.id)).toBeNull();
    expect(heard.some((c) => c.community)).toBe(false);
    expect(pending.approval_status).toBe('pending');
  });

  it('announces the change of the season counts with the matches change', async () => {
    const [a, b] = await freshPair();
    const match = await recordMatch(t.app, a, a, b);
    const heard = await announced(() => act(t.app, b, match.id, 'approve'));
    // The season's counts changed, not the community: the answers that show no count stay cached.
    expect(heard).toContainEqual(
      expect.objectContaining({ standings: true, matches: expect.arrayContaining([a.id, b.id]) }),
    );
    expect(heard.some((c) => c.community)).toBe(false);
  });
});

describe('annul', () => {
  it('lets an admin take an approved match’s points away; the match is cancelled and processed', async () => {
    const [a, b] = await freshPair();
    const kept = await approved(a, b, { store_id: store.id });
    const match = await approved(a, b, { store_id: store.id, team1_score: 0, team2_score: 3 });
    const heard = await announced(async () => {
      const res = await annul(admin, match.id);
      expect(res.statusCode, res.body).toBe(200);
      const annulled = res.json<TMatch>();
      expect(annulled).toMatchObject({
        approval_status: 'cancelled',
        status: 'processed',
        last_updated_by: admin.id,
      });
      expect(annulled.events.at(-1)).toMatchObject({
        type: 'annulled',
        user_id: admin.id,
        username: 'admina',
      });
      // The answer is what a fresh read finds.
      const read = await injectAs(t.app, admin, { method: 'GET', url: `/api/matches/${match.id}` });
      expect(read.json()).toEqual(annulled);
    });
    expect(heard).toContainEqual(expect.objectContaining({ standings: true }));
    for (const storeId of [0, store.id]) {
      expect(await standingOf(t.database, season.id, storeId, a.id)).toEqual({
        matches: 1,
        wins: 1,
        points: 100,
      });
      expect(await standingOf(t.database, season.id, storeId, b.id)).toEqual({
        matches: 1,
        wins: 0,
        points: 10,
      });
    }
    // Annulling the last match of a line removes the line: the player has not played.
    expect((await annul(admin, kept.id)).statusCode).toBe(200);
    expect(await standingOf(t.database, season.id, 0, a.id)).toBeNull();
    expect(await standingOf(t.database, season.id, store.id, b.id)).toBeNull();
    await expectRebuildMatches();
  });

  it('lets the organiser of the match’s store annul it, and nobody else', async () => {
    const [a, b] = await freshPair();
    const match = await approved(a, b, { store_id: store.id });
    for (const who of [a, b, elsewhere, judge, carla]) {
      const res = await annul(who, match.id);
      expect(res.statusCode, who.username).toBe(403);
      expectErrorShape(res.json());
      expect(res.json().message).toBe(MSG.annulForbidden);
    }
    expect((await annul(null, match.id)).statusCode).toBe(401);
    expect(await standingOf(t.database, season.id, 0, a.id)).toEqual({ matches: 1, wins: 1, points: 100 });
    expect((await annul(organiser, match.id)).statusCode).toBe(200);
    expect(await standingOf(t.database, season.id, 0, a.id)).toBeNull();
    // A match at no store: only an admin.
    const nowhere = await approved(a, b);
    expect((await annul(organiser, nowhere.id)).statusCode).toBe(403);
    expect((await annul(admin, nowhere.id)).statusCode).toBe(200);
  });

  it('refuses a match that is not approved, or annulled already, and one that does not exist', async () => {
    const [a, b] = await freshPair();
    const pending = await recordMatch(t.app, a, a, b);
    const res = await annul(admin, pending.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.notApproved);
    const match = await approved(a, b);
    expect((await annul(admin, match.id)).statusCode).toBe(200);
    const again = await annul(admin, match.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.notApproved);
    expect(await standingOf(t.database, season.id, 0, a.id)).toBeNull();
    expect((await annul(admin, 999_999)).statusCode).toBe(404);
    expect((await annul(admin, 'x' as unknown as number)).statusCode).toBe(400);
  });

  it('annuls a match no season holds without touching any ranking', async () => {
    const [a, b] = await freshPair();
    const match = await approved(a, b, { match_date: '2015-06-01T12:00:00Z' });
    const heard = await announced(() => annul(admin, match.id));
    expect(heard.some((c) => c.community)).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/matches/${match.id}`,
          headers: { authorization: `Bearer ${admin.token}` },
        })
      ).json().approval_status,
    ).toBe('cancelled');
  });
});

describe('applyCounts', () => {
  it('adds and removes one match’s points and races inside the caller’s transaction', async () => {
    const [a, b] = await freshPair();
    const match = await approved(a, b, { store_id: store.id });
    const talliesOf = async () =>
      (await allRaceTallies(t.database.db)).filter((l) => l.userId === a.id || l.userId === b.id);
    const tallied = await talliesOf();
    // Both players in Ranking General and at the store; the match led by the lower id.
    const lead = Math.min(a.id, b.id);
    expect(tallied).toEqual(
      [0, store.id].flatMap((storeId) =>
        [a, b]
          .sort((x, y) => x.id - y.id)
          .map((p) => ({
            seasonId: season.id,
            storeId,
            userId: p.id,
            race: p.deck.raza,
            appearances: 1,
            wins: p.id === a.id ? 1 : 0,
            leads: p.id === lead ? 1 : 0,
          })),
      ),
    );
    await t.database.transaction((tx) => applyCounts(tx, match.id, -1));
    expect(await standingOf(t.database, season.id, 0, a.id)).toBeNull();
    expect(await talliesOf()).toEqual([]);
    await t.database.transaction((tx) => applyCounts(tx, match.id, 1));
    expect(await talliesOf()).toEqual(tallied);
    expect(await standingOf(t.database, season.id, store.id, a.id)).toEqual({
      matches: 1,
      wins: 1,
      points: 100,
    });
    await expectRebuildMatches();
  });
});

describe('rebuild', () => {
  it('recomputes every line from the approved matches', async () => {
    await expectRebuildMatches();
    const before = await allCounts();
    expect(before.standings.length).toBeGreaterThan(0);
    expect(before.raceTallies.length).toBeGreaterThan(0);
    // Lines broken by hand are put right.
    await t.database.db.execute(sql`update standings set points = points + 7 where user_id = ${ana.id}`);
    await t.database.db.execute(
      sql`insert into standings (season_id, store_id, user_id, matches, wins, points) values (${season.id}, ${otherStore.id}, ${dario.id}, 3, 1, 1)`,
    );
    await t.database.db.execute(sql`update race_tallies set leads = 0, wins = 0 where user_id = ${ana.id}`);
    await t.database.db.execute(
      sql`insert into race_tallies (season_id, store_id, user_id, race, appearances, wins, leads) values (${season.id}, ${otherStore.id}, ${dario.id}, 'Eterno', 2, 1, 1)`,
    );
    const lines = await rebuildCounts(t.database);
    expect(await allCounts()).toEqual(before);
    expect(lines).toBe(before.standings.length);
  });

  it('agrees with the backfill of the migration that made the race tallies', async () => {
    await expectBackfillRestores('0010_race_tallies.sql', 'race_tallies', allRaceTallies);
  });
});

describe('the migration that made ranking_sizes', () => {
  it('fills it with each ranking’s lines as they were', async () => {
    await expectBackfillRestores('0011_ranking_sizes.sql', 'ranking_sizes', allRankingSizes);
    await expectSizesMatch();
  });
});

describe('incremental standings against a rebuild', () => {
  it('agree after any sequence of creations, approvals, rejections, cancellations and annulments', async () => {
    const players = await Promise.all(Array.from({ length: 4 }, () => createPlayer(t.database)));
    // The organiser's store twice: half the matches are theirs to annul.
    const stores = [null, store.id, store.id, otherStore.id];
    const matchIds: number[] = [];
    /** Where each match was played: the organiser annuls those of their store. */
    const storeOf = new Map<number, number | null>();
    /** Each match's state after the last change that went through. */
    const statusOf = new Map<number, TMatch['approval_status']>();
    const done: Record<string, number> = {};
    type Step =
      | {
          kind: 'create';
          a: number;
          b: number;
          store: number;
          s1: number;
          s2: number;
          old: boolean;
          refereed: boolean;
        }
      | { kind: 'approve' | 'reject' | 'cancel' | 'accept' | 'annul' | 'annul-organiser'; match: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        a: fc.nat({ max: 3 }),
        b: fc.nat({ max: 3 }),
        store: fc.nat({ max: 3 }),
        s1: fc.nat({ max: 3 }),
        s2: fc.nat({ max: 3 }),
        old: fc.boolean(),
        refereed: fc.boolean(),
      }),
      fc.record({
        // Approvals and the organiser's annulments twice as often: an annulment needs an approval first.
        kind: fc.constantFrom(
          'approve',
          'approve',
          'reject',
          'cancel',
          'accept',
          'annul',
          'annul-organiser',
          'annul-organiser',
        ),
        match: fc.nat({ max: 7 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 30, size: 'max' }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'create') {
            if (s.a === s.b || s.s1 + s.s2 === 0) continue;
            const [a, b] = [players[s.a]!, players[s.b]!];
            const storeId = stores[s.store]!;
            const overrides = {
              team1_score: s.s1,
              team2_score: s.s2,
              ...(storeId === null ? {} : { store_id: storeId }),
              ...(s.old ? { match_date: '2015-06-01T12:00:00Z' } : {}),
              ...(s.refereed ? { tier: 'Amistoso c/ Arbitro' as const } : {}),
            };
            const res = await postMatch(t.app, s.refereed ? judge : a, body1v1(a, b, overrides));
            expect(res.statusCode, res.body).toBe(201);
            matchIds.push(res.json<TMatch>().id);
            storeOf.set(res.json<TMatch>().id, storeId);
            statusOf.set(res.json<TMatch>().id, res.json<TMatch>().approval_status);
            continue;
          }
          // Mostly the latest matches in the state the action needs (what the app would offer), so
          // that every run reaches each kind of change; one step in four aims at any recent match,
          // so refusals (the wrong state, another store's match for the organiser) happen too.
          const wanted: Record<typeof s.kind, (id: number) => boolean> = {
            approve: (m) => statusOf.get(m) === 'pending',
            reject: (m) => statusOf.get(m) === 'pending',
            cancel: (m) => statusOf.get(m) !== 'approved' && statusOf.get(m) !== 'cancelled',
            accept: (m) => statusOf.get(m) === 'rejected',
            // The admin mostly annuls elsewhere, leaving the organiser's store's matches to them.
            annul: (m) => statusOf.get(m) === 'approved' && storeOf.get(m) !== store.id,
            'annul-organiser': (m) => statusOf.get(m) === 'approved' && storeOf.get(m) === store.id,
          };
          const fitting = matchIds.filter(wanted[s.kind]);
          const pool = fitting.length > 0 && s.match % 4 !== 0 ? fitting : matchIds;
          const id = pool.length ? pool[pool.length - 1 - (s.match % Math.min(pool.length, 4))]! : undefined;
          if (id === undefined) continue;
          const match = (
            await injectAs(t.app, admin, { method: 'GET', url: `/api/matches/${id}` })
          ).json<TMatch>();
          const entries = [...match.team1.players, ...match.team2.players];
          const waiting = entries.find((p) => p.approval_status === 'pending');
          const rejecter = entries.find((p) => p.approval_status === 'rejected');
          const someone = players.find((p) => p.id === (waiting ?? entries[0])!.user_id)!;
          const creator =
            match.created_by === judge.id ? judge : players.find((p) => p.id === match.created_by)!;
          const other = rejecter ? creator : someone;
          const res =
            s.kind === 'approve'
              ? await act(t.app, someone, id, 'approve')
              : s.kind === 'reject'
                ? await act(t.app, someone, id, 'reject')
                : s.kind === 'cancel'
                  ? await act(t.app, creator, id, 'cancel')
                  : s.kind === 'accept'
                    ? await act(t.app, other, id, 'handle-rejection')
                    : await annul(s.kind === 'annul' ? admin : organiser, id);
          // Refusals (the wrong state, the wrong person) are part of any sequence.
          expect([200, 400, 403], res.body).toContain(res.statusCode);
          if (res.statusCode === 200) done[s.kind] = (done[s.kind] ?? 0) + 1;
          if (res.statusCode === 200) statusOf.set(id, res.json<TMatch>().approval_status);
        }
        await expectRebuildMatches();
      }),
      { numRuns: 25 },
    );
    // The sequences did reach every kind of change.
    for (const kind of ['approve', 'reject', 'cancel', 'accept', 'annul', 'annul-organiser'])
      expect(done[kind] ?? 0, kind).toBeGreaterThan(0);
  });
});

describe('concurrent approvals', () => {
  it('of different matches by the same players lose no update', async () => {
    const [a, b] = await freshPair();
    const [c] = await freshPair();
    const ROUNDS = 12;
    const matches: TMatch[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Both orders of the same players, so that the standings rows are taken in both orders.
      matches.push(await recordMatch(t.app, a, a, b, { store_id: store.id }));
      matches.push(await recordMatch(t.app, b, b, a, { store_id: store.id }));
      matches.push(await recordMatch(t.app, c, c, a));
    }
    const answers = await Promise.all(
      matches.map((m) => {
        const approver = m.team2.players[0]!.user_id;
        return act(
          t.app,
          [a, b, c].find((p) => p.id === approver)!,
          m.id,
          'approve',
        );
      }),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(matches.map(() => 200));
    expect(await standingOf(t.database, season.id, 0, a.id)).toEqual({
      matches: 3 * ROUNDS,
      wins: ROUNDS,
      points: ROUNDS * 100 + 2 * ROUNDS * 10,
    });
    expect(await standingOf(t.database, season.id, store.id, b.id)).toEqual({
      matches: 2 * ROUNDS,
      wins: ROUNDS,
      points: ROUNDS * 110,
    });
    await expectRebuildMatches();
  });

  it('annulments racing approvals of the same players neither deadlock nor lose an update', async () => {
    const [a, b] = await freshPair();
    const done: TMatch[] = [];
    for (let i = 0; i < 8; i++) done.push(await approved(a, b, { store_id: store.id }));
    const waiting: TMatch[] = [];
    for (let i = 0; i < 8; i++) waiting.push(await recordMatch(t.app, b, b, a, { store_id: store.id }));
    const answers = await Promise.all([
      ...done.map((m) => annul(admin, m.id)),
      ...waiting.map((m) => act(t.app, a, m.id, 'approve')),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await standingOf(t.database, season.id, store.id, a.id)).toEqual({
      matches: 8,
      wins: 0,
      points: 80,
    });
    expect(await standingOf(t.database, season.id, 0, b.id)).toEqual({ matches: 8, wins: 8, points: 800 });
    await expectRebuildMatches();
  });
});

describe('each ranking’s size (ranking_sizes, decision 031)', () => {
  const sizeOf = async (seasonId: number, storeId: number) =>
    (await allRankingSizes(t.database.db)).find((s) => s.seasonId === seasonId && s.storeId === storeId)
      ?.lines ?? 0;
  const totalOf = async (storeId: number) =>
    (
      await injectAs(t.app, ana, {
        method: 'GET',
        url: `/api/rankings?seasonId=${season.id}&storeId=${storeId}`,
      })
    ).json<{ total: number }>().total;

  it('counts new players’ first approvals racing each other, in both rankings, without a deadlock', async () => {
    const [east, west] = [await insertStore(t.database), await insertStore(t.database)];
    const general = await sizeOf(season.id, 0);
    const players = await Promise.all(Array.from({ length: 16 }, () => createPlayer(t.database)));
    const matches: TMatch[] = [];
    // Pairs of fresh players: every approval adds two lines to Ranking General and two to a store.
    for (let i = 0; i < players.length; i += 2)
      matches.push(
        await recordMatch(t.app, players[i]!, players[i]!, players[i + 1]!, {
          store_id: i % 4 === 0 ? east.id : west.id,
        }),
      );
    const answers = await Promise.all(
      matches.map((m) =>
        act(
          t.app,
          players.find((p) => p.id === m.team2.players[0]!.user_id)!,
          m.id,
          'approve',
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(matches.map(() => 200));
    expect(await sizeOf(season.id, 0)).toBe(general + 16);
    expect([await sizeOf(season.id, east.id), await sizeOf(season.id, west.id)]).toEqual([8, 8]);
    const page = (
      await injectAs(t.app, ana, {
        method: 'GET',
        url: `/api/rankings?seasonId=${season.id}&storeId=${east.id}&pageSize=5`,
      })
    ).json<{ total: number; rows: unknown[] }>();
    expect([page.total, page.rows.length]).toEqual([8, 5]);
    await expectRebuildMatches();
  });

  it('takes away the lines an annulment leaves empty, and the ranking’s row with its last line', async () => {
    const corner = await insertStore(t.database);
    const general = await sizeOf(season.id, 0);
    const [a, b] = await freshPair();
    const match = await approved(a, b, { store_id: corner.id });
    expect([await sizeOf(season.id, 0), await sizeOf(season.id, corner.id)]).toEqual([general + 2, 2]);
    expect(await totalOf(corner.id)).toBe(2);
    expect((await annul(admin, match.id)).statusCode).toBe(200);
    expect(await sizeOf(season.id, 0)).toBe(general);
    expect((await allRankingSizes(t.database.db)).some((s) => s.storeId === corner.id)).toBe(false);
    expect(await totalOf(corner.id)).toBe(0);
    await expectSizesMatch();
  });

  it('follows lines deleted by hand, and a table emptied at once', async () => {
    const corner = await insertStore(t.database);
    const [a, b] = await freshPair();
    await approved(a, b, { store_id: corner.id });
    expect(await sizeOf(season.id, corner.id)).toBe(2);
    await t.database.db.execute(
      sql`delete from standings where store_id = ${corner.id} and user_id = ${a.id}`,
    );
    expect(await sizeOf(season.id, corner.id)).toBe(1);
    await expectSizesMatch();
    // A TRUNCATE fires no delete trigger: the sizes go with it, and a rebuild brings both back.
    const before = await allRankingSizes(t.database.db);
    expect(before.length).toBeGreaterThan(0);
    await t.database.db.execute(sql`truncate standings`);
    expect(await allRankingSizes(t.database.db)).toEqual([]);
    await rebuildCounts(t.database);
    // The rebuild puts back the line deleted by hand too.
    expect((await allRankingSizes(t.database.db)).length).toBe(before.length);
    expect(await sizeOf(season.id, corner.id)).toBe(2);
    await expectSizesMatch();
  });
});
