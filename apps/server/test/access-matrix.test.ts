import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs, type TestUser } from './helpers';
import { createSeason, createStore, thisYear } from './community-factories';

/**
 * Every endpoint against every kind of caller: signed out, another player, a player of the
 * match, its creator, an admin. Where access is refused, nothing may change.
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
const store = await createStore(database, { organisers: [organiser.id] });
await createStore(database, { organisers: [elsewhere.id] });
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
      'GET /api/auth/me',
      () => '/api/auth/me',
      { anon: 401, other: 200, player: 200, creator: 200, admin: 200 },
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
