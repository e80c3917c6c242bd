import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import { usernameSkeleton } from '@mitos/domain/username-skeleton';
import { users } from '../src/db/schema/index';
import { backfillUsernameSkeletons } from '../src/users/repository';
import { buildTestApp, expectErrorShape, injectAs, createUser } from './helpers';

const { app, database } = await buildTestApp();

let sequence = 0;
function register(username: string) {
  sequence += 1;
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    // Each registration from its own address: the per-address budget is tested elsewhere.
    remoteAddress: `10.20.${Math.floor(sequence / 250)}.${sequence % 250}`,
    payload: { username, email: `nombre${sequence}@example.com`, password: 'secreto1' },
  });
}

describe('look-alike usernames', () => {
  it('refuses a name that looks like an existing one, whatever script or width it is written in', async () => {
    expect((await register('alice')).statusCode).toBe(201);
    for (const name of ['аlice', 'ａｌｉｃｅ', 'Аlice', 'ALICE', 'alіce']) {
      const res = await register(name);
      expect(res.statusCode, name).toBe(409);
      expectErrorShape(res.json());
      expect(res.json().message).toBe(MSG.usernameTaken);
    }
    const rows = await database.db
      .select()
      .from(users)
      .where(sql`${users.usernameSkeleton} = ${usernameSkeleton('alice')}`);
    expect(rows.map((r) => r.username)).toEqual(['alice']);
  });

  it('stores names in NFKC and keeps names written wholly in another script', async () => {
    const wide = await register('ｂｅｔｏ_９');
    expect(wide.statusCode).toBe(201);
    expect(wide.json().user.username).toBe('beto_9');
    for (const name of ['Дмитрий', 'Σωκράτης']) {
      const res = await register(name);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().user.username).toBe(name);
    }
  });

  it('refuses names made of or containing invisible fillers with a Spanish message', async () => {
    for (const name of [
      'ㅤㅤㅤ',
      '\u115f\u115f\u115f',
      '\u1160\u1160\u1160',
      '\uffa0\uffa0\uffa0',
      'anaㅤ',
    ]) {
      const res = await register(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      const body = res.json();
      expectErrorShape(body);
      expect(body.message).toBe(MSG.usernameInvisible);
    }
    const blank = await register('\u2800\u2800\u2800');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MSG.usernameChars);
  });

  it('lets only one of two look-alikes registering at once through (unique index)', async () => {
    const results = await Promise.all([register('pablo'), register('раblо')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('finds a name searched in fullwidth letters', async () => {
    const viewer = await createUser(database);
    await register('gaston');
    const res = await injectAs(app, viewer, { method: 'GET', url: '/api/users/search?q=ｇａｓｔｏｎ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: { username: string }) => u.username)).toContain('gaston');
  });
});

describe('skeletons of users from before the rule', () => {
  it('are filled at start; the oldest of a group of look-alikes keeps the name, no new one can join', async () => {
    // As migration 0003 leaves them: no skeleton yet, and two that look alike.
    const inserted = await database.db
      .insert(users)
      .values([
        { username: 'carla', email: 'carla@example.com', passwordHash: 'x' },
        { username: 'cаrla', email: 'carla2@example.com', passwordHash: 'x' },
        { username: 'dario', email: 'dario@example.com', passwordHash: 'x' },
      ])
      .returning();
    const [carla, lookAlike, dario] = inserted;
    const first = await backfillUsernameSkeletons(database.db);
    expect(first.lookAlikes).toEqual([lookAlike!.id]);
    expect(first.filled).toBeGreaterThanOrEqual(2);
    const stored = async (id: number) =>
      (await database.db.select().from(users).where(eq(users.id, id)))[0]!.usernameSkeleton;
    expect(await stored(carla!.id)).toBe(usernameSkeleton('carla'));
    expect(await stored(lookAlike!.id)).toBeNull();
    expect(await stored(dario!.id)).toBe(usernameSkeleton('dario'));
    // Running again changes nothing; a third look-alike is refused.
    expect(await backfillUsernameSkeletons(database.db)).toEqual({ filled: 0, lookAlikes: [lookAlike!.id] });
    expect((await register('carlа')).statusCode).toBe(409);
    expect((await register('dаrio')).statusCode).toBe(409);
  });
});
