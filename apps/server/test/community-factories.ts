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
