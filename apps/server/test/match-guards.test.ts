import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MATCH_GUARDS } from '@mitos/domain/constants';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import type { UserStatistics } from '@mitos/domain/statistics';
import { queryRows } from '../src/db/client';
import { expireRejected } from '../src/matches/service';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers';
import {
  act,
  body1v1,
  createPlayer,
  getJson,
  postMatch,
  recordMatch,
  type Player,
} from './matches-factories';

/** Decision 012: what one player may record, and rejections that nobody processes. */

const HOUR_MS = 60 * 60 * 1000;

async function matchCount(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from matches`);
  return Number(row?.n);
}

describe('matches recorded per hour', () => {
  let t: TestApp;
  let ana: Player;
  let bruno: Player;
  let organiser: Player;

  beforeAll(async () => {
    t = await buildTestApp({ matchLimits: { perHour: 3, pendingPerOpponent: 100 } });
    ana = await createPlayer(t.database, { username: 'ana' });
    bruno = await createPlayer(t.database, { username: 'bruno' });
    organiser = await createPlayer(t.database, { username: 'organizadora', role: 'tournament_admin' });
  });
  afterAll(() => t.close());

  it('refuses a player past the hourly limit with 429 in the error shape, writing nothing', async () => {
    for (let i = 0; i < 3; i++) await recordMatch(t.app, ana, ana, bruno);
    const before = await matchCount(t);
    const res = await postMatch(t.app, ana, body1v1(ana, bruno));
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expectErrorShape(body);
    expect(body.error).toBe(MSG.tooManyMatchesCreated(3));
    expect(await matchCount(t)).toBe(before);
  });

  it('counts each creator on their own, and does not limit organisers', async () => {
    await recordMatch(t.app, bruno, bruno, ana);
    for (let i = 0; i < 5; i++) await recordMatch(t.app, organiser, ana, bruno);
  });

  it('still answers bad input with its own 400 before counting', async () => {
    const res = await postMatch(t.app, ana, body1v1(ana, bruno, { team1_score: 0, team2_score: 0 }));
    expect(res.statusCode).toBe(400);
  });
});

describe('matches waiting on one player', () => {
  let t: TestApp;
  let ana: Player;
  let bruno: Player;
  let carla: Player;
  const limit = MATCH_GUARDS.pendingPerOpponent;

  beforeAll(async () => {
    t = await buildTestApp({ matchLimits: { perHour: 1000, pendingPerOpponent: limit } });
    ana = await createPlayer(t.database, { username: 'ana' });
    bruno = await createPlayer(t.database, { username: 'bruno' });
    carla = await createPlayer(t.database, { username: 'carla' });
  });
  afterAll(() => t.close());

  it('stops a player piling matches on one opponent, naming them, until the opponent answers', async () => {
    const waiting: TMatch[] = [];
    for (let i = 0; i < limit; i++) waiting.push(await recordMatch(t.app, ana, ana, bruno));
    const res = await postMatch(t.app, ana, body1v1(ana, bruno));
    expect(res.statusCode).toBe(429);
    expectErrorShape(res.json());
    expect(res.json().error).toBe(MSG.tooManyPendingForPlayer('bruno', limit));

    // Another opponent is not affected, nor is Bruno recording against Ana.
    await recordMatch(t.app, ana, ana, carla);
    await recordMatch(t.app, bruno, bruno, ana);

    expect((await act(t.app, bruno, waiting[0]!.id, 'approve')).statusCode).toBe(200);
    await recordMatch(t.app, ana, ana, bruno);
  });

  it('counts concurrent requests of one creator exactly', async () => {
    const limited = await buildTestApp({ matchLimits: { perHour: 4, pendingPerOpponent: 100 } });
    try {
      const dario = await createPlayer(limited.database, { username: 'dario' });
      const eva = await createPlayer(limited.database, { username: 'eva' });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postMatch(limited.app, dario, body1v1(dario, eva))),
      );
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(4);
      expect(codes.filter((c) => c === 429)).toHaveLength(6);
    } finally {
      await limited.close();
    }
  });
});

describe('rejections that nobody processes', () => {
  let t: TestApp;
  let ana: Player;
  let bruno: Player;

  beforeAll(async () => {
    t = await buildTestApp();
    ana = await createPlayer(t.database, { username: 'ana' });
    bruno = await createPlayer(t.database, { username: 'bruno' });
  });
  afterAll(() => t.close());

  const statsOf = (p: Player) => getJson<UserStatistics>(t.app, p, `/api/users/${p.id}/stats`);
  const rejectedOf = (p: Player) =>
    getJson<{ matches: TMatch[] } | TMatch[]>(t.app, p, '/api/matches/rejected').then((r) =>
      Array.isArray(r) ? r : r.matches,
    );

  it('expire into cancelled after the stated delay and stop lowering the rejecter’s approval rate', async () => {
    const approved = await recordMatch(t.app, ana, ana, bruno);
    await act(t.app, bruno, approved.id, 'approve');
    const spam = await recordMatch(t.app, ana, ana, bruno);
    await act(t.app, bruno, spam.id, 'reject');
    expect((await statsOf(bruno)).approvalRate).toBe(50);
    expect((await rejectedOf(ana)).map((m) => m.id)).toContain(spam.id);

    const delay = MATCH_GUARDS.rejectedExpiryHours * HOUR_MS;
    expect(await expireRejected(t.app.ctx, new Date(Date.now() + delay - 60_000))).toBe(0);
    expect((await getJson<TMatch>(t.app, ana, `/api/matches/${spam.id}`)).approval_status).toBe('rejected');

    expect(await expireRejected(t.app.ctx, new Date(Date.now() + delay + 60_000))).toBe(1);
    const expired = await getJson<TMatch>(t.app, ana, `/api/matches/${spam.id}`);
    expect(expired).toMatchObject({
      approval_status: 'cancelled',
      status: 'processed',
      last_updated_by: bruno.id,
    });
    const event = expired.events.find((e) => e.type === 'expired');
    expect(event).toMatchObject({ user_id: null, username: null });
    expect((await statsOf(bruno)).approvalRate).toBe(100);
    expect((await rejectedOf(ana)).map((m) => m.id)).not.toContain(spam.id);

    // A second sweep finds nothing left to do.
    expect(await expireRejected(t.app.ctx, new Date(Date.now() + delay + 60_000))).toBe(0);
  });

  it('leaves pending and approved matches alone, and expires each rejection once when sweeps race', async () => {
    const pending = await recordMatch(t.app, ana, ana, bruno);
    const rejected = await recordMatch(t.app, ana, ana, bruno);
    await act(t.app, bruno, rejected.id, 'reject');
    const later = new Date(Date.now() + MATCH_GUARDS.rejectedExpiryHours * HOUR_MS + 60_000);
    const counts = await Promise.all([expireRejected(t.app.ctx, later), expireRejected(t.app.ctx, later)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    const after = await getJson<TMatch>(t.app, ana, `/api/matches/${rejected.id}`);
    expect(after.events.filter((e) => e.type === 'expired')).toHaveLength(1);
    expect((await getJson<TMatch>(t.app, ana, `/api/matches/${pending.id}`)).approval_status).toBe('pending');
  });
});
