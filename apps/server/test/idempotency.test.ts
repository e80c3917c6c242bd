import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG } from '@mitos/domain/messages';
import type { TMatch } from '@mitos/domain/matches';
import { queryRows } from '../src/db/client';
import { purgeKeys } from '../src/requests/keys';
import { buildTestApp, expectErrorShape, injectAs, type TestApp, type TestUser } from './helpers';
import { body1v1, createPlayer, recordMatch, type Player } from './matches-factories';

/** Idempotency-Key on creating, approving and rejecting a match (docs/decisions/018). */

let sequence = 0;
/** A fresh well-formed key (the web sends a UUID without dashes). */
const newKey = () => `clave${Date.now().toString(36)}x${(sequence += 1).toString().padStart(8, '0')}`;

function post(t: TestApp, user: TestUser, url: string, key: string | undefined, payload?: object) {
  return injectAs(t.app, user, {
    method: 'POST',
    url,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });
}

const create = (t: TestApp, user: Player, opponent: Player, key: string | undefined, overrides = {}) =>
  post(t, user, '/api/matches', key, body1v1(user, opponent, overrides));

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, query);
  return Number(row?.n);
}

const matchesBy = (t: TestApp, user: Player) =>
  count(t, sql`select count(*)::int as n from matches where created_by = ${user.id}`);
const eventsOf = (t: TestApp, matchId: number) =>
  count(t, sql`select count(*)::int as n from match_events where match_id = ${matchId}`);
const keysOf = (t: TestApp, user: Player) =>
  count(t, sql`select count(*)::int as n from request_keys where user_id = ${user.id}`);

describe('Idempotency-Key', () => {
  let t: TestApp;
  let ana: Player;
  let bruno: Player;
  let carla: Player;

  beforeAll(async () => {
    t = await buildTestApp();
    ana = await createPlayer(t.database, { username: 'ana' });
    bruno = await createPlayer(t.database, { username: 'bruno' });
    carla = await createPlayer(t.database, { username: 'carla' });
  });
  afterAll(() => t.close());

  describe('creating a match', () => {
    it('answers a repeat with the same match (201) and records it once, with no second event', async () => {
      const key = newKey();
      const before = await matchesBy(t, ana);
      const first = await create(t, ana, bruno, key);
      expect(first.statusCode).toBe(201);
      const match = first.json<TMatch>();
      const events = await eventsOf(t, match.id);

      const again = await create(t, ana, bruno, key);
      expect(again.statusCode).toBe(201);
      expect(again.json<TMatch>().id).toBe(match.id);
      expect(await matchesBy(t, ana)).toBe(before + 1);
      expect(await eventsOf(t, match.id)).toBe(events);
    });

    it('answers the match as it is now, not as it was first answered', async () => {
      const key = newKey();
      const match = (await create(t, ana, bruno, key)).json<TMatch>();
      expect(match.approval_status).toBe('pending');
      expect((await post(t, bruno, `/api/matches/${match.id}/approve`, undefined)).statusCode).toBe(200);
      const again = await create(t, ana, bruno, key);
      expect(again.statusCode).toBe(201);
      expect(again.json<TMatch>()).toMatchObject({ id: match.id, approval_status: 'approved' });
    });

    it('without a key, behaves as before: two sends are two matches', async () => {
      const before = await matchesBy(t, ana);
      const a = await create(t, ana, bruno, undefined);
      const b = await create(t, ana, bruno, undefined);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json<TMatch>().id).not.toBe(b.json<TMatch>().id);
      expect(await matchesBy(t, ana)).toBe(before + 2);
    });

    it("scopes keys per user: another player's same key records their own match", async () => {
      const key = newKey();
      const mine = await create(t, ana, bruno, key);
      const theirs = await create(t, bruno, ana, key);
      expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
      expect(theirs.json<TMatch>().id).not.toBe(mine.json<TMatch>().id);
      expect(theirs.json<TMatch>().created_by).toBe(bruno.id);
    });

    it('does not use up the key of a send refused with a 4xx: the corrected send records the match', async () => {
      const key = newKey();
      const before = await matchesBy(t, ana);
      // Refused inside the transaction (the deck is not bruno's), after the key was claimed.
      const refused = await create(t, ana, bruno, key, { team2_decks: [carla.deck.id] });
      expect(refused.statusCode).toBe(400);
      expectErrorShape(refused.json());
      expect(await matchesBy(t, ana)).toBe(before);
      const keys = await keysOf(t, ana);
      const res = await create(t, ana, bruno, key);
      expect(res.statusCode).toBe(201);
      expect(await matchesBy(t, ana)).toBe(before + 1);
      expect(await keysOf(t, ana)).toBe(keys + 1);
    });

    it('refuses a malformed key with 400 in the error shape, recording nothing', async () => {
      const before = await matchesBy(t, ana);
      for (const key of ['corta', 'x'.repeat(65), 'con espacios y más 1234', 'clave/con/barras-1234']) {
        const res = await create(t, ana, bruno, key);
        expect(res.statusCode, key).toBe(400);
        const body = res.json();
        expectErrorShape(body);
        expect(body.message).toBe(MSG.idempotencyKeyInvalid);
      }
      // Also when the body is bad too: the key is named, not a field of the body.
      const both = await post(t, ana, '/api/matches', 'corta', { match_mode: '1v1' });
      expect(both.statusCode).toBe(400);
      expect(both.json<{ message: string }>().message).toBe(MSG.idempotencyKeyInvalid);
      expect(await matchesBy(t, ana)).toBe(before);
    });

    it('records one match for concurrent sends of one key, each answered with it', async () => {
      const key = newKey();
      const before = await matchesBy(t, ana);
      const answers = await Promise.all(Array.from({ length: 4 }, () => create(t, ana, bruno, key)));
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((r) => r.json<TMatch>().id)).size).toBe(1);
      expect(await matchesBy(t, ana)).toBe(before + 1);
      expect(await eventsOf(t, answers[0]!.json<TMatch>().id)).toBe(2);
    });
  });

  describe('approving and rejecting', () => {
    it('answers a repeated approval with the match (200) and writes no second event', async () => {
      const match = await recordMatch(t.app, ana, ana, bruno);
      const key = newKey();
      const url = `/api/matches/${match.id}/approve`;
      const first = await post(t, bruno, url, key);
      expect(first.statusCode).toBe(200);
      expect(first.json<TMatch>().approval_status).toBe('approved');
      const events = await eventsOf(t, match.id);
      const again = await post(t, bruno, url, key);
      expect(again.statusCode).toBe(200);
      expect(again.json<TMatch>()).toMatchObject({ id: match.id, approval_status: 'approved' });
      expect(await eventsOf(t, match.id)).toBe(events);
    });

    it('answers a repeated rejection with the match as it is now', async () => {
      const match = await recordMatch(t.app, ana, ana, bruno);
      const key = newKey();
      const url = `/api/matches/${match.id}/reject`;
      expect((await post(t, bruno, url, key)).statusCode).toBe(200);
      const events = await eventsOf(t, match.id);
      const again = await post(t, bruno, url, key);
      expect(again.statusCode).toBe(200);
      expect(again.json<TMatch>()).toMatchObject({ id: match.id, approval_status: 'rejected' });
      expect(await eventsOf(t, match.id)).toBe(events);
    });

    it('replays concurrent approvals with one key once', async () => {
      const match = await recordMatch(t.app, ana, ana, bruno);
      const key = newKey();
      const url = `/api/matches/${match.id}/approve`;
      const events = await eventsOf(t, match.id);
      const answers = await Promise.all([post(t, bruno, url, key), post(t, bruno, url, key)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(answers.map((r) => r.json<TMatch>().approval_status)).toEqual(['approved', 'approved']);
      expect(await eventsOf(t, match.id)).toBe(events + 1);
    });

    it('refuses a key used for another action, or for another match, with 422', async () => {
      const one = await recordMatch(t.app, ana, ana, bruno);
      const two = await recordMatch(t.app, ana, ana, bruno);
      const key = newKey();
      expect((await post(t, bruno, `/api/matches/${one.id}/approve`, key)).statusCode).toBe(200);
      const tries = [
        post(t, bruno, `/api/matches/${one.id}/reject`, key),
        post(t, bruno, `/api/matches/${two.id}/approve`, key),
        create(t, bruno, ana, key),
      ];
      for (const res of await Promise.all(tries)) {
        expect(res.statusCode).toBe(422);
        const body = res.json();
        expectErrorShape(body);
        expect(body.message).toBe(MSG.idempotencyKeyReused);
      }
      // Nothing changed: the second match is still waiting for bruno.
      const [row] = await queryRows<{ s: string }>(
        t.database.db,
        sql`select approval_status as s from matches where id = ${two.id}`,
      );
      expect(row?.s).toBe('pending');
      // A creation's key cannot answer a match either.
      const created = newKey();
      expect((await create(t, bruno, ana, created)).statusCode).toBe(201);
      expect((await post(t, bruno, `/api/matches/${two.id}/approve`, created)).statusCode).toBe(422);
    });

    it('does not use up the key of a refused answer', async () => {
      const match = await recordMatch(t.app, ana, ana, bruno);
      const key = newKey();
      // carla does not play: refused, and her key stays free.
      const refused = await post(t, carla, `/api/matches/${match.id}/approve`, key);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(await keysOf(t, carla)).toBe(0);
      const missing = await post(t, carla, '/api/matches/999999/approve', key);
      expect(missing.statusCode).toBe(404);
      expect(await keysOf(t, carla)).toBe(0);
    });

    it('refuses a malformed key on approve and reject with 400, changing nothing', async () => {
      const match = await recordMatch(t.app, ana, ana, bruno);
      for (const action of ['approve', 'reject']) {
        const res = await post(t, bruno, `/api/matches/${match.id}/${action}`, 'no válida!');
        expect(res.statusCode).toBe(400);
        const body = res.json();
        expectErrorShape(body);
        expect(body.message).toBe(MSG.idempotencyKeyInvalid);
      }
      const res = await injectAs(t.app, bruno, { method: 'GET', url: `/api/matches/${match.id}` });
      expect(res.json<TMatch>().approval_status).toBe('pending');
    });
  });

  describe('lifetime', () => {
    it('purges keys older than 30 days, after which the key acts again', async () => {
      const dan = await createPlayer(t.database, { username: 'dan' });
      const old = newKey();
      const young = newKey();
      expect((await create(t, dan, ana, old)).statusCode).toBe(201);
      expect((await create(t, dan, ana, young)).statusCode).toBe(201);
      await queryRows(
        t.database.db,
        sql`update request_keys set created_at = now() - interval '31 days' where user_id = ${dan.id} and key = ${old}`,
      );
      await queryRows(
        t.database.db,
        sql`update request_keys set created_at = now() - interval '29 days' where user_id = ${dan.id} and key = ${young}`,
      );
      expect(await purgeKeys(t.database.db)).toBeGreaterThanOrEqual(1);
      const [left] = await queryRows<{ keys: string[] }>(
        t.database.db,
        sql`select coalesce(array_agg(key), '{}') as keys from request_keys where user_id = ${dan.id}`,
      );
      expect(left?.keys).toEqual([young]);
      expect(await matchesBy(t, dan)).toBe(2);
      expect((await create(t, dan, ana, old)).statusCode).toBe(201);
      expect(await matchesBy(t, dan)).toBe(3);
      expect((await create(t, dan, ana, young)).statusCode).toBe(201);
      expect(await matchesBy(t, dan)).toBe(3);
    });
  });

  it('is documented in the OpenAPI document on the three actions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    }>();
    for (const path of ['/api/matches', '/api/matches/{id}/approve', '/api/matches/{id}/reject']) {
      const parameters = doc.paths[path]?.post?.parameters ?? [];
      expect(parameters, path).toContainEqual(
        expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
      );
    }
  });
});

describe('Idempotency-Key and the creation limits (decision 012)', () => {
  let t: TestApp;
  let ana: Player;
  let bruno: Player;

  beforeAll(async () => {
    t = await buildTestApp({ matchLimits: { perHour: 2, pendingPerOpponent: 100 } });
    ana = await createPlayer(t.database, { username: 'ana' });
    bruno = await createPlayer(t.database, { username: 'bruno' });
  });
  afterAll(() => t.close());

  it('replays a key after the limit is reached, and does not count replays', async () => {
    const first = newKey();
    const answers = [];
    answers.push(await create(t, ana, bruno, first));
    // Replays of the first do not use up the hour's second recording.
    answers.push(await create(t, ana, bruno, first));
    answers.push(await create(t, ana, bruno, first));
    answers.push(await create(t, ana, bruno, newKey()));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const refused = await create(t, ana, bruno, newKey());
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toBe(MSG.tooManyMatchesCreated(2));
    const replay = await create(t, ana, bruno, first);
    expect(replay.statusCode).toBe(201);
    expect(replay.json<TMatch>().id).toBe(answers[0]!.json<TMatch>().id);
    expect(await matchesBy(t, ana)).toBe(2);
  });
});
