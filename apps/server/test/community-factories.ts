import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { leagues, seasons, storeOrganisers, stores } from '../src/db/schema/index';
import { allStandings } from '../src/rankings/tallies';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TStore } from '@mitos/domain/community';
import { injectAs, type TestUser } from './helpers';

/** A tiny valid PNG (1×1). */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

let storeSequence = 0;

/** A store created by the admin, with these organisers. */
export async function createStore(
  app: FastifyInstance,
  admin: TestUser,
  organisers: readonly TestUser[] = [],
  values: Record<string, unknown> = {},
): Promise<TStore> {
  storeSequence += 1;
  const res = await injectAs(app, admin, {
    method: 'POST',
    url: '/api/stores',
    payload: { name: `Tienda ${storeSequence} ${Date.now()}`, neighborhood: 'Palermo', ...values },
  });
  expect(res.statusCode, res.body).toBe(201);
  const store = res.json<TStore>();
  if (organisers.length === 0) return store;
  const set = await injectAs(app, admin, {
    method: 'PUT',
    url: `/api/stores/${store.id}/organisers`,
    payload: { userIds: organisers.map((o) => o.id) },
  });
  expect(set.statusCode, set.body).toBe(200);
  return set.json<TStore>();
}

export function uploadLogo(
  app: FastifyInstance,
  user: TestUser | null,
  storeId: number,
  contentType: string,
  body: Buffer | string,
) {
  return injectAs(app, user, {
    method: 'PUT',
    url: `/api/stores/${storeId}/logo`,
    headers: { 'content-type': contentType },
    payload: body,
  });
}

/**
 * Stores, seasons and leagues written straight into the database: the tests of matches and
 * rankings need them without going through the stores API.
 */

let sequence = 0;

/** A store inserted directly (no admin needed), with its organisers' ids. */
export async function insertStore(
  database: Database,
  values: { name?: string; active?: boolean; organisers?: readonly number[] } = {},
): Promise<{ id: number; name: string }> {
  sequence += 1;
  const [store] = await database.db
    .insert(stores)
    .values({
      name: values.name ?? `Tienda ${sequence}`,
      neighborhood: 'Palermo',
      active: values.active ?? true,
    })
    .returning({ id: stores.id, name: stores.name });
  for (const userId of values.organisers ?? [])
    await database.db.insert(storeOrganisers).values({ storeId: store!.id, userId });
  return store!;
}

export async function createSeason(
  database: Database,
  values: { name?: string; startsOn: string; endsOn: string; closed?: boolean },
): Promise<{ id: number; name: string }> {
  sequence += 1;
  const [season] = await database.db
    .insert(seasons)
    .values({
      name: values.name ?? `Temporada ${sequence}`,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      closedAt: values.closed ? new Date() : null,
    })
    .returning({ id: seasons.id, name: seasons.name });
  return season!;
}

export async function createLeague(
  database: Database,
  values: { storeId: number; name?: string; finished?: boolean; deleted?: boolean },
): Promise<{ id: number; name: string }> {
  sequence += 1;
  const [league] = await database.db
    .insert(leagues)
    .values({
      name: values.name ?? `Liga ${sequence}`,
      storeId: values.storeId,
      startsOn: '2020-01-01',
      finishedAt: values.finished ? new Date() : null,
      deletedAt: values.deleted ? new Date() : null,
    })
    .returning({ id: leagues.id, name: leagues.name });
  return league!;
}

/** The match's season as stored. */
export async function seasonOfMatch(database: Database, matchId: number): Promise<number | null> {
  const result = (await database.db.execute(
    sql`select season_id from matches where id = ${matchId}`,
  )) as unknown as {
    rows: { season_id: number | null }[];
  };
  const value = result.rows[0]?.season_id;
  return value === null || value === undefined ? null : Number(value);
}

/** One player's line in a season's ranking (store 0: Ranking General), or null. */
export async function standingOf(database: Database, seasonId: number, storeId: number, userId: number) {
  const line = (await allStandings(database.db)).find(
    (l) => l.seasonId === seasonId && l.storeId === storeId && l.userId === userId,
  );
  return line ? { matches: line.matches, wins: line.wins, points: line.points } : null;
}

/** The current year's Buenos Aires dates around now, for a season holding today. */
export function thisYear(): { startsOn: string; endsOn: string } {
  const year = new Date().getUTCFullYear();
  return { startsOn: `${year - 1}-01-01`, endsOn: `${year + 1}-12-31` };
}
