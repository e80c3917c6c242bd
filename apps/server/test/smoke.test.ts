import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, injectAs } from './helpers';

describe('app', () => {
  it('answers health with the database kind', async () => {
    const { app, database } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: database.kind });
    const user = await createUser(database);
    const decks = await injectAs(app, user, { method: 'GET', url: '/api/decks' });
    expect(decks.json()).toEqual([]);
  });
});
