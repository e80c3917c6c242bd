import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TMatch } from '@mitos/domain/matches';
import { queryRows } from '../src/db/client';
import { DEMO_PASSWORD, seedDemoData, type SeedResult } from '../src/seed/seed';
import { runDueJobs } from '../src/jobs/runner';
import { buildTestApp, cookieHeader, createUser, injectAs, type TestApp } from './helpers';

let t: TestApp;
let seeded: SeedResult;

beforeAll(async () => {
  t = await buildTestApp();
  seeded = await seedDemoData(t.database);
});

async function signIn(email: string, password: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res);
}

async function listAs(cookie: string, url: string): Promise<TMatch[]> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TMatch[]>();
}

describe('seedDemoData', () => {
  it('reports eighteen players and 160 matches in every state', () => {
    expect(seeded.users).toHaveLength(18);
    expect(seeded.matches).toBe(160);
    expect(seeded.password).toBe(DEMO_PASSWORD);
    for (const count of Object.values(seeded.byStatus)) expect(count).toBeGreaterThan(0);
    expect(Object.values(seeded.byStatus).reduce((a, b) => a + b, 0)).toBe(160);
    expect(seeded.organiser?.role).toBe('tournament_admin');
    expect(seeded.admin?.role).toBe('admin');
  });

  it('seeds tournaments of every type and every state, one waiting for the demo user', async () => {
    const cookie = await signIn(seeded.demoUser.email, seeded.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/tournaments', headers: { cookie } });
    const list = res.json<{ id: number; type: string; status: string }[]>();
    expect(seeded.tournaments.count).toBe(list.length);
    expect(new Set(list.map((x) => x.type))).toEqual(
      new Set(['swiss', 'single_elimination', 'double_elimination', 'round_robin']),
    );
    expect(new Set(list.map((x) => x.status))).toEqual(
      new Set(['registration', 'upcoming', 'in_progress', 'finished']),
    );
    const pending = await listAs(cookie, '/api/matches/pending');
    expect(pending.some((m) => m.tier === 'Torneo' && m.approval_status === 'pending')).toBe(true);
    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/tournaments/announcements/unread',
      headers: { cookie },
    });
    expect(unread.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('lets every printed log-in sign in with the printed password', async () => {
    for (const user of seeded.users) await signIn(user.email, seeded.password);
  });

  it('gives the demo user something on every screen', async () => {
    const cookie = await signIn(seeded.demoUser.email, seeded.password);
    const me = seeded.demoUser.id;
    const pending = await listAs(cookie, '/api/matches/pending');
    const entry = (m: TMatch) => [...m.team1.players, ...m.team2.players].find((p) => p.user_id === me);
    expect(pending.filter((m) => entry(m)?.approval_status === 'pending').length).toBeGreaterThanOrEqual(4);
    expect(pending.filter((m) => entry(m)?.approval_status === 'approved').length).toBeGreaterThanOrEqual(2);
    expect((await listAs(cookie, '/api/matches/rejected')).length).toBeGreaterThanOrEqual(2);
    const mine = await listAs(cookie, '/api/matches/me?limit=200');
    expect(new Set(mine.map((m) => m.approval_status))).toEqual(
      new Set(['pending', 'approved', 'rejected', 'cancelled']),
    );
    expect((await listAs(cookie, '/api/matches/all-approved')).length).toBeGreaterThan(20);
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/count', headers: { cookie } });
    expect(count.json<{ count: number }>().count).toBeGreaterThanOrEqual(6);
    const decks = await t.app.inject({ method: 'GET', url: '/api/decks', headers: { cookie } });
    expect(decks.json<unknown[]>().length).toBeGreaterThanOrEqual(2);
  });

  it('writes rows that hold together: keys, the players’ copy of the status, the approvals', async () => {
    const [orphans] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select
        (select count(*) from match_players mp left join matches m on m.id = mp.match_id where m.id is null)::int as players_without_match,
        (select count(*) from match_players mp left join users u on u.id = mp.user_id where u.id is null)::int as players_without_user,
        (select count(*) from match_players mp left join decks d on d.id = mp.deck_id where d.id is null)::int as players_without_deck,
        (select count(*) from match_players mp join decks d on d.id = mp.deck_id where d.user_id <> mp.user_id)::int as foreign_decks,
        (select count(*) from match_events e left join matches m on m.id = e.match_id where m.id is null)::int as events_without_match,
        (select count(*) from match_events e left join users u on u.id = e.user_id
          where u.id is null and (e.user_id is not null or e.type not in ('expired', 'reminded', 'escalated')))::int
          as events_without_user,
        (select count(*) from matches m left join users u on u.id = m.created_by where u.id is null)::int as matches_without_creator,
        (select count(*) from decks d left join users u on u.id = d.user_id where u.id is null)::int as decks_without_user,
        (select count(*) from match_players mp join matches m on m.id = mp.match_id
          where mp.match_status <> m.approval_status or mp.match_date <> m.match_date)::int as stale_copies,
        (select count(*) from matches m where m.approval_status = 'approved' and exists (
          select 1 from match_players p where p.match_id = m.id and p.approval_status <> 'approved'))::int as approved_with_holdouts`,
    );
    expect(orphans).toEqual({
      players_without_match: 0,
      players_without_user: 0,
      players_without_deck: 0,
      foreign_decks: 0,
      events_without_match: 0,
      events_without_user: 0,
      matches_without_creator: 0,
      decks_without_user: 0,
      stale_copies: 0,
      approved_with_holdouts: 0,
    });
  });

  it('leaves the sequences ahead, so the app keeps creating rows after a seed', async () => {
    const cookie = await signIn(seeded.demoUser.email, seeded.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/decks',
      headers: { cookie },
      payload: { name: 'Mazo nuevo tras la semilla', raza: 'Eterno' },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('takes a size, and seeds a database that already has users', async () => {
    const other = await buildTestApp();
    const existing = await createUser(other.database);
    const sized = await seedDemoData(other.database, { players: 25, matches: 400, seed: 9 });
    expect(sized.users).toHaveLength(25);
    expect(sized.users.every((u) => u.id > existing.id)).toBe(true);
    expect(sized.matches).toBe(400);
    const [row] = await queryRows<{ n: number }>(
      other.database.db,
      sql`select count(*)::int as n from matches`,
    );
    expect(row?.n).toBe(400 + sized.tournaments.matches);
    const page = await injectAs(other.app, sized.demoUser, { method: 'GET', url: '/api/matches/me?limit=5' });
    expect(page.json<TMatch[]>()).toHaveLength(5);
    expect(page.headers['x-next-cursor']).toBeDefined();
  });
  it('seeds the SPEC’s four stores with logos, an organiser, seasons, leagues and TOR codes', async () => {
    const stores = await queryRows<{ name: string; neighborhood: string; logo: string }>(
      t.database.db,
      sql`select s.name, s.neighborhood, l.content_type as logo from stores s join store_logos l on l.store_id = s.id
          order by s.id`,
    );
    expect(stores.map((s) => s.name)).toEqual([
      'Dragón Dorado Games',
      'La Cripta del Mito',
      'Torre de Cartas',
      'El Bastión TCG',
    ]);
    expect(new Set(stores.map((s) => s.logo))).toEqual(new Set(['image/svg+xml']));
    const [organised] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from store_organisers where user_id = ${seeded.organiser!.id}`,
    );
    expect(organised!.n).toBe(1);
    const [open] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from seasons where closed_at is null`,
    );
    expect(open!.n).toBe(1);
    const [counts] = await queryRows<{ leagues: number; at_stores: number; tor: number }>(
      t.database.db,
      sql`select (select count(*)::int from leagues) as leagues,
                 (select count(*)::int from matches where store_id is not null) as at_stores,
                 (select count(distinct tor_code)::int from users where tor_code is not null) as tor`,
    );
    expect(counts!.leagues).toBe(8);
    expect(counts!.at_stores).toBeGreaterThan(100);
    expect(counts!.tor).toBeGreaterThanOrEqual(18);
  });

  // Last: it runs the server's timers on the seeded matches (decision 020).
  it('seeds pending matches already reminded, and matches for the organiser to confirm once the timers run', async () => {
    const cookie = await signIn(seeded.demoUser.email, seeded.password);
    const me = seeded.demoUser.id;
    const entry = (m: TMatch) => [...m.team1.players, ...m.team2.players].find((p) => p.user_id === me);
    const waiting = (await listAs(cookie, '/api/matches/pending')).filter(
      (m) => entry(m)?.approval_status === 'pending',
    );
    expect(waiting.some((m) => entry(m)!.reminders > 0 && m.events.some((e) => e.type === 'reminded'))).toBe(
      true,
    );
    await runDueJobs(t.app.ctx, new Date());
    const organiser = await signIn(seeded.organiser!.email, seeded.password);
    const escalated = await listAs(organiser, '/api/matches/escalated');
    expect(escalated.length).toBeGreaterThanOrEqual(1);
    expect(escalated.every((m) => m.escalated_at !== null && m.approval_status === 'pending')).toBe(true);
    // The demo user still has their four to answer.
    const after = (await listAs(cookie, '/api/matches/pending')).filter(
      (m) => entry(m)?.approval_status === 'pending',
    );
    expect(after.length).toBeGreaterThanOrEqual(4);
  });
});
