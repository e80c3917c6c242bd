import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import { matches } from '../src/db/schema/index';
import { users } from '../src/db/schema/index';
import { insertStore } from './community-factories';
import { buildTestApp, createUser, expectErrorShape, injectAs, TEST_PASSWORD } from './helpers';
import { act, createPlayers, recordMatch } from './matches-factories';
import { tournamentApi } from './tournament-factories';

const { app, database } = await buildTestApp({ adminEmails: ['jefa@example.com', 'jefe@example.com'] });
const admin = await createUser(database, { role: 'admin' });
const organiser = await createUser(database, { username: 'organiza' });
const player = await createUser(database, { username: 'jugadora' });
const judge = await createUser(database, { username: 'jueza', role: 'judge' });
const store = await insertStore(database, { name: 'Dragón Dorado Games', organisers: [organiser.id] });

const addPlayer = (as: typeof admin | null, payload: object) =>
  injectAs(app, as, { method: 'POST', url: '/api/admin/players', payload });
const patchPlayer = (as: typeof admin, id: number, payload: object) =>
  injectAs(app, as, { method: 'PATCH', url: `/api/admin/players/${id}`, payload });
const register = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (email: string, password = TEST_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function refused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json();
  expectErrorShape(body);
  expect(body.error).toBe(message);
}

describe('Jugadores', () => {
  it('is for admins and store organisers only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/players'],
      ['POST', '/api/admin/players'],
      ['PATCH', `/api/admin/players/${player.id}`],
      ['GET', '/api/admin/summary'],
    ] as const) {
      const signedOut = await app.inject({ method, url, payload: {} });
      expect(signedOut.statusCode).toBe(401);
      for (const who of [player, judge]) {
        const res = await injectAs(app, who, {
          method,
          url,
          ...(method === 'GET' ? {} : { payload: { name: 'X' } }),
        });
        expect([400, 403]).toContain(res.statusCode);
        if (res.statusCode === 400) continue;
        await refused(res, 403, MSG.organiserOnly);
      }
    }
    const list = await injectAs(app, organiser, { method: 'GET', url: '/api/admin/players?q=jugadora' });
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((r: { name: string }) => r.name)).toEqual(['jugadora']);
  });

  it('adds a player without an account, with a TOR code and an invitation code shown once', async () => {
    const res = await addPlayer(organiser, { name: '  Lautaro  Gómez ', torCode: ' tor101 ' });
    expect(res.statusCode).toBe(201);
    const { player: added, invitationCode } = res.json();
    expect(added).toMatchObject({
      name: 'Lautaro_Gómez',
      torCode: 'TOR101',
      placeholder: true,
      role: 'player',
    });
    expect(invitationCode).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const [row] = await database.db.select().from(users).where(eq(users.id, added.id));
    expect(row!.claimCodeHash).not.toContain(invitationCode.replace(/-/g, ''));
    const page = await injectAs(app, admin, { method: 'GET', url: '/api/admin/players?q=TOR101' });
    expect(page.json()).toMatchObject({ total: 1, rows: [{ id: added.id }] });
  });

  it('refuses missing fields, bad and taken TOR codes, and taken names, changing nothing', async () => {
    await refused(await addPlayer(admin, { name: '', torCode: 'TOR200' }), 400, MSG.fillAllFields);
    await refused(await addPlayer(admin, { name: 'Ana Paz', torCode: '   ' }), 400, MSG.fillAllFields);
    await refused(await addPlayer(admin, { name: 'Ana Paz' }), 400, MSG.fillAllFields);
    await refused(await addPlayer(admin, { name: 'Ana Paz', torCode: 'TOR 1' }), 400, MSG.torCodeInvalid);
    await refused(await addPlayer(admin, { name: 'Ana Paz', torCode: 'TOR101' }), 409, MSG.torCodeTaken);
    await refused(await addPlayer(admin, { name: 'JUGADORA', torCode: 'TOR201' }), 409, MSG.usernameTaken);
    await refused(await addPlayer(admin, { name: 'Ana<script>', torCode: 'TOR202' }), 400, MSG.usernameChars);
    const none = await injectAs(app, admin, { method: 'GET', url: '/api/admin/players?q=Ana_Paz' });
    expect(none.json().total).toBe(0);
  });

  it('lets organisers edit placeholders only, and only admins change roles', async () => {
    const added = (await addPlayer(admin, { name: 'Nuevo', torCode: 'TOR300' })).json().player;
    const edited = await patchPlayer(organiser, added.id, { torCode: 'tor301', name: 'Nuevo Nombre' });
    expect(edited.json()).toMatchObject({ torCode: 'TOR301', name: 'Nuevo_Nombre' });
    await refused(await patchPlayer(organiser, added.id, { role: 'judge' }), 403, MSG.adminOnly);
    await refused(await patchPlayer(organiser, player.id, { torCode: 'TOR302' }), 403, MSG.adminOnly);
    const promoted = await patchPlayer(admin, player.id, { role: 'judge', torCode: 'TOR303' });
    expect(promoted.json()).toMatchObject({ role: 'judge', torCode: 'TOR303' });
    await patchPlayer(admin, player.id, { role: 'player' });
    await refused(await patchPlayer(admin, 999_999, { torCode: 'TOR304' }), 404, MSG.userNotFound);
    await refused(await patchPlayer(admin, player.id, { role: 'emperador' }), 400, MSG.invalidRole);
  });

  it('lets a player set and clear their own TOR code', async () => {
    const put = (torCode: string | null) =>
      injectAs(app, player, { method: 'PUT', url: '/api/users/me/tor-code', payload: { torCode } });
    expect((await put('tor-55')).json().torCode).toBe('TOR-55');
    await refused(await put('TOR101'), 409, MSG.torCodeTaken);
    await refused(await put('x'), 400, MSG.torCodeInvalid);
    expect((await put(null)).json().torCode).toBeNull();
  });
});

describe('claiming a placeholder', () => {
  it('cannot be signed in to, and becomes the account of whoever registers with its code, once', async () => {
    const { player: added, invitationCode } = (
      await addPlayer(organiser, { name: 'Camila', torCode: 'TOR400' })
    ).json();
    const [row] = await database.db.select().from(users).where(eq(users.id, added.id));
    expect((await login(row!.email, 'cualquiera')).statusCode).toBe(401);

    await refused(
      await register({
        username: 'camila_f',
        email: 'camila@example.com',
        password: 'secreto1',
        invitationCode: 'AAAA-BBBB-CCCC',
      }),
      400,
      MSG.invitationInvalid,
    );
    const claimed = await register({
      username: 'camila_f',
      email: 'camila@example.com',
      password: 'secreto1',
      invitationCode: invitationCode.toLowerCase().replace(/-/g, ' '),
    });
    expect(claimed.statusCode).toBe(201);
    expect(claimed.json().user).toMatchObject({ id: added.id, username: 'camila_f' });
    const [after] = await database.db.select().from(users).where(eq(users.id, added.id));
    expect(after).toMatchObject({ placeholder: false, claimCodeHash: null, torCode: 'TOR400' });
    expect((await login('camila@example.com', 'secreto1')).statusCode).toBe(200);
    await refused(
      await register({ username: 'otra', email: 'otra@example.com', password: 'secreto1', invitationCode }),
      400,
      MSG.invitationInvalid,
    );
  });
});

describe('the first admin (ADMIN_EMAILS)', () => {
  it('makes an admin of a listed email when it registers or signs in, and of nobody else', async () => {
    const res = await register({ username: 'jefa', email: 'Jefa@Example.com', password: 'secreto1' });
    expect(res.json().user.role).toBe('admin');
    await createUser(database, { email: 'jefe@example.com' });
    expect((await login('jefe@example.com')).json().user.role).toBe('admin');
    const [row] = await database.db.select().from(users).where(eq(users.email, 'jefe@example.com'));
    expect(row!.role).toBe('admin');
    await createUser(database, { email: 'otro@example.com' });
    expect((await login('otro@example.com')).json().user.role).toBe('player');
  });
});

describe('Panel de Administración counters', () => {
  it('counts today’s matches and rejected ones, an organiser only at their stores', async () => {
    const [a, b] = await createPlayers(database, ['cont_a', 'cont_b']);
    const before = (await injectAs(app, admin, { method: 'GET', url: '/api/admin/summary' })).json();
    const atStore = await recordMatch(app, a, a, b);
    const elsewhere = await recordMatch(app, a, a, b);
    await database.db.update(matches).set({ storeId: store.id }).where(eq(matches.id, atStore.id));
    await act(app, b, elsewhere.id, 'reject');
    const after = (await injectAs(app, admin, { method: 'GET', url: '/api/admin/summary' })).json();
    expect(after).toEqual({
      tournamentsInProgress: 0,
      matchesToday: before.matchesToday + 2,
      pendingReports: before.pendingReports + 1,
    });
    const mine = (await injectAs(app, organiser, { method: 'GET', url: '/api/admin/summary' })).json();
    expect(mine).toEqual({ tournamentsInProgress: 0, matchesToday: 1, pendingReports: 0 });
    await act(app, a, atStore.id, 'cancel');
    const cancelled = (await injectAs(app, organiser, { method: 'GET', url: '/api/admin/summary' })).json();
    expect(cancelled.matchesToday).toBe(0);
  });

  it('counts the tournaments in progress, an organiser’s at their stores', async () => {
    const api = tournamentApi(app);
    const summary = async (as: typeof admin) =>
      (await injectAs(app, as, { method: 'GET', url: '/api/admin/summary' })).json().tournamentsInProgress;
    const before = await summary(admin);
    const t = await api.create(organiser, store.id, { type: 'single_elimination', startDate: '2026-12-12' });
    const [a, b] = await createPlayers(database, ['torneo_a', 'torneo_b']);
    await api.signUp(a, t.id);
    await api.signUp(b, t.id);
    expect(await summary(admin)).toBe(before);
    await api.start(organiser, t.id);
    expect(await summary(admin)).toBe(before + 1);
    expect(await summary(organiser)).toBe(1);
    const [pairing] = await api.pairings(organiser, t.id);
    await api.report(organiser, t.id, pairing!.id, 2, 0);
    expect(await summary(organiser)).toBe(0);
  });
});
