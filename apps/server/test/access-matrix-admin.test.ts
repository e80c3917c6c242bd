import { describe, expect, it } from 'vitest';
import { insertStore } from './community-factories';
import { createPlayers } from './matches-factories';
import { buildTestApp, createUser, injectAs, type TestUser } from './helpers';

/**
 * The admin screens' endpoints against every kind of caller: signed out, a player, a judge, a
 * store's organiser, an admin. Where access is refused, nothing changes.
 */
const { app, database } = await buildTestApp();

const player = await createUser(database, { username: 'jugador_m' });
const judge = await createUser(database, { username: 'juez_m', role: 'judge' });
const organiser = await createUser(database, { username: 'organiza_m' });
const admin = await createUser(database, { username: 'admin_m', role: 'admin' });
const store = await insertStore(database, { organisers: [organiser.id] });
const [uno, dos] = await createPlayers(database, ['uno_m', 'dos_m'] as const);

type Role = 'anon' | 'player' | 'judge' | 'organiser' | 'admin';
const ROLES: Role[] = ['anon', 'player', 'judge', 'organiser', 'admin'];
const callers: Record<Role, TestUser | null> = { anon: null, player, judge, organiser, admin };

let torSequence = 500;
const nextTor = () => `TOR${++torSequence}`;

async function placeholder(): Promise<number> {
  const res = await injectAs(app, admin, {
    method: 'POST',
    url: '/api/admin/players',
    payload: { name: `Sin_cuenta_${torSequence}`, torCode: nextTor() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().player.id as number;
}

const playerCount = async () =>
  (await injectAs(app, admin, { method: 'GET', url: '/api/admin/players?pageSize=1' })).json()
    .total as number;

describe('admin endpoints, every caller', () => {
  const cases: [
    string,
    () => Promise<{ method: 'GET' | 'POST' | 'PATCH' | 'PUT'; url: string; payload?: object }>,
    Record<Role, number>,
  ][] = [
    [
      'GET /api/admin/players',
      async () => ({ method: 'GET', url: '/api/admin/players' }),
      { anon: 401, player: 403, judge: 403, organiser: 200, admin: 200 },
    ],
    [
      'POST /api/admin/players',
      async () => ({
        method: 'POST',
        url: '/api/admin/players',
        payload: { name: `Nuevo_${torSequence}`, torCode: nextTor() },
      }),
      { anon: 401, player: 403, judge: 403, organiser: 201, admin: 201 },
    ],
    [
      'PATCH /api/admin/players/:id (a placeholder, TOR code)',
      async () => ({
        method: 'PATCH',
        url: `/api/admin/players/${await placeholder()}`,
        payload: { torCode: nextTor() },
      }),
      { anon: 401, player: 403, judge: 403, organiser: 200, admin: 200 },
    ],
    [
      'PATCH /api/admin/players/:id (a player with an account)',
      async () => ({
        method: 'PATCH',
        url: `/api/admin/players/${player.id}`,
        payload: { torCode: nextTor() },
      }),
      { anon: 401, player: 403, judge: 403, organiser: 403, admin: 200 },
    ],
    [
      'PATCH /api/admin/players/:id (a role)',
      async () => ({
        method: 'PATCH',
        url: `/api/admin/players/${await placeholder()}`,
        payload: { role: 'judge' },
      }),
      { anon: 401, player: 403, judge: 403, organiser: 403, admin: 200 },
    ],
    [
      'PUT /api/users/me/tor-code',
      async () => ({ method: 'PUT', url: '/api/users/me/tor-code', payload: { torCode: nextTor() } }),
      { anon: 401, player: 200, judge: 200, organiser: 200, admin: 200 },
    ],
    [
      'GET /api/admin/results',
      async () => ({ method: 'GET', url: '/api/admin/results' }),
      { anon: 401, player: 403, judge: 403, organiser: 200, admin: 200 },
    ],
    [
      'POST /api/admin/results (at the organiser’s store)',
      async () => ({
        method: 'POST',
        url: '/api/admin/results',
        payload: {
          storeId: store.id,
          round: 1,
          player1Id: uno.id,
          player2Id: dos.id,
          winnerId: uno.id,
          date: '2026-01-10',
        },
      }),
      { anon: 401, player: 403, judge: 403, organiser: 201, admin: 201 },
    ],
    [
      'GET /api/admin/metrics',
      async () => ({ method: 'GET', url: '/api/admin/metrics' }),
      { anon: 401, player: 403, judge: 403, organiser: 403, admin: 200 },
    ],
    [
      'GET /api/admin/summary',
      async () => ({ method: 'GET', url: '/api/admin/summary' }),
      { anon: 401, player: 403, judge: 403, organiser: 200, admin: 200 },
    ],
  ];

  for (const [name, request, expected] of cases) {
    for (const role of ROLES) {
      it(`${name} as ${role}: ${expected[role]}`, async () => {
        const req = await request();
        const before = await playerCount();
        const res = await injectAs(app, callers[role], req);
        expect(res.statusCode).toBe(expected[role]);
        if (res.statusCode >= 400) {
          expect(res.json()).toMatchObject({ success: false });
          expect(await playerCount()).toBe(before);
        }
      });
    }
  }
});
