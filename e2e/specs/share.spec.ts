import { expect, test, type Browser, type TestInfo } from '@playwright/test';
const MSG = { matchNotPublic: 'Esta partida no es pública o no existe.', linkCopied: 'Enlace copiado' };
import {
  adminPage,
  createMatchThroughApi,
  createStoreThroughApi,
  expectAccessible,
  expectNoHorizontalScroll,
  seat,
  snap,
  uniqueName,
  type Seat,
} from './support';

/** Two players, an approved match at a store (public by default) and a pending one. */
async function sharedMatches(browser: Browser, testInfo: TestInfo) {
  const ana = await seat(browser, 'shana', testInfo, 'Dragon');
  const beto = await seat(browser, 'shbeto', testInfo, 'Caballero');
  const admin = await adminPage(browser, testInfo);
  const store = await createStoreThroughApi(admin.request, uniqueName('Tienda Share ', testInfo));
  await admin.context().close();
  const approved = await createMatchThroughApi(ana, beto, { store_id: store.id });
  expect((await beto.page.request.post(`/api/matches/${approved}/approve`)).ok()).toBe(true);
  const pending = await createMatchThroughApi(ana, beto);
  return { ana, beto, store, approved, pending };
}

async function visitor(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ ...testInfo.project.use });
  return context.newPage();
}

async function close(...seats: Seat[]) {
  for (const s of seats) await s.page.context().close();
}

test('a signed-out visitor of a shared link sees the public summary, or that it is not public', async ({
  browser,
}, testInfo) => {
  const { ana, beto, store, approved, pending } = await sharedMatches(browser, testInfo);
  const page = await visitor(browser, testInfo);

  await page.goto(`/match/${approved}`);
  await expect(page.getByRole('heading', { name: 'Resumen de la Partida' })).toBeVisible();
  const team1 = page.getByRole('region', { name: 'Equipo 1' });
  await expect(team1.getByText(ana.player.username)).toBeVisible();
  await expect(team1.getByText('Ganador')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Equipo 2' }).getByText(beto.player.username)).toBeVisible();
  await expect(page.getByText(store.name)).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`${ana.player.username} 2–1 ${beto.player.username}`));
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await snap(page, testInfo, 'share-public-summary');

  // Signing in from there comes back to the full detail.
  await page.getByRole('link', { name: 'Iniciar sesión para ver más' }).click();
  await page.getByLabel('Email').fill(beto.player.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(beto.player.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`/match/${approved}$`));
  await expect(page.getByRole('heading', { name: 'Detalles de la Partida' })).toBeVisible();
  await page.context().clearCookies();

  await page.goto(`/match/${pending}`);
  await expect(page.getByText(MSG.matchNotPublic)).toBeVisible();
  await expectAccessible(page);
  await snap(page, testInfo, 'share-not-public');

  // One player turns it off: the approved match is no longer public.
  const off = await beto.page.request.put('/api/users/me/privacy', { data: { publicMatches: false } });
  expect(off.ok()).toBe(true);
  await page.goto(`/match/${approved}`);
  await expect(page.getByText(MSG.matchNotPublic)).toBeVisible();
  await page.context().close();
  await close(ana, beto);
});

test('the page of a public match carries its link-preview tags; a private one the generic ones', async ({
  browser,
  playwright,
}, testInfo) => {
  const { ana, beto, store, approved, pending } = await sharedMatches(browser, testInfo);
  const anonymous = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const html = await (await anonymous.get(`/match/${approved}`)).text();
  const title = `${ana.player.username} 2–1 ${beto.player.username} · Mitos y Leyendas`;
  expect(html).toContain(`<meta property="og:title" content="${title}" />`);
  expect(html).toContain(`<title>${title}</title>`);
  expect(html).toMatch(
    new RegExp(`<meta property="og:description" content="[^"]*${store.name}[^"]*Amistoso"`),
  );
  expect(html).toMatch(new RegExp(`<meta property="og:url" content="http://[^"]+/match/${approved}"`));
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/[^"]+\/icon-512\.png"/);
  expect(html).toContain('<meta property="og:locale" content="es_AR" />');

  const hidden = await (await anonymous.get(`/match/${pending}`)).text();
  expect(hidden).toContain('<meta property="og:title" content="Mitos y Leyendas — Partidas" />');
  expect(hidden).not.toContain(ana.player.username);
  await anonymous.dispose();
  await close(ana, beto);
});

test('Compartir opens the share sheet, or copies the link without one', async ({ browser }, testInfo) => {
  const { ana, beto, approved } = await sharedMatches(browser, testInfo);
  const page = ana.page;
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: unknown) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await page.goto(`/match/${approved}`);
  await page.getByRole('button', { name: 'Compartir' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared))
    .toEqual([expect.objectContaining({ url: expect.stringMatching(new RegExp(`/match/${approved}$`)) })]);
  await expect(page.getByText(MSG.linkCopied)).toHaveCount(0);

  // Without a share sheet, the link is copied.
  const copier = beto.page;
  await copier.addInitScript(() => {
    const copied: string[] = [];
    Object.assign(window, { __copied: copied });
    Object.defineProperty(navigator, 'share', { configurable: true, value: undefined });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    });
  });
  await copier.goto(`/user/${ana.player.id}`);
  await copier.getByRole('button', { name: 'Compartir' }).click();
  await expect(copier.getByText(MSG.linkCopied)).toBeVisible();
  expect(await copier.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([
    expect.stringMatching(new RegExp(`/user/${ana.player.id}$`)),
  ]);
  await close(ana, beto);
});

test('the home search lives in the address and survives a reload', async ({ browser }, testInfo) => {
  const { ana, beto } = await sharedMatches(browser, testInfo);
  const page = ana.page;
  await page.goto('/');
  await page.getByRole('button', { name: 'Buscar Partidas' }).click();
  await expect(page).toHaveURL(/\?buscar=1$/);
  await page.getByRole('combobox', { name: 'Jugador del Equipo 2' }).fill(beto.player.username.slice(0, 8));
  await page.getByRole('option', { name: new RegExp(beto.player.username) }).click();
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`equipo2=${beto.player.id}`));
  await expect(page.getByText('Mostrando resultados de la búsqueda')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Mostrando resultados de la búsqueda')).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Mazo de ${beto.player.username}` })).toBeVisible();
  await expect(page.getByRole('link', { name: /Ver partida/ })).toHaveCount(1);

  // A broken address is ignored, not an error.
  await page.goto('/?fecha=2026-02-31&equipo1=nada');
  await expect(page.getByRole('heading', { name: 'Partidas Recientes' })).toBeVisible();
  await expect(page.getByText('Mostrando resultados de la búsqueda')).toHaveCount(0);
  await close(ana, beto);
});
