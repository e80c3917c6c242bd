import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communityDay } from '@mitos/domain/community-rules';
import type { TLeague } from '@mitos/domain/community';
import { buildTestApp, createUser, expectErrorShape, injectAs, type TestUser } from './helpers';
import { createStore } from './community-factories';
import { body1v1, createPlayers } from './matches-factories';

const { app, database } = await buildTestApp();
const admin = await createUser(database, { role: 'admin' });
const organiser = await createUser(database, { username: 'organizaliga' });
const otherOrganiser = await createUser(database);
const player = await createUser(database, { username: 'jugadorliga' });
const store = await createStore(app, admin, [organiser], { name: 'Liga Store' });
const otherStore = await createStore(app, admin, [otherOrganiser]);

const today = communityDay(new Date());
const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => injectAs(app, user, { method, url, ...(payload ? { payload } : {}) });
const newLeague = async (values: Record<string, unknown> = {}, user = organiser) => {
  const res = await call(user, 'POST', '/api/leagues', {
    name: 'Liga de Verano',
    storeId: store.id,
    startDate: today,
    ...values,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TLeague>();
};
const leagues = async (user: TestUser, query = '') =>
  (await call(user, 'GET', `/api/leagues${query}`)).json<TLeague[]>();

describe('leagues', () => {
  it("creates a league at its store for the store's organiser and admins", async () => {
    const league = await newLeague({ name: '  Liga Arena  ' });
    expect(league).toMatchObject({
      name: 'Liga Arena',
      storeId: store.id,
      store: 'Liga Store',
      startDate: today,
      status: 'active',
      participants: 0,
      joined: false,
      canManage: true,
    });
    expect((await newLeague({ startDate: '2999-01-01' }, admin)).status).toBe('upcoming');
    for (const user of [player, otherOrganiser]) {
      const res = await call(user, 'POST', '/api/leagues', {
        name: 'X',
        storeId: store.id,
        startDate: today,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo un organizador de la tienda o un administrador puede hacer esto');
    }
    const seen = (await leagues(player, `?storeId=${store.id}`)).find((l) => l.id === league.id)!;
    expect(seen).toMatchObject({ canManage: false, joined: false });
    expect((await leagues(player, `?storeId=${otherStore.id}`)).some((l) => l.id === league.id)).toBe(false);
    expect((await leagues(organiser)).some((l) => l.id === league.id)).toBe(true);
  });

  it('refuses an unknown or inactive store, blank fields and bad dates, in Spanish', async () => {
    const unknown = await call(admin, 'POST', '/api/leagues', {
      name: 'X',
      storeId: 999999,
      startDate: today,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Tienda no encontrada');
    const closed = await createStore(app, admin, [organiser], { active: false });
    const inactive = await call(organiser, 'POST', '/api/leagues', {
      name: 'X',
      storeId: closed.id,
      startDate: today,
    });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe('La tienda no está activa');
    for (const payload of [
      { name: '', storeId: store.id, startDate: today },
      { name: 'X', storeId: store.id },
      { name: 'X', storeId: store.id, startDate: '2026-13-01' },
      { name: 'X', storeId: 'uno', startDate: today },
      { name: 'X', storeId: store.id, startDate: today, status: 'active' },
    ]) {
      const res = await call(admin, 'POST', '/api/leagues', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res.json());
    }
    const blank = await call(admin, 'POST', '/api/leagues', {
      name: ' ',
      storeId: store.id,
      startDate: today,
    });
    expect(blank.json().message).toBe('Por favor completa todos los campos');
    expect((await call(player, 'GET', '/api/leagues?storeId=abc')).statusCode).toBe(400);
  });

  it('edits a league (same roles), moving it only to a store the caller runs', async () => {
    const league = await newLeague();
    const edit = (user: TestUser, values: Record<string, unknown> = {}) =>
      call(user, 'PUT', `/api/leagues/${league.id}`, {
        name: 'Liga Renombrada',
        storeId: store.id,
        startDate: '2999-02-01',
        ...values,
      });
    for (const user of [player, otherOrganiser]) expect((await edit(user)).statusCode).toBe(403);
    const ok = await edit(organiser);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Liga Renombrada', startDate: '2999-02-01', status: 'upcoming' });
    expect((await edit(organiser, { storeId: otherStore.id })).statusCode).toBe(403);
    expect((await edit(admin, { storeId: otherStore.id })).json().storeId).toBe(otherStore.id);
    const missing = await call(admin, 'PUT', '/api/leagues/999999', {
      name: 'X',
      storeId: store.id,
      startDate: today,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Liga no encontrada');
  });

  it('deletes a league without results, undoable for 30 seconds', async () => {
    const league = await newLeague();
    for (const user of [player, otherOrganiser])
      expect((await call(user, 'DELETE', `/api/leagues/${league.id}`)).statusCode).toBe(403);
    expect((await call(organiser, 'DELETE', `/api/leagues/${league.id}`)).json()).toEqual({ success: true });
    expect((await leagues(player)).some((l) => l.id === league.id)).toBe(false);
    expect((await call(organiser, 'DELETE', `/api/leagues/${league.id}`)).statusCode).toBe(404);
    expect((await call(player, 'GET', `/api/leagues/${league.id}/participants`)).statusCode).toBe(404);
    for (const user of [player, otherOrganiser])
      expect((await call(user, 'POST', `/api/leagues/${league.id}/restore`)).statusCode).toBe(403);
    const restored = await call(organiser, 'POST', `/api/leagues/${league.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: league.id, name: 'Liga de Verano' });
    expect((await leagues(player)).some((l) => l.id === league.id)).toBe(true);
    // Restoring a league that is not deleted changes nothing.
    expect((await call(organiser, 'POST', `/api/leagues/${league.id}/restore`)).statusCode).toBe(200);

    await call(organiser, 'DELETE', `/api/leagues/${league.id}`);
    await database.db.execute(
      sql`update leagues set deleted_at = now() - interval '31 seconds' where id = ${league.id}`,
    );
    const late = await call(organiser, 'POST', `/api/leagues/${league.id}/restore`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Ya no se puede deshacer la eliminación de esta liga');
    expect((await call(admin, 'POST', '/api/leagues/999999/restore')).statusCode).toBe(404);
  });

  it('refuses to delete a league once a match belongs to it', async () => {
    const league = await newLeague();
    const [ana, beto] = await createPlayers(database, ['ligaana', 'ligabeto'] as const);
    const match = await call(ana, 'POST', '/api/matches', body1v1(ana, beto));
    await database.db.execute(sql`update matches set league_id = ${league.id} where id = ${match.json().id}`);
    const res = await call(organiser, 'DELETE', `/api/leagues/${league.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('No se puede eliminar una liga que ya tiene resultados');
    expect((await leagues(player)).some((l) => l.id === league.id)).toBe(true);
  });

  it('orders a delete and its undo racing on one league', async () => {
    const league = await newLeague();
    const [deleted, restored] = await Promise.all([
      call(organiser, 'DELETE', `/api/leagues/${league.id}`),
      call(organiser, 'POST', `/api/leagues/${league.id}/restore`),
    ]);
    expect(deleted.statusCode).toBe(200);
    expect(restored.statusCode).toBe(200);
    // Whichever went first, the answers agree with what is stored.
    const listed = (await leagues(organiser)).some((l) => l.id === league.id);
    const after = await call(organiser, 'POST', `/api/leagues/${league.id}/restore`);
    expect(after.statusCode).toBe(200);
    expect(listed || after.json().id === league.id).toBe(true);
  });

  it('finishes a league (same roles), then refuses joins', async () => {
    const league = await newLeague();
    for (const user of [player, otherOrganiser])
      expect((await call(user, 'POST', `/api/leagues/${league.id}/finish`)).statusCode).toBe(403);
    const done = await call(organiser, 'POST', `/api/leagues/${league.id}/finish`);
    expect(done.json().status).toBe('finished');
    expect((await call(organiser, 'POST', `/api/leagues/${league.id}/finish`)).json().status).toBe(
      'finished',
    );
    const join = await call(player, 'POST', `/api/leagues/${league.id}/join`);
    expect(join.statusCode).toBe(409);
    expect(join.json().message).toBe('La liga ya está finalizada');
    const add = await call(organiser, 'POST', `/api/leagues/${league.id}/participants`, {
      userId: player.id,
    });
    expect(add.statusCode).toBe(409);
  });

  it('lets players join and leave, and organisers add and remove them', async () => {
    const league = await newLeague();
    const join = await call(player, 'POST', `/api/leagues/${league.id}/join`);
    expect(join.statusCode).toBe(200);
    expect(join.json()).toMatchObject({ joined: true, participants: 1, canManage: false });
    const twice = await call(player, 'POST', `/api/leagues/${league.id}/join`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Ya participas en esta liga');
    expect((await leagues(player)).find((l) => l.id === league.id)).toMatchObject({
      joined: true,
      participants: 1,
    });
    expect((await leagues(organiser)).find((l) => l.id === league.id)).toMatchObject({ joined: false });

    const other = await createUser(database, { username: 'sumadaliga' });
    for (const user of [player, otherOrganiser]) {
      const res = await call(user, 'POST', `/api/leagues/${league.id}/participants`, { userId: other.id });
      expect(res.statusCode).toBe(403);
    }
    const added = await call(organiser, 'POST', `/api/leagues/${league.id}/participants`, {
      userId: other.id,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual([
      { id: player.id, username: 'jugadorliga', torCode: null },
      { id: other.id, username: 'sumadaliga', torCode: null },
    ]);
    const again = await call(organiser, 'POST', `/api/leagues/${league.id}/participants`, {
      userId: other.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ese jugador ya participa en esta liga');
    const nobody = await call(organiser, 'POST', `/api/leagues/${league.id}/participants`, {
      userId: 999999,
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('Usuario no encontrado');
    expect((await call(player, 'GET', `/api/leagues/${league.id}/participants`)).json()).toHaveLength(2);

    // A player removes only themselves; the organiser anyone.
    expect(
      (await call(player, 'DELETE', `/api/leagues/${league.id}/participants/${other.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await call(player, 'DELETE', `/api/leagues/${league.id}/participants/${player.id}`)).json(),
    ).toEqual([{ id: other.id, username: 'sumadaliga', torCode: null }]);
    expect(
      (await call(organiser, 'DELETE', `/api/leagues/${league.id}/participants/${other.id}`)).json(),
    ).toEqual([]);
    const gone = await call(organiser, 'DELETE', `/api/leagues/${league.id}/participants/${other.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Ese jugador no participa en esta liga');
  });

  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/leagues'],
      ['POST', '/api/leagues'],
      ['PUT', '/api/leagues/1'],
      ['DELETE', '/api/leagues/1'],
      ['POST', '/api/leagues/1/restore'],
      ['POST', '/api/leagues/1/finish'],
      ['GET', '/api/leagues/1/participants'],
      ['POST', '/api/leagues/1/join'],
      ['POST', '/api/leagues/1/participants'],
      ['DELETE', '/api/leagues/1/participants/1'],
      ['GET', '/api/community/me'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('the community, as the caller sees it', () => {
  it('says who sees /admin, which stores they organise and where they usually play', async () => {
    const me = async (user: TestUser) => (await call(user, 'GET', '/api/community/me')).json();
    expect(await me(player)).toEqual({ seesAdmin: false, isAdmin: false, organises: [], usualStores: [] });
    expect(await me(admin)).toMatchObject({ seesAdmin: true, isAdmin: true, organises: [] });
    expect(await me(organiser)).toMatchObject({
      seesAdmin: true,
      isAdmin: false,
      organises: expect.arrayContaining([{ id: store.id, name: 'Liga Store' }]),
    });

    const [ana, beto] = await createPlayers(database, ['usualana', 'usualbeto'] as const);
    const third = await createStore(app, admin);
    const playAt = async (storeId: number) => {
      const match = await call(ana, 'POST', '/api/matches', body1v1(ana, beto));
      expect(match.statusCode).toBe(201);
      await database.db.execute(sql`update matches set store_id = ${storeId} where id = ${match.json().id}`);
    };
    // Unannounced writes: read through a fresh answer once the player records another match.
    await playAt(otherStore.id);
    await playAt(store.id);
    await playAt(store.id);
    await playAt(third.id);
    await call(ana, 'POST', '/api/matches', body1v1(ana, beto));
    expect((await me(ana)).usualStores).toEqual([
      { id: store.id, name: 'Liga Store' },
      { id: third.id, name: third.name },
      { id: otherStore.id, name: otherStore.name },
    ]);
  });
});
