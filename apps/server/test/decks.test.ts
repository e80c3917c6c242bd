import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decks } from '../src/db/schema/index';
import { buildTestApp, createUser, expectErrorShape, injectAs, type TestUser } from './helpers';

const { app, database } = await buildTestApp();

function createDeck(user: TestUser, payload: Record<string, unknown>) {
  return injectAs(app, user, { method: 'POST', url: '/api/decks', payload });
}
async function decksOf(userId: number) {
  return database.db.select().from(decks).where(eq(decks.userId, userId));
}

describe('decks', () => {
  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/decks'],
      ['POST', '/api/decks'],
      ['GET', '/api/decks/user/1'],
      ['GET', '/api/decks/default/1'],
      ['PUT', '/api/decks/1'],
      ['PUT', '/api/decks/1/default'],
      ['DELETE', '/api/decks/1'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(res.json());
    }
  });

  it('makes the first deck the default, lists default first then newest', async () => {
    const user = await createUser(database);
    const first = await createDeck(user, { name: '  Dragones  ', raza: 'Dragon', description: 'Aggro' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      name: 'Dragones',
      raza: 'Dragon',
      description: 'Aggro',
      is_default: true,
    });
    const second = await createDeck(user, { name: 'Faraones', raza: 'Faraon' });
    expect(second.json().is_default).toBe(false);
    const third = await createDeck(user, { name: 'Sin raza' });
    expect(third.json().raza).toBe('Olimpico');
    const list = await injectAs(app, user, { method: 'GET', url: '/api/decks' });
    expect(list.json().map((d: { name: string }) => d.name)).toEqual(['Dragones', 'Sin raza', 'Faraones']);
    const byUser = await injectAs(app, user, { method: 'GET', url: `/api/decks/user/${user.id}` });
    expect(byUser.json()).toEqual(list.json());
    const def = await injectAs(app, user, { method: 'GET', url: `/api/decks/default/${user.id}` });
    expect(def.json()).toMatchObject({ name: 'Dragones', is_default: true });
  });

  it('answers 404 for a user without a default deck or an unknown user', async () => {
    const user = await createUser(database);
    const none = await injectAs(app, user, { method: 'GET', url: `/api/decks/default/${user.id}` });
    expect(none.statusCode).toBe(404);
    expectErrorShape(none.json());
    const unknown = await injectAs(app, user, { method: 'GET', url: '/api/decks/user/999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuario no encontrado');
  });

  it('refuses a blank name, an unknown race and unknown fields, changing nothing', async () => {
    const user = await createUser(database);
    const blank = await createDeck(user, { name: '   ', raza: 'Dragon' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('El nombre del mazo es obligatorio');
    expect(blank.json().errors.name).toContain('El nombre del mazo es obligatorio');
    const race = await createDeck(user, { name: 'Mazo', raza: 'Elfo' });
    expect(race.statusCode).toBe(400);
    expect(race.json().message).toBe('La raza del mazo no es válida');
    const extra = await createDeck(user, { name: 'Mazo', raza: 'Dragon', is_default: true });
    expect(extra.statusCode).toBe(400);
    const wrongType = await createDeck(user, { name: 42, raza: 'Dragon' });
    expect(wrongType.statusCode).toBe(400);
    const huge = await createDeck(user, { name: 'x'.repeat(1_000_000), raza: 'Dragon' });
    expect([400, 413]).toContain(huge.statusCode);
    expectErrorShape(huge.json());
    expect(await decksOf(user.id)).toHaveLength(0);
  });

  it('keeps names unique per user ignoring case and surrounding spaces', async () => {
    const user = await createUser(database);
    const other = await createUser(database);
    await createDeck(user, { name: 'Caballeros', raza: 'Caballero' });
    const dup = await createDeck(user, { name: ' caBALLEROS ', raza: 'Heroe' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe un mazo con este nombre');
    const elsewhere = await createDeck(other, { name: 'Caballeros', raza: 'Caballero' });
    expect(elsewhere.statusCode).toBe(201);
    const sombra = await createDeck(user, { name: 'Sombras', raza: 'Sombra' });
    const rename = await injectAs(app, user, {
      method: 'PUT',
      url: `/api/decks/${sombra.json().id}`,
      payload: { name: 'CABALLEROS', raza: 'Sombra' },
    });
    expect(rename.statusCode).toBe(409);
    const keepOwnName = await injectAs(app, user, {
      method: 'PUT',
      url: `/api/decks/${sombra.json().id}`,
      payload: { name: 'sombras', raza: 'Titan' },
    });
    expect(keepOwnName.statusCode).toBe(200);
    expect(keepOwnName.json()).toMatchObject({ name: 'sombras', raza: 'Titan' });
  });

  it('two simultaneous first decks still leave exactly one default', async () => {
    const user = await createUser(database);
    const results = await Promise.all(
      ['Uno', 'Dos', 'Tres'].map((name) => createDeck(user, { name, raza: 'Eterno' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const rows = await decksOf(user.id);
    expect(rows.filter((d) => d.isDefault)).toHaveLength(1);
  });

  it('moves the default atomically and never deletes it', async () => {
    const user = await createUser(database);
    const a = (await createDeck(user, { name: 'A', raza: 'Heroe' })).json();
    const b = (await createDeck(user, { name: 'B', raza: 'Heroe' })).json();
    const res = await injectAs(app, user, { method: 'PUT', url: `/api/decks/${b.id}/default` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: b.id, is_default: true });
    const rows = await decksOf(user.id);
    expect(rows.filter((d) => d.isDefault).map((d) => d.id)).toEqual([b.id]);
    const again = await Promise.all(
      [a.id, b.id, a.id].map((id) => injectAs(app, user, { method: 'PUT', url: `/api/decks/${id}/default` })),
    );
    expect(again.every((r) => r.statusCode === 200)).toBe(true);
    expect((await decksOf(user.id)).filter((d) => d.isDefault)).toHaveLength(1);

    const current = (await decksOf(user.id)).find((d) => d.isDefault)!;
    const del = await injectAs(app, user, { method: 'DELETE', url: `/api/decks/${current.id}` });
    expect(del.statusCode).toBe(400);
    expectErrorShape(del.json());
    const other = (await decksOf(user.id)).find((d) => !d.isDefault)!;
    const ok = await injectAs(app, user, { method: 'DELETE', url: `/api/decks/${other.id}` });
    expect(ok.statusCode).toBe(200);
    expect(await decksOf(user.id)).toHaveLength(1);
  });

  it("never lets a user change or delete another user's deck (404, nothing changed)", async () => {
    const owner = await createUser(database);
    const intruder = await createUser(database);
    const a = (await createDeck(owner, { name: 'Propio', raza: 'Faerie' })).json();
    const b = (await createDeck(owner, { name: 'Segundo', raza: 'Faerie' })).json();
    const attempts = [
      injectAs(app, intruder, {
        method: 'PUT',
        url: `/api/decks/${a.id}`,
        payload: { name: 'Robado', raza: 'Titan' },
      }),
      injectAs(app, intruder, { method: 'PUT', url: `/api/decks/${b.id}/default` }),
      injectAs(app, intruder, { method: 'DELETE', url: `/api/decks/${b.id}` }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Mazo no encontrado');
    }
    const rows = await decksOf(owner.id);
    expect(rows.map((d) => [d.name, d.isDefault]).sort()).toEqual([
      ['Propio', true],
      ['Segundo', false],
    ]);
  });

  it('refuses ids that are not positive integers', async () => {
    const user = await createUser(database);
    for (const id of ['abc', '1.5', '-1', '0', '99999999999', '1e3', '%00']) {
      const res = await injectAs(app, user, { method: 'DELETE', url: `/api/decks/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('El identificador no es válido');
    }
  });
});
