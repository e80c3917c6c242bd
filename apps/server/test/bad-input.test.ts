import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { decks, users } from '../src/db/schema/index';
import { buildTestApp, createUser, expectErrorShape, injectAs } from './helpers';

const { app, database } = await buildTestApp();
const user = await createUser(database);

async function snapshot() {
  const [u] = await database.db.select({ n: count() }).from(users);
  const [d] = await database.db.select({ n: count() }).from(decks);
  return { users: u!.n, decks: d!.n };
}

const raw = (url: string, payload: string, contentType = 'application/json') =>
  injectAs(app, user, { method: 'POST', url, headers: { 'content-type': contentType }, payload });

describe('bad input never gives a 500 and changes nothing', () => {
  it.each([
    ['malformed JSON', '{"name": "x",', 400],
    ['a JSON array', '[1,2,3]', 400],
    ['a JSON string', '"hola"', 400],
    ['null', 'null', 400],
    ['a prototype-poisoning key', '{"name":"x","raza":"Dragon","__proto__":{"admin":true}}', 400],
    ['a constructor key', '{"name":"x","raza":"Dragon","constructor":{"prototype":{}}}', 400],
    ['deep nesting', `${'{"a":'.repeat(500)}1${'}'.repeat(500)}`, 400],
    ['a huge number', '{"name":"x","raza":"Dragon","description":1e400}', 400],
  ])('POST /api/decks with %s', async (_label, payload, status) => {
    const before = await snapshot();
    const res = await raw('/api/decks', payload);
    expect(res.statusCode).toBe(status);
    expectErrorShape(res.json());
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body over the limit with 413', async () => {
    const before = await snapshot();
    const res = await raw(
      '/api/decks',
      JSON.stringify({ name: 'x', raza: 'Dragon', description: 'y'.repeat(1_048_576) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La solicitud es demasiado grande');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await raw('/api/decks', 'name=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expectErrorShape(res.json());
  });

  it('treats unicode oddities as text, and refuses names that are only invisible characters', async () => {
    const invisible = await injectAs(app, user, {
      method: 'POST',
      url: '/api/decks',
      payload: { name: '\u200b\u200b\ufeff', raza: 'Dragon' },
    });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().message).toBe('El nombre del mazo es obligatorio');
    const emoji = await injectAs(app, user, {
      method: 'POST',
      url: '/api/decks',
      payload: {
        name: "🐉 Dragón'; drop table decks;--",
        raza: 'Dragon',
        description: '<img src=x onerror=alert(1)>',
      },
    });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().name).toBe("🐉 Dragón'; drop table decks;--");
    expect(emoji.json().description).toBe('<img src=x onerror=alert(1)>');
    const nul = await injectAs(app, user, {
      method: 'POST',
      url: '/api/decks',
      payload: { name: 'a\u0000b', raza: 'Dragon' },
    });
    expect(nul.statusCode).toBe(201);
    expect(nul.json().name).toBe('ab');
  });

  it('refuses unknown query parameters types and an unknown API path with the error shape', async () => {
    const search = await injectAs(app, user, {
      method: 'GET',
      url: `/api/users/search?q=${'a'.repeat(500)}`,
    });
    expect(search.statusCode).toBe(400);
    expectErrorShape(search.json());
    const missing = await injectAs(app, user, { method: 'GET', url: '/api/no-existe' });
    expect(missing.statusCode).toBe(404);
    expectErrorShape(missing.json());
  });
});
