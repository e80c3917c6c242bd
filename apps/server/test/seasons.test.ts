import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { communityDay } from '@mitos/domain/community-rules';
import type { TSeason } from '@mitos/domain/community';
import { currentSeason, ensureFirstSeason, seasonForDate } from '../src/seasons/repository';
import { buildTestApp, createUser, expectErrorShape, injectAs } from './helpers';

const { app, database } = await buildTestApp();
const admin = await createUser(database, { role: 'admin' });
const organiser = await createUser(database);
const player = await createUser(database);

const open = (payload: Record<string, unknown>, user = admin) =>
  injectAs(app, user, { method: 'POST', url: '/api/seasons', payload });
const close = (id: number, user = admin) =>
  injectAs(app, user, { method: 'POST', url: `/api/seasons/${id}/close` });
const list = async () =>
  (await injectAs(app, player, { method: 'GET', url: '/api/seasons' })).json<TSeason[]>();

describe('the first season', () => {
  it('is made once on a fresh install, even by two processes starting together', async () => {
    expect(await currentSeason(database.db)).toBeUndefined();
    const now = new Date('2031-06-15T12:00:00Z');
    const made = await Promise.all([
      ensureFirstSeason(database.db, now),
      ensureFirstSeason(database.db, now),
    ]);
    expect(made.filter(Boolean)).toHaveLength(1);
    expect(await ensureFirstSeason(database.db, now)).toBe(false);
    expect(await list()).toEqual([
      expect.objectContaining({
        name: 'Temporada 2031',
        startsOn: '2031-01-01',
        endsOn: '2031-12-31',
        current: true,
        closedAt: null,
      }),
    ]);
    // Not again once seasons exist, even with none open.
    await close((await list())[0]!.id);
    expect(await ensureFirstSeason(database.db, new Date('2032-01-02T12:00:00Z'))).toBe(false);
    expect(await list()).toHaveLength(1);
  });

  it("starts in Buenos Aires' new year", async () => {
    const fresh = await buildTestApp();
    // 02:00 UTC on 1 January is still 31 December in Buenos Aires.
    await ensureFirstSeason(fresh.database.db, new Date('2030-01-01T02:00:00Z'));
    expect((await currentSeason(fresh.database.db))?.name).toBe('Temporada 2029');
  });
});

describe('seasons', () => {
  it('opens a season for admins only, newest first, the open one current', async () => {
    for (const user of [player, organiser]) {
      const res = await open(
        { name: 'Temporada Prohibida', startsOn: '2040-01-01', endsOn: '2040-06-30' },
        user,
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo un administrador puede hacer esto');
    }
    const res = await open({ name: ' Temporada 2040 ', startsOn: '2040-01-01', endsOn: '2040-06-30' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Temporada 2040', current: true, closedAt: null });
    const seasons = await list();
    expect(seasons[0]).toMatchObject({ name: 'Temporada 2040', current: true });
    expect(seasons.filter((s) => s.current)).toHaveLength(1);
    expect((await currentSeason(database.db))?.name).toBe('Temporada 2040');
  });

  it('refuses bad dates, overlaps, a second open season and a taken name, in Spanish', async () => {
    const current = (await currentSeason(database.db))!;
    const second = await open({ name: 'Temporada 2041', startsOn: '2041-01-01', endsOn: '2041-12-31' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Cierra la temporada actual antes de abrir otra');
    expect((await close(current.id)).statusCode).toBe(200);

    const backwards = await open({ name: 'Al revés', startsOn: '2041-12-31', endsOn: '2041-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('La fecha de fin debe ser posterior a la de inicio');
    const overlap = await open({ name: 'Encima', startsOn: '2040-06-30', endsOn: '2040-12-31' });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe('Las fechas se superponen con otra temporada');
    const taken = await open({ name: 'temporada 2040', startsOn: '2042-01-01', endsOn: '2042-12-31' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Ya existe una temporada con ese nombre');
    for (const payload of [
      { name: '', startsOn: '2043-01-01', endsOn: '2043-12-31' },
      { name: 'Mala fecha', startsOn: '2043-02-30', endsOn: '2043-12-31' },
      { name: 'Sin fin', startsOn: '2043-01-01' },
      { name: 'Extra', startsOn: '2043-01-01', endsOn: '2043-12-31', current: true },
    ]) {
      const res = await open(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res.json());
    }
    // A one-day season is fine, and now open.
    const oneDay = await open({ name: 'Un día', startsOn: '2043-01-01', endsOn: '2043-01-01' });
    expect(oneDay.statusCode).toBe(201);
    await close(oneDay.json().id);
  });

  it('closes a season once (admins): a second close answers 409, an unknown one 404', async () => {
    const res = await open({ name: 'Temporada 2050', startsOn: '2050-01-01', endsOn: '2050-12-31' });
    const id = res.json().id as number;
    for (const user of [player, organiser]) expect((await close(id, user)).statusCode).toBe(403);
    const closed = await close(id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json().current).toBe(false);
    expect(closed.json().closedAt).not.toBeNull();
    const again = await close(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('La temporada ya está cerrada');
    const unknown = await close(999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Temporada no encontrada');
    expect(await currentSeason(database.db)).toBeUndefined();
  });

  it('ends a season closed early on the day it is closed, so the next may start the day after', async () => {
    const today = communityDay(new Date());
    const year = Number(today.slice(0, 4));
    // Clear the way: the test seasons above are in other years, the first one in 2031.
    await database.db.execute(
      sql`delete from seasons where starts_on <= ${`${year}-12-31`}::date and ends_on >= ${`${year}-01-01`}::date`,
    );
    const res = await open({
      name: `Temporada larga ${year}`,
      startsOn: `${year}-01-01`,
      endsOn: `${year}-12-31`,
    });
    expect(res.statusCode).toBe(201);
    const closed = (await close(res.json().id)).json<TSeason>();
    expect(closed.endsOn).toBe(today);
  });

  it('finds the season of a match by its day in Buenos Aires', async () => {
    const season = (await list()).find((s) => s.name === 'Temporada 2040')!;
    expect((await seasonForDate(database.db, '2040-03-10'))?.id).toBe(season.id);
    expect((await seasonForDate(database.db, new Date('2040-07-01T02:59:00Z')))?.id).toBe(season.id);
    expect(await seasonForDate(database.db, new Date('2040-07-01T03:00:00Z'))).toBeUndefined();
    expect(await seasonForDate(database.db, '2039-12-31')).toBeUndefined();
  });

  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/seasons'],
      ['POST', '/api/seasons'],
      ['POST', '/api/seasons/1/close'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
