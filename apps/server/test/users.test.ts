import { describe, expect, it } from 'vitest';
import { buildTestApp, createUser, expectErrorShape, injectAs } from './helpers';

const { app, database } = await buildTestApp();
const ana = await createUser(database, { username: 'Ana' });
const anabel = await createUser(database, { username: 'anabel' });
const juliana = await createUser(database, { username: 'Juliana' });
const bruno = await createUser(database, { username: 'bruno_50%' });

const search = (q: string) =>
  injectAs(app, ana, { method: 'GET', url: `/api/users/search?q=${encodeURIComponent(q)}` }).then((r) =>
    r.json(),
  );

describe('users', () => {
  it('require a session', async () => {
    for (const url of [
      '/api/users',
      '/api/users/search?q=a',
      `/api/users/${ana.id}`,
      `/api/users/${ana.id}/stats`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
      expectErrorShape(res.json());
    }
  });

  it('lists id and username only', async () => {
    const list = await injectAs(app, ana, { method: 'GET', url: '/api/users' });
    expect(list.json()).toEqual(
      expect.arrayContaining([
        { id: ana.id, username: 'Ana' },
        { id: bruno.id, username: 'bruno_50%' },
      ]),
    );
    expect(JSON.stringify(list.json())).not.toContain('@');
  });

  it('searches by id, by @username, and by name with prefix matches first', async () => {
    expect(await search(String(juliana.id))).toEqual([{ id: juliana.id, username: 'Juliana' }]);
    expect(await search('999999')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search('@')).toEqual([]);
    expect(await search('\u0000')).toEqual([]);
    const byAt = await search('@ana');
    expect(byAt.map((u: { username: string }) => u.username)).toEqual(['Ana', 'anabel', 'Juliana']);
    const byName = await search('ANA');
    expect(byName[0].username).toBe('Ana');
    expect(byName.map((u: { username: string }) => u.username)).toContain('Juliana');
    // LIKE wildcards in the text are literal.
    expect((await search('%')).map((u: { username: string }) => u.username)).toEqual(['bruno_50%']);
    expect((await search('_')).map((u: { username: string }) => u.username)).toEqual(['bruno_50%']);
  });

  it('caps results at 20', async () => {
    await Promise.all(Array.from({ length: 25 }, (_, i) => createUser(database, { username: `zeta${i}` })));
    expect(await search('zeta')).toHaveLength(20);
  });

  it('shows a public profile without email, and 404 for an unknown id', async () => {
    const res = await injectAs(app, anabel, { method: 'GET', url: `/api/users/${ana.id}` });
    expect(res.json()).toEqual({
      id: ana.id,
      username: 'Ana',
      created_at: expect.any(String),
      role: 'player',
    });
    const missing = await injectAs(app, ana, { method: 'GET', url: '/api/users/987654' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Usuario no encontrado');
    const bad = await injectAs(app, ana, { method: 'GET', url: '/api/users/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives empty statistics to a new player', async () => {
    const res = await injectAs(app, ana, { method: 'GET', url: `/api/users/${anabel.id}/stats` });
    expect(res.json()).toEqual({
      matches: 0,
      wins: 0,
      losses: 0,
      winRate: 0,
      approvalRate: 100,
      approvalHealth: 'Excelente',
    });
  });
});
