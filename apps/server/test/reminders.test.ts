import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import { buildApp } from '../src/app';
import { queryRows } from '../src/db/client';
import { runDueJobs, retryDelayMs } from '../src/jobs/runner';
import type { PushKind, PushMessage } from '../src/push/contract';
import { buildTestApp, createUser, expectErrorShape, injectAs, testConfig, type TestUser } from './helpers';
import { act, createPlayers, getJson, recordMatch, type Player } from './matches-factories';
import { createSeason, insertStore, standingOf, thisYear } from './community-factories';
import { tournamentApi } from './tournament-factories';

/*
 * Decision 020: a pending match reminds the players who have not answered at 24 h and 72 h, and at
 * 168 h expires (no store) or goes to its store's organisers; tournament matches get reminders
 * only. The jobs run with the clock the test passes.
 */

const HOUR = 60 * 60 * 1000;
const { app, database } = await buildTestApp();
const ctx = app.ctx;

interface Sent {
  userIds: number[];
  kind: PushKind;
  message: PushMessage;
}
let sent: Sent[] = [];
const fakePush = {
  notify: (userIds: readonly number[], kind: PushKind, message: PushMessage) =>
    void sent.push({ userIds: [...userIds], kind, message }),
};
ctx.push = fakePush;
beforeEach(() => {
  sent = [];
});

const later = (match: TMatch, hours: number) => new Date(Date.parse(match.created_at) + hours * HOUR);
const get = (user: TestUser, id: number) => getJson<TMatch>(app, user, `/api/matches/${id}`);
const entry = (match: TMatch, userId: number) =>
  [...match.team1.players, ...match.team2.players].find((p) => p.user_id === userId)!;
/** The pushes the timers sent for a match (recording and rejecting push too: test/push.test.ts). */
const pushesFor = (matchId: number) =>
  sent.filter((s) => s.kind === 'reminder' && s.message.url === `/match/${matchId}`);

async function jobOf(matchId: number) {
  const [job] = await queryRows<{ step: number; attempts: number; lastError: string | null }>(
    database.db,
    sql`select step, attempts, last_error as "lastError" from scheduled_jobs where match_id = ${matchId}`,
  );
  return job ? { ...job, step: Number(job.step), attempts: Number(job.attempts) } : undefined;
}

let ana: Player, beto: Player, caro: Player, dani: Player;
let organiser: TestUser, otherOrganiser: TestUser, admin: TestUser;
let store: { id: number; name: string };

beforeAll(async () => {
  [ana, beto, caro, dani] = await createPlayers(database, ['ana_rem', 'beto_rem', 'caro_rem', 'dani_rem']);
  organiser = await createUser(database, { username: 'orga_rem' });
  otherOrganiser = await createUser(database, { username: 'otra_orga_rem' });
  admin = await createUser(database, { username: 'admin_rem', role: 'admin' });
  store = await insertStore(database, { name: 'Dragón Dorado Rem', organisers: [organiser.id] });
  await insertStore(database, { name: 'Otra Tienda Rem', organisers: [otherOrganiser.id] });
});

describe('reminders', () => {
  it('gets its job when recorded pending, none when the creator is its only player to answer', async () => {
    const match = await recordMatch(app, ana, ana, beto);
    expect(await jobOf(match.id)).toMatchObject({ step: 0, attempts: 0 });
    expect(match.deadline).toEqual({ at: later(match, 168).toISOString(), rule: 'expire' });
    expect(match.escalated_at).toBeNull();
    expect(entry(match, beto.id)).toMatchObject({ reminders: 0, reminded_at: null });
  });

  it('reminds those who have not answered at 24 h and at 72 h, once each, by push and in the match', async () => {
    // A 2v2 recorded by ana: caro approves at once, beto and dani never answer.
    const res = await injectAs(app, ana, {
      method: 'POST',
      url: '/api/matches',
      payload: {
        match_mode: '2v2',
        tier: 'Amistoso',
        team1_players: [ana.id, beto.id],
        team2_players: [caro.id, dani.id],
        team1_decks: [ana.deck.id, beto.deck.id],
        team2_decks: [caro.deck.id, dani.deck.id],
        team1_score: 2,
        team2_score: 0,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const match = res.json<TMatch>();
    expect((await act(app, caro, match.id, 'approve')).statusCode).toBe(200);

    await runDueJobs(ctx, later(match, 23));
    expect(pushesFor(match.id)).toEqual([]);
    expect(entry(await get(beto, match.id), beto.id).reminders).toBe(0);

    await runDueJobs(ctx, later(match, 25));
    expect(pushesFor(match.id)).toEqual([
      {
        userIds: [beto.id, dani.id].sort((a, b) => a - b),
        kind: 'reminder',
        message: expect.objectContaining({ title: 'Recordatorio', url: `/match/${match.id}` }) as PushMessage,
      },
    ]);
    // The deadline is the community's day, written out (communityLongDay): "vence el 7 de diciembre."
    expect(pushesFor(match.id)[0]!.message.body).toMatch(
      /^Una partida espera tu respuesta\. Si no respondes, vence el \d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\.$/,
    );
    let seen = await get(beto, match.id);
    expect(entry(seen, beto.id)).toMatchObject({ reminders: 1, reminded_at: later(match, 25).toISOString() });
    expect(entry(seen, dani.id).reminders).toBe(1);
    expect(entry(seen, caro.id).reminders).toBe(0);
    expect(entry(seen, ana.id).reminders).toBe(0);
    expect(seen.events.filter((e) => e.type === 'reminded')).toEqual([
      { type: 'reminded', user_id: null, username: null, at: later(match, 25).toISOString() },
    ]);
    expect(seen.approval_status).toBe('pending');

    // Again before 72 h: nothing more.
    await runDueJobs(ctx, later(match, 71));
    expect(pushesFor(match.id)).toHaveLength(1);

    // dani answers meanwhile; only beto is reminded the second time.
    expect((await act(app, dani, match.id, 'approve')).statusCode).toBe(200);
    await runDueJobs(ctx, later(match, 73));
    expect(pushesFor(match.id).map((p) => p.userIds)).toEqual([
      [beto.id, dani.id].sort((a, b) => a - b),
      [beto.id],
    ]);
    seen = await get(beto, match.id);
    expect(entry(seen, beto.id).reminders).toBe(2);
    expect(entry(seen, dani.id).reminders).toBe(1);
    expect(seen.events.filter((e) => e.type === 'reminded')).toHaveLength(2);
    expect(await jobOf(match.id)).toMatchObject({ step: 3 });
  });

  it('expires a 1v1 Amistoso nobody answered in 7 days: cancelled, processed, event "expired" by nobody', async () => {
    const match = await recordMatch(app, ana, ana, beto);
    await runDueJobs(ctx, later(match, 25));
    await runDueJobs(ctx, later(match, 73));
    await runDueJobs(ctx, later(match, 167));
    expect((await get(ana, match.id)).approval_status).toBe('pending');
    await runDueJobs(ctx, later(match, 169));
    const expired = await get(ana, match.id);
    expect(expired).toMatchObject({ approval_status: 'cancelled', status: 'processed', deadline: null });
    expect(entry(expired, beto.id).approval_status).toBe('cancelled');
    expect(expired.events.at(-1)).toEqual({
      type: 'expired',
      user_id: null,
      username: null,
      at: later(match, 169).toISOString(),
    });
    expect(await jobOf(match.id)).toBeUndefined();
    // It left beto's pending list.
    const pending = await getJson<TMatch[]>(app, beto, '/api/matches/pending');
    expect(pending.map((m) => m.id)).not.toContain(match.id);
  });

  it('leaves alone a match answered meanwhile: its job finds it so and deletes itself', async () => {
    const approved = await recordMatch(app, ana, ana, beto);
    const rejected = await recordMatch(app, ana, ana, beto);
    expect((await act(app, beto, approved.id, 'approve')).statusCode).toBe(200);
    expect((await act(app, beto, rejected.id, 'reject')).statusCode).toBe(200);
    await runDueJobs(ctx, later(approved, 200));
    expect(pushesFor(approved.id)).toEqual([]);
    expect(pushesFor(rejected.id)).toEqual([]);
    expect(await jobOf(approved.id)).toBeUndefined();
    expect(await jobOf(rejected.id)).toBeUndefined();
    expect((await get(ana, approved.id)).approval_status).toBe('approved');
    // The rejection is decision 012's to expire, not this job's.
    expect((await get(ana, rejected.id)).events.map((e) => e.type)).not.toContain('expired');
  });

  it('only reminds a tournament match: its round closing settles it', async () => {
    const match = await recordMatch(app, ana, ana, beto, { store_id: store.id });
    const tournament = await tournamentApi(app).create(organiser, store.id);
    await database.db.execute(
      sql`update matches set tournament_id = ${tournament.id} where id = ${match.id}`,
    );
    const seen = await get(ana, match.id);
    expect(seen.deadline).toBeNull();
    await runDueJobs(ctx, later(match, 25));
    await runDueJobs(ctx, later(match, 73));
    expect(pushesFor(match.id)).toHaveLength(2);
    expect(pushesFor(match.id)[0]!.message.body).toBe('Una partida de torneo espera tu respuesta.');
    expect(await jobOf(match.id)).toBeUndefined();
    await runDueJobs(ctx, later(match, 400));
    const after = await get(ana, match.id);
    expect(after).toMatchObject({ approval_status: 'pending', escalated_at: null });
  });
});

describe('a match at a store nobody answered', () => {
  async function escalatedMatch(creator: Player = ana, other: Player = beto): Promise<TMatch> {
    const match = await recordMatch(app, creator, creator, other, { store_id: store.id });
    expect(match.deadline).toEqual({ at: later(match, 168).toISOString(), rule: 'escalate' });
    await runDueJobs(ctx, later(match, 25));
    await runDueJobs(ctx, later(match, 73));
    await runDueJobs(ctx, later(match, 169));
    return get(creator, match.id);
  }

  it('goes to its store organisers after 7 days, still pending, and they are told', async () => {
    const match = await escalatedMatch();
    const at = Date.parse(match.created_at) + 169 * HOUR;
    expect(match).toMatchObject({
      approval_status: 'pending',
      escalated_at: new Date(at).toISOString(),
      deadline: null,
    });
    expect(match.events.at(-1)).toMatchObject({ type: 'escalated', user_id: null });
    expect(pushesFor(match.id).at(-2)).toMatchObject({ userIds: [organiser.id], kind: 'reminder' });
    expect(pushesFor(match.id).at(-2)!.message.title).toBe('Partida para confirmar');
    expect(pushesFor(match.id).at(-1)).toMatchObject({ userIds: [beto.id] });
    expect(await jobOf(match.id)).toBeUndefined();

    const listed = await getJson<TMatch[]>(app, organiser, '/api/matches/escalated');
    expect(listed.map((m) => m.id)).toContain(match.id);
    expect((await getJson<TMatch[]>(app, admin, '/api/matches/escalated')).map((m) => m.id)).toContain(
      match.id,
    );
    expect(await getJson<TMatch[]>(app, otherOrganiser, '/api/matches/escalated')).toEqual([]);
    expect(await getJson<TMatch[]>(app, beto, '/api/matches/escalated')).toEqual([]);
    expect((await injectAs(app, null, { method: 'GET', url: '/api/matches/escalated' })).statusCode).toBe(
      401,
    );

    // The players may still answer: the last approval approves it, and it leaves the list.
    const answered = await act(app, beto, match.id, 'approve');
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<TMatch>().approval_status).toBe('approved');
    expect(
      (await getJson<TMatch[]>(app, organiser, '/api/matches/escalated')).map((m) => m.id),
    ).not.toContain(match.id);
  });

  it('Confirmar approves it for those who did not answer, and it counts like any approval', async () => {
    const season = await createSeason(database, { ...thisYear(), name: 'Temporada Rem' });
    const before = await standingOf(database, season.id, store.id, ana.id);
    const match = await escalatedMatch();
    const res = await injectAs(app, organiser, { method: 'POST', url: `/api/matches/${match.id}/confirm` });
    expect(res.statusCode, res.body).toBe(200);
    const confirmed = res.json<TMatch>();
    expect(confirmed.approval_status).toBe('approved');
    expect(entry(confirmed, beto.id).approval_status).toBe('approved');
    // (Events are listed by time, and the test's clock put the escalation a week ahead.)
    expect(confirmed.events.find((e) => e.type === 'confirmed')).toMatchObject({
      user_id: organiser.id,
      username: 'orga_rem',
    });
    expect(await get(ana, match.id)).toEqual(confirmed);
    const after = await standingOf(database, season.id, store.id, ana.id);
    expect(after!.matches).toBe((before?.matches ?? 0) + 1);
    expect(after!.wins).toBe((before?.wins ?? 0) + 1);
    // Confirmed once: again is refused.
    const again = await injectAs(app, organiser, { method: 'POST', url: `/api/matches/${match.id}/confirm` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: MSG.notPending });
  });

  it('Cancelar by its organiser or an admin cancels it as processed', async () => {
    for (const who of [organiser, admin]) {
      const match = await escalatedMatch();
      const res = await act(app, who, match.id, 'cancel');
      expect(res.statusCode, res.body).toBe(200);
      const cancelled = res.json<TMatch>();
      expect(cancelled).toMatchObject({ approval_status: 'cancelled', status: 'processed' });
      expect(entry(cancelled, beto.id).approval_status).toBe('cancelled');
      expect(cancelled.events.find((e) => e.type === 'cancelled')).toMatchObject({ user_id: who.id });
    }
  });

  it('refuses confirm and cancel to whoever may not, in Spanish, changing nothing', async () => {
    const escalated = await escalatedMatch();
    const pending = await recordMatch(app, ana, ana, beto, { store_id: store.id });
    const approved = await recordMatch(app, ana, ana, beto, { store_id: store.id });
    await act(app, beto, approved.id, 'approve');
    const confirm = (user: TestUser | null, id: number | string) =>
      injectAs(app, user, { method: 'POST', url: `/api/matches/${id}/confirm` });
    const cases: [TestUser | null, number | string, number, string][] = [
      [null, escalated.id, 401, MSG.notAuthenticated],
      [otherOrganiser, escalated.id, 403, MSG.confirmForbidden],
      [beto, escalated.id, 403, MSG.confirmForbidden],
      [ana, escalated.id, 403, MSG.confirmForbidden],
      [organiser, pending.id, 400, MSG.notEscalated],
      [organiser, approved.id, 400, MSG.notPending],
      [organiser, 999_999, 404, MSG.matchNotFound],
      [organiser, 'abc', 400, MSG.invalidId],
    ];
    for (const [user, id, status, message] of cases) {
      const res = await confirm(user, id);
      expect(res.statusCode, `${user?.username ?? 'anónimo'} ${id}`).toBe(status);
      const body: unknown = res.json();
      expectErrorShape(body);
      expect(body.message).toBe(message);
    }
    // Cancelar: not the store's organiser, or not escalated (someone's pending match).
    for (const [user, id] of [
      [otherOrganiser, escalated.id],
      [organiser, pending.id],
      [beto, escalated.id],
    ] as const) {
      const res = await act(app, user, id, 'cancel');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.cancelForbidden });
    }
    expect((await get(ana, escalated.id)).approval_status).toBe('pending');
    expect((await get(ana, pending.id)).approval_status).toBe('pending');
    // The admin may confirm any store's.
    const byAdmin = await confirm(admin, escalated.id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('the runner', () => {
  it('sends each reminder once when two processes run the due jobs at the same moment', async () => {
    const other = await buildApp({ config: testConfig(), database, logger: false });
    await other.ready();
    try {
      other.ctx.push = fakePush;
      const matches = await Promise.all([0, 1, 2, 3, 4].map(() => recordMatch(app, ana, ana, beto)));
      const now = later(matches.at(-1)!, 25);
      const [a, b] = await Promise.all([runDueJobs(ctx, now), runDueJobs(other.ctx, now)]);
      for (const match of matches) {
        expect(pushesFor(match.id), `match ${match.id}`).toHaveLength(1);
        expect(entry(await get(ana, match.id), beto.id).reminders).toBe(1);
        expect((await get(ana, match.id)).events.filter((e) => e.type === 'reminded')).toHaveLength(1);
      }
      // Each job's two steps (planning, the reminder) ran once, by one process or the other.
      expect(a.failed + b.failed).toBe(0);
      expect(a.ran + b.ran).toBeGreaterThanOrEqual(matches.length * 2);
    } finally {
      await other.close();
    }
  });

  it('survives a restart: a new app on the same database runs what came due', async () => {
    const first = await buildApp({ config: testConfig(), database, logger: false });
    await first.ready();
    const match = await recordMatch(first, ana, ana, beto);
    await runDueJobs(first.ctx, later(match, 1));
    await first.close();
    const second = await buildApp({ config: testConfig(), database, logger: false });
    await second.ready();
    try {
      second.ctx.push = fakePush;
      await runDueJobs(second.ctx, later(match, 25));
      expect(pushesFor(match.id)).toHaveLength(1);
      expect(entry(await get(ana, match.id), beto.id).reminders).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('follows the delays the operator configured', async () => {
    const tuned = await buildApp({
      config: testConfig({
        pendingMatchDelays: { firstReminderMs: HOUR, secondReminderMs: 2 * HOUR, finalRuleMs: 3 * HOUR },
      }),
      database,
      logger: false,
    });
    await tuned.ready();
    try {
      tuned.ctx.push = fakePush;
      const match = await recordMatch(tuned, ana, ana, beto);
      expect(match.deadline).toEqual({ at: later(match, 3).toISOString(), rule: 'expire' });
      await runDueJobs(tuned.ctx, later(match, 1.5));
      expect(pushesFor(match.id)).toHaveLength(1);
      await runDueJobs(tuned.ctx, later(match, 2.5));
      expect(pushesFor(match.id)).toHaveLength(2);
      await runDueJobs(tuned.ctx, later(match, 3.5));
      expect((await get(ana, match.id)).approval_status).toBe('cancelled');
    } finally {
      await tuned.close();
    }
  });

  it('records a failing job and tries it later, without holding up the others', async () => {
    const match = await recordMatch(app, ana, ana, beto);
    const now = later(match, 25);
    const [bad] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into scheduled_jobs (kind, run_at) values ('desconocido', ${new Date(now.getTime() - HOUR).toISOString()}::timestamptz)
          returning id`,
    );
    const result = await runDueJobs(ctx, now);
    expect(result.failed).toBe(1);
    expect(pushesFor(match.id)).toHaveLength(1);
    const read = async () =>
      (
        await queryRows<{ attempts: number; lastError: string; runAt: string | Date }>(
          database.db,
          sql`select attempts, last_error as "lastError", run_at as "runAt" from scheduled_jobs where id = ${bad!.id}`,
        )
      )[0]!;
    let row = await read();
    expect(Number(row.attempts)).toBe(1);
    expect(row.lastError).toBe('unknown job kind: desconocido');
    expect(new Date(row.runAt).getTime()).toBe(now.getTime() + retryDelayMs(1));
    // Not again at the same moment; again once its retry is due, with a longer wait.
    expect((await runDueJobs(ctx, now)).failed).toBe(0);
    const retry = new Date(now.getTime() + retryDelayMs(1));
    expect((await runDueJobs(ctx, retry)).failed).toBe(1);
    row = await read();
    expect(Number(row.attempts)).toBe(2);
    expect(new Date(row.runAt).getTime()).toBe(retry.getTime() + retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    await database.db.execute(sql`delete from scheduled_jobs where id = ${bad!.id}`);
  });
});
