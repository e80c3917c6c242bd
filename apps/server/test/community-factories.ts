import type { Database } from '../src/db/client';
import { storeOrganisers, stores } from '../src/db/schema/index';
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

let insertSequence = 0;

/** A store inserted directly (no admin needed), with its organisers. */
export async function insertStore(
  database: Database,
  values: { name?: string; neighborhood?: string; organisers?: readonly { id: number }[] } = {},
): Promise<{ id: number; name: string }> {
  insertSequence += 1;
  const [store] = await database.db
    .insert(stores)
    .values({
      name: values.name ?? `Tienda ${insertSequence} ${Math.random().toString(36).slice(2, 6)}`,
      neighborhood: values.neighborhood ?? 'Palermo',
    })
    .returning({ id: stores.id, name: stores.name });
  for (const organiser of values.organisers ?? [])
    await database.db.insert(storeOrganisers).values({ storeId: store!.id, userId: organiser.id });
  return store!;
}
