import { describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, type TStore } from '@mitos/domain/community';
import { buildTestApp, createUser, expectErrorShape, injectAs } from './helpers';
import { createStore, PNG_BYTES, uploadLogo } from './community-factories';

const { app, database } = await buildTestApp();
const admin = await createUser(database, { role: 'admin' });
const organiser = await createUser(database, { username: 'organiza' });
const otherOrganiser = await createUser(database, { username: 'organizaotra' });
const player = await createUser(database);

const store = await createStore(app, admin, [organiser], {
  name: 'Dragón Dorado',
  address: 'Av. Santa Fe 1234',
});
await createStore(app, admin, [otherOrganiser]);

const get = (url: string, user = player) => injectAs(app, user, { method: 'GET', url });

describe('stores', () => {
  it('creates a store for admins only, trimming its fields', async () => {
    expect(store).toMatchObject({
      name: 'Dragón Dorado',
      location: { neighborhood: 'Palermo', city: 'Buenos Aires' },
      address: 'Av. Santa Fe 1234',
      active: true,
      logoUrl: null,
      organisers: [{ id: organiser.id, username: 'organiza' }],
    });
    const payload = { name: 'Otra', neighborhood: 'Caballito' };
    for (const user of [player, organiser]) {
      const res = await injectAs(app, user, { method: 'POST', url: '/api/stores', payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo un administrador puede hacer esto');
    }
    const created = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/stores',
      payload: { name: '  Caballito Games ', neighborhood: ' Caballito ', city: 'CABA' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Caballito Games',
      location: { neighborhood: 'Caballito', city: 'CABA' },
    });
  });

  it('refuses a duplicate name whatever its case, and blank or unknown fields, in Spanish', async () => {
    const dup = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/stores',
      payload: { name: ' dragón dorado ', neighborhood: 'Belgrano' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una tienda con ese nombre');
    for (const payload of [
      { name: '   ', neighborhood: 'Belgrano' },
      { name: 'Sin barrio' },
      { name: 'Extra', neighborhood: 'Belgrano', logo: 'x' },
      { name: 'x'.repeat(81), neighborhood: 'Belgrano' },
    ]) {
      const res = await injectAs(app, admin, { method: 'POST', url: '/api/stores', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expectErrorShape(res.json());
    }
    const blank = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/stores',
      payload: { name: '', neighborhood: 'x' },
    });
    expect(blank.json().message).toBe('Por favor completa todos los campos');
  });

  it('lists active stores to players, inactive ones too for admins asking all=true', async () => {
    const closed = await createStore(app, admin, [], { active: false });
    const names = (res: { json(): TStore[] }) => res.json().map((s) => s.name);
    const forPlayer = await get('/api/stores?all=true');
    expect(forPlayer.statusCode).toBe(200);
    expect(names(forPlayer)).toContain('Dragón Dorado');
    expect(names(forPlayer)).not.toContain(closed.name);
    expect(names(await get('/api/stores', admin))).not.toContain(closed.name);
    expect(names(await get('/api/stores?all=true', admin))).toContain(closed.name);
    expect((await get(`/api/stores/${closed.id}`)).json().active).toBe(false);
    const unknown = await get('/api/stores/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Tienda no encontrada');
    expect((await get('/api/stores?all=maybe')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/stores' })).statusCode).toBe(401);
  });

  it('lets its organiser edit name and place but not open or close it; admins do both', async () => {
    const own = await createStore(app, admin, [organiser]);
    const edit = (user = organiser, payload: Record<string, unknown> = {}) =>
      injectAs(app, user, {
        method: 'PUT',
        url: `/api/stores/${own.id}`,
        payload: { name: own.name, neighborhood: 'Almagro', ...payload },
      });
    const ok = await edit(organiser, { address: 'Corrientes 3000' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ location: { neighborhood: 'Almagro' }, address: 'Corrientes 3000' });
    // The address stays when the form leaves it out; `active` unchanged is fine for the organiser.
    expect((await edit(organiser, { active: true })).json().address).toBe('Corrientes 3000');
    const deactivate = await edit(organiser, { active: false });
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().message).toBe('Solo un administrador puede hacer esto');
    for (const user of [player, otherOrganiser]) {
      const res = await edit(user, { name: 'Robada' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo un organizador de la tienda o un administrador puede hacer esto');
    }
    expect((await get(`/api/stores/${own.id}`)).json()).toMatchObject({ name: own.name, active: true });
    expect((await edit(admin, { active: false })).json().active).toBe(false);
    const taken = await edit(admin, { name: 'DRAGÓN DORADO' });
    expect(taken.statusCode).toBe(409);
    const missing = await injectAs(app, admin, {
      method: 'PUT',
      url: '/api/stores/999999',
      payload: { name: 'Nada', neighborhood: 'Nada' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Tienda no encontrada');
  });

  it('names organisers (admins only), refusing unknown users in Spanish', async () => {
    const s = await createStore(app, admin);
    const set = (user: typeof admin, userIds: number[]) =>
      injectAs(app, user, { method: 'PUT', url: `/api/stores/${s.id}/organisers`, payload: { userIds } });
    expect((await set(organiser, [organiser.id])).statusCode).toBe(403);
    const unknown = await set(admin, [organiser.id, 999999]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Usuario no encontrado');
    expect((await get(`/api/stores/${s.id}`)).json().organisers).toEqual([]);
    const both = await set(admin, [otherOrganiser.id, organiser.id, organiser.id]);
    expect(
      both
        .json()
        .organisers.map((o: { id: number }) => o.id)
        .sort(),
    ).toEqual([organiser.id, otherOrganiser.id].sort());
    expect((await set(admin, [])).json().organisers).toEqual([]);
    expect((await set(admin, ['x' as unknown as number])).statusCode).toBe(400);
  });
});

describe('store logos', () => {
  const svg = (inner: string, attrs = '') =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attrs}>${inner}</svg>`);

  it('stores a PNG and serves it with a year-long cache under its versioned URL', async () => {
    const res = await uploadLogo(app, organiser, store.id, 'image/png', PNG_BYTES);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<TStore>().logoUrl!;
    expect(url).toMatch(new RegExp(`^/api/stores/${store.id}/logo\\?v=\\d+$`));
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    // Another URL than the current one is asked again, never kept for a year.
    const stale = await app.inject({ method: 'GET', url: `/api/stores/${store.id}/logo?v=0` });
    expect(stale.headers['cache-control']).toBe('no-cache');
    // The store's answers name the logo.
    expect((await get(`/api/stores/${store.id}`)).json().logoUrl).toBe(url);
    // A new logo, a new URL.
    const again = await uploadLogo(app, admin, store.id, 'image/png', PNG_BYTES);
    expect(again.json().logoUrl).not.toBe(url);
  });

  it('refuses bytes that are not what the type says, other types, and oversized files', async () => {
    const before = (await get(`/api/stores/${store.id}`)).json().logoUrl;
    const mislabelled = await uploadLogo(app, organiser, store.id, 'image/jpeg', PNG_BYTES);
    expect(mislabelled.statusCode).toBe(400);
    expect(mislabelled.json().message).toBe('El archivo no es una imagen válida');
    for (const type of ['image/gif', 'application/json', 'text/plain', 'application/octet-stream']) {
      const res = await uploadLogo(
        app,
        organiser,
        store.id,
        type,
        type === 'application/json' ? '{}' : PNG_BYTES,
      );
      expect(res.statusCode, type).toBe(415);
      expect(res.json().message).toBe('El logo debe ser una imagen PNG, JPEG, WebP o SVG');
    }
    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(LOGO_MAX_BYTES)]);
    const tooLarge = await uploadLogo(app, organiser, store.id, 'image/png', huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('El logo no puede superar los 256 KB');
    const empty = await uploadLogo(app, organiser, store.id, 'image/png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expectErrorShape(empty.json());
    expect((await get(`/api/stores/${store.id}`)).json().logoUrl).toBe(before);
  });

  it('refuses SVGs with script, event handlers, outside links or a DOCTYPE; keeps a plain one', async () => {
    const s = await createStore(app, admin, [organiser]);
    for (const [name, body] of [
      ['script', svg('<script>alert(1)</script>')],
      ['onload', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
      ['javascript: link', svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>')],
      ['external image', svg('<image href="https://example.com/x.png"/>')],
      ['foreignObject', svg('<foreignObject/>')],
      ['entity', Buffer.from(`<!DOCTYPE svg [<!ENTITY x "y">]>${svg('&x;').toString()}`)],
    ] as const) {
      const res = await uploadLogo(app, organiser, s.id, 'image/svg+xml', body);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(
        'El SVG no puede tener scripts, eventos, enlaces externos ni declaraciones DOCTYPE',
      );
    }
    const broken = await uploadLogo(app, organiser, s.id, 'image/svg+xml', '<svg><rect></svg>');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('El archivo no es una imagen válida');
    expect((await get(`/api/stores/${s.id}`)).json().logoUrl).toBeNull();

    const plain = svg('<circle cx="5" cy="5" r="4" fill="#c00"/>');
    const ok = await uploadLogo(app, organiser, s.id, 'image/svg+xml; charset=utf-8', plain);
    expect(ok.statusCode, ok.body).toBe(200);
    const served = await app.inject({ method: 'GET', url: ok.json().logoUrl });
    expect(served.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.body).toBe(plain.toString());
  });

  it('lets only its organisers and admins change or remove the logo', async () => {
    const s = await createStore(app, admin, [organiser]);
    for (const user of [player, otherOrganiser]) {
      const res = await uploadLogo(app, user, s.id, 'image/png', PNG_BYTES);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Solo un organizador de la tienda o un administrador puede hacer esto');
    }
    expect((await uploadLogo(app, null, s.id, 'image/png', PNG_BYTES)).statusCode).toBe(401);
    expect((await get(`/api/stores/${s.id}`)).json().logoUrl).toBeNull();
    const url = (await uploadLogo(app, organiser, s.id, 'image/png', PNG_BYTES)).json().logoUrl;
    for (const user of [player, otherOrganiser]) {
      const res = await injectAs(app, user, { method: 'DELETE', url: `/api/stores/${s.id}/logo` });
      expect(res.statusCode).toBe(403);
    }
    const removed = await injectAs(app, organiser, { method: 'DELETE', url: `/api/stores/${s.id}/logo` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().logoUrl).toBeNull();
    const gone = await app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('La tienda no tiene logo');
    expect(gone.headers['cache-control']).toBe('private, no-store');
    const twice = await injectAs(app, organiser, { method: 'DELETE', url: `/api/stores/${s.id}/logo` });
    expect(twice.statusCode).toBe(404);
    // A logo after a delete never reuses the old URL.
    const next = (await uploadLogo(app, organiser, s.id, 'image/png', PNG_BYTES)).json().logoUrl;
    expect(next).not.toBe(url);
    const unknownStore = await uploadLogo(app, admin, 999999, 'image/png', PNG_BYTES);
    expect(unknownStore.statusCode).toBe(404);
    expect(unknownStore.json().message).toBe('Tienda no encontrada');
  });
});
