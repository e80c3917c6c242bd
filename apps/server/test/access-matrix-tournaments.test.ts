import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs, type TestUser } from './helpers';
import { createSeason, createStore, thisYear } from './community-factories';
import { createPlayer } from './matches-factories';
import { tournamentApi } from './tournament-factories';

/**
 * Every tournament write against every kind of caller (decision 015): signed out, a player,
 * the store's organiser, another store's organiser, a tournament admin, an admin. A refused call
 * changes nothing.
 */
const { app, database } = await buildTestApp();
const api = tournamentApi(app);
const admin = await createUser(database, { role: 'admin' });
const tadmin = await createUser(database, { role: 'tournament_admin' });
const organiser = await createUser(database);
const elsewhere = await createUser(database);
const player = await createPlayer(database);
const store = await createStore(app, admin, [organiser]);
await createStore(app, admin, [elsewhere]);
await createSeason(database, thisYear());

type Role = 'anon' | 'player' | 'organiser' | 'otherOrganiser' | 'tournamentAdmin' | 'admin';
const callers: Record<Role, TestUser | null> = {
  anon: null,
  player,
  organiser,
  otherOrganiser: elsewhere,
  tournamentAdmin: tadmin,
  admin,
};
const ROLES = Object.keys(callers) as Role[];
const managers: Role[] = ['organiser', 'tournamentAdmin', 'admin'];

/** A tournament of two players, started when asked: what each write acts on. */
async function fixture(started: boolean) {
  const t = await api.create(admin, store.id, { type: 'single_elimination' });
  const a = await createPlayer(database);
  const b = await createPlayer(database);
  await api.signUp(a, t.id);
  await api.signUp(b, t.id);
  if (started) await api.start(admin, t.id);
  const [pairing] = started ? await api.pairings(admin, t.id) : [];
  return { id: t.id, a, pairing: pairing?.id ?? 0 };
}

const state = async (id: number) => {
  const detail = await api.detail(admin, id);
  return { ...detail, calendar: null, canManage: null, me: null };
};

const WRITES: [string, boolean, (f: Awaited<ReturnType<typeof fixture>>) => [string, string, object?]][] = [
  [
    'PUT /api/tournaments/:id',
    false,
    (f) => [
      'PUT',
      `/api/tournaments/${f.id}`,
      { name: 'X', storeId: store.id, type: 'swiss', startDate: '2026-12-01' },
    ],
  ],
  ['DELETE /api/tournaments/:id', false, (f) => ['DELETE', `/api/tournaments/${f.id}`]],
  [
    'PUT /api/tournaments/:id/participants',
    false,
    (f) => ['PUT', `/api/tournaments/${f.id}/participants`, { participants: [] }],
  ],
  [
    'POST …/participants/:userId/check-in',
    false,
    (f) => ['POST', `/api/tournaments/${f.id}/participants/${f.a.id}/check-in`, { checkedIn: true }],
  ],
  ['POST /api/tournaments/:id/start', false, (f) => ['POST', `/api/tournaments/${f.id}/start`]],
  [
    'POST /api/tournaments/:id/announcements',
    false,
    (f) => ['POST', `/api/tournaments/${f.id}/announcements`, { message: 'Hola' }],
  ],
  [
    'POST …/participants/:userId/drop (someone else)',
    true,
    (f) => ['POST', `/api/tournaments/${f.id}/participants/${f.a.id}/drop`],
  ],
  [
    'POST …/pairings/:pairingId/report (not a player)',
    true,
    (f) => ['POST', `/api/tournaments/${f.id}/pairings/${f.pairing}/report`, { games1: 2, games2: 0 }],
  ],
];

describe('tournament writes by role', () => {
  it.each(WRITES)('%s', async (_name, started, request) => {
    for (const role of ROLES) {
      const f = await fixture(started);
      const before = await state(f.id);
      const [method, url, payload] = request(f);
      const res = await injectAs(app, callers[role], {
        method: method as 'POST',
        url,
        ...(payload ? { payload } : {}),
      });
      if (role === 'anon') expect(res.statusCode, role).toBe(401);
      // Who runs it gets past the permission check (the state may still refuse, as for a drop
      // with a match to play).
      else if (managers.includes(role))
        expect([401, 403], `${role}: ${res.body}`).not.toContain(res.statusCode);
      else {
        expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
        expect(await state(f.id)).toEqual(before);
      }
    }
  });

  it('reads are for everyone signed in', async () => {
    const f = await fixture(true);
    for (const path of ['', '/participants', '/bracket', '/pairings', '/standings'])
      for (const role of ROLES) {
        const res = await injectAs(app, callers[role], {
          method: 'GET',
          url: `/api/tournaments/${f.id}${path}`,
        });
        expect(res.statusCode, `${role} ${path}`).toBe(role === 'anon' ? 401 : 200);
      }
  });
});
