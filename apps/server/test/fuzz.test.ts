import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { buildTestApp, createUser, injectAs } from './helpers';

/**
 * Random and hostile input against every JSON endpoint and query string: never a 5xx, always
 * the one error shape with a message, and the database exactly as it was after a refusal.
 */
const { app, database } = await buildTestApp();
const user = await createUser(database);
const rival = await createUser(database);
const deck = (
  await injectAs(app, user, { method: 'POST', url: '/api/decks', payload: { name: 'Base', raza: 'Heroe' } })
).json();
await injectAs(app, rival, { method: 'POST', url: '/api/decks', payload: { name: 'Base', raza: 'Heroe' } });
const match = (
  await injectAs(app, user, {
    method: 'POST',
    url: '/api/matches',
    payload: {
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [user.id],
      team2_players: [rival.id],
      team1_decks: [deck.id],
      team2_decks: [(await injectAs(app, rival, { method: 'GET', url: '/api/decks' })).json()[0].id],
      team1_score: 1,
      team2_score: 0,
    },
  })
).json();

async function fingerprint(): Promise<string> {
  const rows = await queryRows<{ t: string; n: number; h: string | null }>(
    database.db,
    sql`select 'users' as t, count(*)::int as n, md5(string_agg(username || email || role, ',' order by id)) as h from users
        union all select 'decks', count(*)::int, md5(string_agg(name || raza || coalesce(description, '') || is_default::text, ',' order by id)) from decks
        union all select 'matches', count(*)::int, md5(string_agg(approval_status || coalesce(status, ''), ',' order by id)) from matches
        union all select 'match_players', count(*)::int, md5(string_agg(approval_status, ',' order by match_id, user_id)) from match_players
        union all select 'match_events', count(*)::int, null from match_events`,
  );
  return JSON.stringify(rows);
}

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom(
    "'; drop table users; --",
    '<img src=x onerror=alert(1)>',
    '\u0000',
    '\u202e\u200b\ufeff',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🐉',
    'a'.repeat(5_000),
    '%00%27',
    '{{constructor}}',
    '../../etc/passwd',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(1e308, -1, 0, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

function bodyFor(keys: readonly string[]) {
  return fc.oneof(
    hostileValue,
    fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }),
  );
}

async function expectRefusalShape(res: { statusCode: number; json(): unknown; body: string }) {
  expect(res.statusCode).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = res.json() as { success: unknown; error: unknown; message: unknown };
    expect(body.success).toBe(false);
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    expect(res.body).not.toMatch(/\bat .+\.ts:\d+|stack|SELECT |syntax error at/i);
  }
}

const endpoints: { name: string; method: 'POST' | 'PUT'; url: string; keys: string[]; asUser: boolean }[] = [
  {
    name: 'register',
    method: 'POST',
    url: '/api/auth/register',
    keys: ['username', 'email', 'password'],
    asUser: false,
  },
  { name: 'login', method: 'POST', url: '/api/auth/login', keys: ['email', 'password'], asUser: false },
  {
    name: 'create deck',
    method: 'POST',
    url: '/api/decks',
    keys: ['name', 'raza', 'description'],
    asUser: true,
  },
  {
    name: 'update deck',
    method: 'PUT',
    url: `/api/decks/${deck.id}`,
    keys: ['name', 'raza', 'description'],
    asUser: true,
  },
  {
    name: 'create match',
    method: 'POST',
    url: '/api/matches',
    keys: [
      'match_mode',
      'tier',
      'team1_players',
      'team2_players',
      'team1_decks',
      'team2_decks',
      'team1_score',
      'team2_score',
      'winning_team',
      'highlights',
      'matchMode',
      'team1Players',
    ],
    asUser: true,
  },
  {
    name: 'handle rejection',
    method: 'POST',
    url: `/api/matches/${match.id}/handle-rejection`,
    keys: ['action'],
    asUser: true,
  },
  {
    name: 'close rejected',
    method: 'POST',
    url: `/api/matches/${match.id}/close-rejected`,
    keys: ['status'],
    asUser: true,
  },
];

describe.each(endpoints)('$name with random bodies', ({ method, url, keys, asUser }) => {
  it('never answers 5xx and changes nothing when it refuses', async () => {
    await fc.assert(
      fc.asyncProperty(bodyFor(keys), async (body) => {
        const before = await fingerprint();
        const res = await injectAs(app, asUser ? user : null, {
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        await expectRefusalShape(res);
        if (res.statusCode >= 400) expect(await fingerprint()).toBe(before);
      }),
      { numRuns: 40 },
    );
  });
});

describe('raw bodies', () => {
  it('never answers 5xx on arbitrary bytes, duplicate keys or deep nesting', async () => {
    const raw = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '{"name":"a","name":"b","raza":"Dragon","raza":"Elfo"}',
        `${'['.repeat(2000)}${']'.repeat(2000)}`,
        '{"__proto__":{"polluted":1},"name":"x","raza":"Dragon"}',
        '\ufeff{"name":"x"}',
        '{"name":"x","raza":"Dragon"}garbage',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        raw,
        fc.constantFrom('/api/decks', '/api/matches', '/api/auth/login'),
        async (payload, url) => {
          const before = await fingerprint();
          const res = await injectAs(app, user, {
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          await expectRefusalShape(res);
          if (res.statusCode >= 400) expect(await fingerprint()).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('query strings and path ids', () => {
  it('never answers 5xx on random query parameters', async () => {
    const params = fc.dictionary(
      fc.constantFrom('q', 'limit', 'before', 'from', 'to', 'team1', 'team2', 'x'),
      hostileString,
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/users/search',
          '/api/matches/all-approved',
          '/api/matches/me',
          '/api/matches/pending',
        ),
        params,
        async (path, query) => {
          const res = await injectAs(app, user, { method: 'GET', url: path, query });
          await expectRefusalShape(res);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('never answers 5xx on random ids in paths', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/users/',
          '/api/decks/user/',
          '/api/decks/default/',
          '/api/matches/',
          '/api/matches/me/',
        ),
        fc.oneof(fc.string(), fc.bigInt().map(String), fc.double().map(String)),
        async (prefix, id) => {
          const res = await injectAs(app, user, { method: 'GET', url: `${prefix}${encodeURIComponent(id)}` });
          await expectRefusalShape(res);
        },
      ),
      { numRuns: 80 },
    );
  });
});
