import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { TStore } from '@mitos/domain/community';
import { buildTestApp, createUser, injectAs, type TestUser } from './helpers';
import {
  createSeason,
  createStore,
  insertStore,
  PNG_BYTES,
  thisYear,
  uploadLogo,
} from './community-factories';

/**
 * Every endpoint against every kind of caller: signed out, another player, a player of the
 * match, its creator, an admin; for the community's endpoints, signed out, a player, the store's
 * organiser, another store's organiser, an admin. Where access is refused, nothing may change.
 */
const { app, database } = await buildTestApp();

const creator = await createUser(database, { username: 'creadora' });
const player = await createUser(database, { username: 'rival' });
const other = await createUser(database, { username: 'ajena' });
const admin = await createUser(database, { username: 'administra', role: 'admin' });

async function deckOf(user: TestUser, name: string) {
  const res = await injectAs(app, user, {
    method: 'POST',
    url: '/api/decks',
    payload: { name, raza: 'Heroe' },
  });
  return res.json().id as number;
}
const creatorDeck = await deckOf(creator, 'Principal');
const creatorSpare = await deckOf(creator, 'Repuesto');
const playerDeck = await deckOf(player, 'Principal');
const otherDeck = await deckOf(other, 'Principal');

type Role = 'anon' | 'other' | 'player' | 'creator' | 'admin';
const ROLES: Role[] = ['anon', 'other', 'player', 'creator', 'admin'];
const callers: Record<Role, TestUser | null> = { anon: null, other, player, creator, admin };

const organiser = await createUser(database, { username: 'organiza' });
const elsewhere = await createUser(database, { username: 'otraorganiza' });
const store = await insertStore(database, { organisers: [organiser.id] });
await insertStore(database, { organisers: [elsewhere.id] });
await createSeason(database, thisYear());

async function newMatch(state: 'pending' | 'rejected' | 'approved' = 'pending'): Promise<number> {
  const res = await injectAs(app, creator, {
    method: 'POST',
    url: '/api/matches',
    payload: {
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [creator.id],
      team2_players: [player.id],
      team1_decks: [creatorDeck],
      team2_decks: [playerDeck],
      team1_score: 2,
      team2_score: 0,
      store_id: store.id,
    },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as number;
  if (state === 'approved') {
    expect(
      (await injectAs(app, player, { method: 'POST', url: `/api/matches/${id}/approve` })).statusCode,
    ).toBe(200);
  }
  if (state === 'rejected') {
    expect(
      (await injectAs(app, player, { method: 'POST', url: `/api/matches/${id}/reject` })).statusCode,
    ).toBe(200);
  }
  return id;
}

const snapshot = async (id: number) =>
  (await injectAs(app, admin, { method: 'GET', url: `/api/matches/${id}` })).json();

describe('reads', () => {
  const reads: [string, () => string, Record<Role, number>][] = [
    [
      // Signed out, the answer is {authenticated:false,user:null} (auth.test.ts).
      'GET /api/auth/me',
      () => '/api/auth/me',
      { anon: 200, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    ['GET /api/users', () => '/api/users', { anon: 401, other: 200, player: 200, creator: 200, admin: 200 }],
    [
      'GET /api/users/search',
      () => '/api/users/search?q=ri',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/users/:id',
      () => `/api/users/${creator.id}`,
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/users/:id/stats',
      () => `/api/users/${creator.id}/stats`,
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    ['GET /api/decks', () => '/api/decks', { anon: 401, other: 200, player: 200, creator: 200, admin: 200 }],
    [
      'GET /api/decks/user/:id',
      () => `/api/decks/user/${creator.id}`,
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/decks/default/:id',
      () => `/api/decks/default/${creator.id}`,
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/matches/pending',
      () => '/api/matches/pending',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/matches/rejected',
      () => '/api/matches/rejected',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/matches/me',
      () => '/api/matches/me',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/matches/all-approved',
      () => '/api/matches/all-approved',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/notifications/count',
      () => '/api/notifications/count',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/rankings',
      () => '/api/rankings',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/rankings?storeId',
      () => `/api/rankings?storeId=${store.id}`,
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/stores/:id/matches',
      () => `/api/stores/${store.id}/matches`,
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
    [
      'GET /api/users/:id/standing',
      () => `/api/users/${creator.id}/standing`,
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
    ],
  ];
  it.each(reads)('%s', async (_name, url, expected) => {
    for (const role of ROLES) {
      const res = await injectAs(app, callers[role], { method: 'GET', url: url() });
      expect(res.statusCode, role).toBe(expected[role]);
    }
  });

  it('match detail is for signed-in players; /me/:id only for those involved', async () => {
    const id = await newMatch();
    const detail = { anon: 401, other: 200, player: 200, creator: 200, admin: 200 };
    const own = { anon: 401, other: 404, player: 200, creator: 200, admin: 404 };
    for (const role of ROLES) {
      const a = await injectAs(app, callers[role], { method: 'GET', url: `/api/matches/${id}` });
      expect(a.statusCode, `detail ${role}`).toBe(detail[role]);
      const b = await injectAs(app, callers[role], { method: 'GET', url: `/api/matches/me/${id}` });
      expect(b.statusCode, `me/:id ${role}`).toBe(own[role]);
    }
  });

  it("never shows another user's email", async () => {
    for (const url of [
      '/api/users',
      `/api/users/${creator.id}`,
      '/api/users/search?q=cre',
      `/api/matches/all-approved`,
    ]) {
      const res = await injectAs(app, other, { method: 'GET', url });
      expect(res.body).not.toContain(creator.email);
    }
    const match = await snapshot(await newMatch());
    expect(JSON.stringify(match)).not.toContain('@example.com');
  });
});

describe('match transitions', () => {
  const transitions: [
    string,
    'pending' | 'rejected' | 'approved',
    string,
    Record<string, string> | undefined,
    Record<Role, number>,
  ][] = [
    [
      'approve',
      'pending',
      'approve',
      undefined,
      { anon: 401, other: 403, player: 200, creator: 403, admin: 403 },
    ],
    [
      'reject',
      'pending',
      'reject',
      undefined,
      { anon: 401, other: 403, player: 200, creator: 403, admin: 403 },
    ],
    [
      'cancel',
      'pending',
      'cancel',
      undefined,
      { anon: 401, other: 403, player: 403, creator: 200, admin: 403 },
    ],
    [
      'cancel (rejected)',
      'rejected',
      'cancel',
      undefined,
      { anon: 401, other: 403, player: 403, creator: 200, admin: 403 },
    ],
    [
      'handle-rejection',
      'rejected',
      'handle-rejection',
      { action: 'ok' },
      { anon: 401, other: 403, player: 403, creator: 200, admin: 403 },
    ],
    [
      'close-rejected',
      'rejected',
      'close-rejected',
      { status: 'processed' },
      { anon: 401, other: 403, player: 200, creator: 200, admin: 403 },
    ],
    [
      'annul',
      'approved',
      'annul',
      undefined,
      { anon: 401, other: 403, player: 403, creator: 403, admin: 200 },
    ],
  ];
  it.each(transitions)('%s', async (_name, state, action, payload, expected) => {
    for (const role of ROLES) {
      const id = await newMatch(state);
      const before = await snapshot(id);
      const res = await injectAs(app, callers[role], {
        method: 'POST',
        url: `/api/matches/${id}/${action}`,
        ...(payload !== undefined ? { payload } : {}),
      });
      expect(res.statusCode, role).toBe(expected[role]);
      if (res.statusCode !== 200) expect(await snapshot(id), `${role} changed nothing`).toEqual(before);
    }
  });
});

describe('annul by store organisers', () => {
  it('is the match’s store organiser’s, not another store’s', async () => {
    for (const [who, expected] of [
      [elsewhere, 403],
      [organiser, 200],
    ] as const) {
      const id = await newMatch('approved');
      const before = await snapshot(id);
      const res = await injectAs(app, who, { method: 'POST', url: `/api/matches/${id}/annul` });
      expect(res.statusCode, who.username).toBe(expected);
      if (expected !== 200) expect(await snapshot(id)).toEqual(before);
    }
  });
});

describe('writes', () => {
  it('records a match only when the caller plays in it, unless an admin', async () => {
    const payload = {
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [player.id],
      team2_players: [other.id],
      team1_decks: [playerDeck],
      team2_decks: [otherDeck],
      team1_score: 1,
      team2_score: 0,
    };
    const expected: Record<Role, number> = { anon: 401, other: 201, player: 201, creator: 403, admin: 201 };
    for (const role of ROLES) {
      const before = (await injectAs(app, admin, { method: 'GET', url: '/api/matches/pending' })).json();
      const res = await injectAs(app, callers[role], { method: 'POST', url: '/api/matches', payload });
      expect(res.statusCode, role).toBe(expected[role]);
      if (res.statusCode === 403)
        expect(res.json().message).toBe('No tienes permisos para crear esta partida');
      if (res.statusCode !== 201) {
        const after = (await injectAs(app, admin, { method: 'GET', url: '/api/matches/pending' })).json();
        expect(after).toEqual(before);
      }
    }
  });

  it('changes decks only for their owner; others get 404 and nothing changes', async () => {
    const calls = [
      {
        method: 'PUT' as const,
        url: `/api/decks/${creatorSpare}`,
        payload: { name: 'Cambiado', raza: 'Titan' },
      },
      { method: 'PUT' as const, url: `/api/decks/${creatorSpare}/default` },
      { method: 'DELETE' as const, url: `/api/decks/${creatorSpare}` },
    ];
    for (const role of ['anon', 'other', 'player', 'admin'] as const) {
      for (const call of calls) {
        const res = await injectAs(app, callers[role], call);
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(role === 'anon' ? 401 : 404);
      }
    }
    const decks = (await injectAs(app, creator, { method: 'GET', url: '/api/decks' })).json();
    expect(decks.map((d: { name: string; is_default: boolean }) => [d.name, d.is_default])).toEqual([
      ['Principal', true],
      ['Repuesto', false],
    ]);
    expect((await injectAs(app, creator, calls[0]!)).statusCode).toBe(200);
  });
});

describe('community: stores, seasons, leagues', () => {
  type CommunityRole = 'anon' | 'player' | 'organiser' | 'otherOrganiser' | 'admin';
  const COMMUNITY_ROLES: CommunityRole[] = ['anon', 'player', 'organiser', 'otherOrganiser', 'admin'];
  const everyone = { anon: 401, player: 200, organiser: 200, otherOrganiser: 200, admin: 200 };
  const runsTheStore = (ok: number) => ({
    anon: 401,
    player: 403,
    organiser: ok,
    otherOrganiser: 403,
    admin: ok,
  });
  const adminsOnly = (ok: number) => ({
    anon: 401,
    player: 403,
    organiser: 403,
    otherOrganiser: 403,
    admin: ok,
  });

  const organiser = player;
  const otherOrganiser = creator;
  const who: Record<CommunityRole, TestUser | null> = {
    anon: null,
    player: other,
    organiser,
    otherOrganiser,
    admin,
  };
  const member = admin;

  async function storeRunBy(user: TestUser, logo = false): Promise<TStore> {
    const store = await createStore(app, admin, [user]);
    if (!logo) return store;
    return (await uploadLogo(app, admin, store.id, 'image/png', PNG_BYTES)).json<TStore>();
  }
  let store: TStore;
  let league: number;
  async function newLeague(options: { deleted?: boolean; members?: TestUser[] } = {}): Promise<number> {
    const res = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/leagues',
      payload: { name: 'Liga de la matriz', storeId: store.id, startDate: '2026-01-01' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    for (const user of options.members ?? [])
      await injectAs(app, admin, {
        method: 'POST',
        url: `/api/leagues/${id}/participants`,
        payload: { userId: user.id },
      });
    if (options.deleted) await injectAs(app, admin, { method: 'DELETE', url: `/api/leagues/${id}` });
    return id;
  }
  const leagueState = async (id: number): Promise<unknown> => ({
    list:
      (await injectAs(app, admin, { method: 'GET', url: '/api/leagues' }))
        .json()
        .find((l: { id: number }) => l.id === id) ?? null,
    participants: (
      await injectAs(app, admin, { method: 'GET', url: `/api/leagues/${id}/participants` })
    ).json(),
  });
  const storeState = async (id: number): Promise<unknown> =>
    (await injectAs(app, admin, { method: 'GET', url: `/api/stores/${id}` })).json();

  it('prepares a store run by the organiser, and one run by the other organiser', async () => {
    store = await storeRunBy(organiser, true);
    await storeRunBy(otherOrganiser);
    league = await newLeague({ members: [member] });
  });

  const communityReads: [string, () => string, Record<CommunityRole, number>][] = [
    ['GET /api/stores', () => '/api/stores', everyone],
    ['GET /api/stores?all=true', () => '/api/stores?all=true', everyone],
    ['GET /api/stores/:id', () => `/api/stores/${store.id}`, everyone],
    ['GET /api/stores/:id/logo (for <img>, no session)', () => store.logoUrl!, { ...everyone, anon: 200 }],
    ['GET /api/seasons', () => '/api/seasons', everyone],
    ['GET /api/leagues', () => '/api/leagues', everyone],
    ['GET /api/leagues/:id/participants', () => `/api/leagues/${league}/participants`, everyone],
    ['GET /api/community/me', () => '/api/community/me', everyone],
  ];
  it.each(communityReads)('%s', async (_name, url, expected) => {
    for (const role of COMMUNITY_ROLES) {
      const res = await injectAs(app, who[role], { method: 'GET', url: url() });
      expect(res.statusCode, role).toBe(expected[role]);
    }
  });

  interface Call {
    method: 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload?: InjectOptions['payload'];
    headers?: Record<string, string>;
  }
  type Write = [
    string,
    Record<CommunityRole, number>,
    () => Promise<{ call: Call; state: () => Promise<unknown> }>,
  ];
  /** A write on a fresh league of the organiser's store, for its organisers and admins. */
  const leagueWrite = (
    name: string,
    options: { deleted?: boolean; members?: TestUser[] },
    call: (id: number) => Call,
  ): Write => [
    name,
    runsTheStore(200),
    async () => {
      const id = await newLeague(options);
      return { call: call(id), state: () => leagueState(id) };
    },
  ];
  const writes: Write[] = [
    [
      'POST /api/stores',
      adminsOnly(201),
      async () => {
        const name = `Nueva ${Math.random()}`;
        return {
          call: { method: 'POST', url: '/api/stores', payload: { name, neighborhood: 'Flores' } },
          state: async () =>
            (await injectAs(app, admin, { method: 'GET', url: '/api/stores?all=true' }))
              .json()
              .filter((s: TStore) => s.name === name),
        };
      },
    ],
    [
      'PUT /api/stores/:id',
      runsTheStore(200),
      async () => {
        const s = await storeRunBy(organiser);
        return {
          call: {
            method: 'PUT',
            url: `/api/stores/${s.id}`,
            payload: { name: `${s.name} bis`, neighborhood: 'Boedo' },
          },
          state: () => storeState(s.id),
        };
      },
    ],
    [
      'PUT /api/stores/:id/organisers',
      adminsOnly(200),
      async () => {
        const s = await storeRunBy(organiser);
        return {
          call: {
            method: 'PUT',
            url: `/api/stores/${s.id}/organisers`,
            payload: { userIds: [otherOrganiser.id] },
          },
          state: () => storeState(s.id),
        };
      },
    ],
    [
      'PUT /api/stores/:id/logo',
      runsTheStore(200),
      async () => {
        const s = await storeRunBy(organiser);
        return {
          call: {
            method: 'PUT',
            url: `/api/stores/${s.id}/logo`,
            payload: PNG_BYTES,
            headers: { 'content-type': 'image/png' },
          },
          state: () => storeState(s.id),
        };
      },
    ],
    [
      'DELETE /api/stores/:id/logo',
      runsTheStore(200),
      async () => {
        const s = await storeRunBy(organiser, true);
        return { call: { method: 'DELETE', url: `/api/stores/${s.id}/logo` }, state: () => storeState(s.id) };
      },
    ],
    [
      'POST /api/leagues',
      runsTheStore(201),
      async () => {
        const name = `Liga ${Math.random()}`;
        return {
          call: {
            method: 'POST',
            url: '/api/leagues',
            payload: { name, storeId: store.id, startDate: '2026-01-01' },
          },
          state: async () =>
            (await injectAs(app, admin, { method: 'GET', url: '/api/leagues' }))
              .json()
              .filter((l: { name: string }) => l.name === name),
        };
      },
    ],
    leagueWrite('PUT /api/leagues/:id', {}, (id) => ({
      method: 'PUT',
      url: `/api/leagues/${id}`,
      payload: { name: 'Liga editada', storeId: store.id, startDate: '2026-02-02' },
    })),
    leagueWrite('DELETE /api/leagues/:id', {}, (id) => ({ method: 'DELETE', url: `/api/leagues/${id}` })),
    leagueWrite('POST /api/leagues/:id/restore', { deleted: true }, (id) => ({
      method: 'POST',
      url: `/api/leagues/${id}/restore`,
    })),
    leagueWrite('POST /api/leagues/:id/finish', {}, (id) => ({
      method: 'POST',
      url: `/api/leagues/${id}/finish`,
    })),
    leagueWrite('POST /api/leagues/:id/participants', {}, (id) => ({
      method: 'POST',
      url: `/api/leagues/${id}/participants`,
      payload: { userId: member.id },
    })),
    leagueWrite(
      'DELETE /api/leagues/:id/participants/:userId (another player)',
      { members: [member] },
      (id) => ({
        method: 'DELETE',
        url: `/api/leagues/${id}/participants/${member.id}`,
      }),
    ),
    [
      'POST /api/leagues/:id/join',
      everyone,
      async () => {
        const id = await newLeague();
        return { call: { method: 'POST', url: `/api/leagues/${id}/join` }, state: () => leagueState(id) };
      },
    ],
  ];

  it.each(writes)('%s', async (_name, expected, prepare) => {
    for (const role of COMMUNITY_ROLES) {
      const { call, state } = await prepare();
      const before = await state();
      const res = await injectAs(app, who[role], call);
      expect(res.statusCode, role).toBe(expected[role]);
      if (res.statusCode >= 400) expect(await state(), `${role} changed nothing`).toEqual(before);
    }
  });

  it('DELETE /api/leagues/:id/participants/:userId: every participant may leave', async () => {
    for (const role of COMMUNITY_ROLES) {
      const user = who[role];
      const id = await newLeague({ members: user ? [user] : [] });
      const res = await injectAs(app, user, {
        method: 'DELETE',
        url: `/api/leagues/${id}/participants/${user?.id ?? member.id}`,
      });
      expect(res.statusCode, role).toBe(role === 'anon' ? 401 : 200);
    }
  });

  it('POST /api/seasons and POST /api/seasons/:id/close: admins only', async () => {
    const seasons = async () => (await injectAs(app, admin, { method: 'GET', url: '/api/seasons' })).json();
    // The rankings' cells above run in an open season: only one may be open at a time.
    const running = (await seasons()).find((s: { current: boolean }) => s.current);
    if (running) await injectAs(app, admin, { method: 'POST', url: `/api/seasons/${running.id}/close` });
    const before = await seasons();
    for (const role of COMMUNITY_ROLES) {
      const res = await injectAs(app, who[role], {
        method: 'POST',
        url: '/api/seasons',
        payload: { name: 'Temporada de la matriz', startsOn: '2090-01-01', endsOn: '2090-12-31' },
      });
      expect(res.statusCode, role).toBe(adminsOnly(201)[role]);
      if (role !== 'admin') expect(await seasons()).toEqual(before);
    }
    const open = (await seasons()).find((s: { current: boolean }) => s.current);
    for (const role of COMMUNITY_ROLES) {
      const state = await seasons();
      const res = await injectAs(app, who[role], { method: 'POST', url: `/api/seasons/${open.id}/close` });
      expect(res.statusCode, role).toBe(adminsOnly(200)[role]);
      if (role !== 'admin') expect(await seasons()).toEqual(state);
    }
  });
});
