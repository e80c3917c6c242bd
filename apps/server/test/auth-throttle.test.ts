import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { AuthThrottle } from '../src/auth/throttle';
import { DEFAULT_LIMITS } from '../src/auth/throttle-policy';
import { authThrottle } from '../src/db/schema/index';
import { openDatabase } from '../src/db/client';
import { MSG } from '@mitos/domain/messages';
import { buildTestApp, createUser, expectErrorShape, testConfig } from './helpers';

const { app, database } = await buildTestApp({ authRateLimit: 30, authAccountLimit: 100 });
// A small account budget, to try distributed guessing with few requests.
const strict = await buildTestApp({ authRateLimit: 30, authAccountLimit: 6 });

let registered = 0;
function login(target: typeof app, email: string, password: string, address: string) {
  return target.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    payload: { email, password },
  });
}
function register(address: string) {
  registered += 1;
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress: address,
    payload: {
      username: `nuevo${registered}`,
      email: `nuevo${registered}@example.com`,
      password: 'secreto1',
    },
  });
}
function expectTooMany(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  const body = res.json();
  expectErrorShape(body);
  expect(body.message).toBe(MSG.tooManyRequests);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sign-in throttling per account and address', () => {
  it('an attacker failing from one address does not lock the owner out of another address', async () => {
    const owner = await createUser(database);
    for (let i = 0; i < 10; i++) {
      expect((await login(app, owner.email, 'adivinando', '198.51.100.9')).statusCode).toBe(401);
    }
    // The attacker is slowed down, even if they now guessed right…
    expectTooMany(await login(app, owner.email, 'adivinando', '198.51.100.9'));
    expectTooMany(await login(app, owner.email, owner.password, '198.51.100.9'));
    // …while the owner, from their own address, signs in.
    const mine = await login(app, owner.email, owner.password, '203.0.113.5');
    expect(mine.statusCode).toBe(200);
  });

  it('lets ten parallel guesses at most reach the password check', async () => {
    const owner = await createUser(database);
    const results = await Promise.all(
      Array.from({ length: 14 }, () => login(app, owner.email, 'adivinando', '198.51.100.20')),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('forgets the failures after the window and after a success', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const owner = await createUser(database);
    for (let i = 0; i < 9; i++) await login(app, owner.email, 'adivinando', '198.51.100.30');
    expect((await login(app, owner.email, owner.password, '198.51.100.30')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await login(app, owner.email, 'adivinando', '198.51.100.30');
    expectTooMany(await login(app, owner.email, owner.password, '198.51.100.30'));
    vi.setSystemTime(Date.now() + 15 * 60_000 + 1_000);
    expect((await login(app, owner.email, owner.password, '198.51.100.30')).statusCode).toBe(200);
  });

  it('past the account budget, guesses from new addresses stop but the owner’s known address signs in', async () => {
    const owner = await createUser(strict.database);
    // The owner signed in from home before the attack.
    expect((await login(strict.app, owner.email, owner.password, '203.0.113.77')).statusCode).toBe(200);
    // Distributed guessing: one attempt from each of many addresses (the budget here is 6).
    for (let i = 0; i < 6; i++) {
      const res = await login(strict.app, owner.email, 'adivinando', `192.0.2.${100 + i}`);
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await login(strict.app, owner.email, 'adivinando', '192.0.2.200'));
    expectTooMany(await login(strict.app, owner.email, owner.password, '192.0.2.201'));
    // A slowdown, not a lockout: the owner's known address still signs in, and so does every
    // address once the window is over.
    expect((await login(strict.app, owner.email, owner.password, '203.0.113.77')).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 + 1_000 });
    expect((await login(strict.app, owner.email, owner.password, '192.0.2.201')).statusCode).toBe(200);
  });
});

describe('per-address budget', () => {
  it('covers sign-in and registration together, with a Spanish 429', async () => {
    const address = '198.51.100.40';
    for (let i = 0; i < 20; i++) {
      expect((await login(app, `nadie${i}@example.com`, 'x1', address)).statusCode).toBe(401);
    }
    for (let i = 0; i < 10; i++) expect((await register(address)).statusCode).toBe(201);
    expectTooMany(await register(address));
    expectTooMany(await login(app, 'nadie@example.com', 'x1', address));
    // Another address is not affected.
    expect((await register('198.51.100.41')).statusCode).toBe(201);
  });

  it('counts an IPv6 /64 network as one address', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await login(app, `v6${i}@example.com`, 'x1', `2001:db8:5:6::${(i + 1).toString(16)}`);
      expect(res.statusCode).toBe(401);
    }
    expectTooMany(await login(app, 'v6@example.com', 'x1', '2001:db8:5:6:ffff::1'));
  });
});

describe('several app processes on one database', () => {
  it('share the counters', async () => {
    // A second app on the same database (its own connection pool on PostgreSQL).
    const url = (database as { url?: string }).url;
    const secondDb = url ? await openDatabase({ kind: 'postgres', url }) : database;
    const second = await buildApp({
      config: testConfig({ authRateLimit: 30, authAccountLimit: 100 }),
      database: secondDb,
      logger: false,
    });
    await second.ready();
    afterAll(async () => {
      await second.close();
      if (secondDb !== database) await secondDb.close();
    });
    const owner = await createUser(database);
    for (let i = 0; i < 5; i++) {
      expect((await login(app, owner.email, 'adivinando', '198.51.100.50')).statusCode).toBe(401);
      expect((await login(second, owner.email, 'adivinando', '198.51.100.50')).statusCode).toBe(401);
    }
    expectTooMany(await login(app, owner.email, owner.password, '198.51.100.50'));
    expectTooMany(await login(second, owner.email, owner.password, '198.51.100.50'));
    // The per-address budget too: 30 attempts in all, whichever process answers.
    for (let i = 0; i < 15; i++) {
      await login(app, `a${i}@example.com`, 'x1', '198.51.100.51');
      await login(second, `b${i}@example.com`, 'x1', '198.51.100.51');
    }
    expectTooMany(await login(second, 'c@example.com', 'x1', '198.51.100.51'));
  });
});

describe('the counters table', () => {
  it('keeps no email or address in the clear, and loses the rows of ended windows', async () => {
    const test = await buildTestApp();
    let now = Date.now();
    const throttle = new AuthThrottle(test.database.db, DEFAULT_LIMITS, () => now, 4);
    expect(await throttle.beforeLogin('privada@example.com', '198.51.100.60')).toBe('allow');
    const rows = await test.database.db.select().from(authThrottle);
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/privada|198\.51/);
    now += DEFAULT_LIMITS.windowMs + 1;
    expect(await throttle.beforeRegister('198.51.100.61')).toBe(true);
    expect(await test.database.db.select().from(authThrottle)).toHaveLength(1);
  });
});
