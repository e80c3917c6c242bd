import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { createDeck, expectAccessible, registerPlayer, signIn, snap } from './support';

/** The kept copy of the screens (IndexedDB, lib/query-persistence), as text; '' while none. */
function keptCopy(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('mitos-offline')) return '';
    return new Promise<string>((resolve) => {
      const open = indexedDB.open('mitos-offline');
      open.onerror = () => resolve('');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('queries')) return resolve('');
        const all = db.transaction('queries').objectStore('queries').getAll();
        all.onsuccess = () => resolve(JSON.stringify(all.result));
        all.onerror = () => resolve('');
      };
    });
  });
}

test('the manifest is served and valid, and the app is installable', async ({ page }, testInfo) => {
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Mitos y Leyendas — Partidas',
    short_name: 'Mitos y Leyendas',
    lang: 'es',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0b1220',
    background_color: '#0b1220',
  });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    purposes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...purposes].sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  expect((await page.request.get('/apple-touch-icon.png')).status()).toBe(200);
  expect((await page.request.get('/assets/no-existe-123.js')).status()).toBe(404);

  // Chromium never offers to install from an incognito-like context: a profile of its own.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mitos-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const installed = context.pages()[0] ?? (await context.newPage());
    await installed.goto('/login');
    await expect(installed.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
    await installed.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(installed);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a first visit downloads the build for offline use only after the screen has its file and data', async ({
  page,
  context,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'primera', testInfo);
  await signIn(page, player);
  await createDeck(page, 'Mazo de la primera visita');
  const times = { screenData: 0, firstWorkerDownload: 0 };
  context.on('request', (request) => {
    if (request.serviceWorker() && !times.firstWorkerDownload) times.firstWorkerDownload = Date.now();
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/decks' && !times.screenData) times.screenData = Date.now();
  });
  await page.goto('/decks');
  await expect(page.getByText('Mazo de la primera visita')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => times.firstWorkerDownload).toBeGreaterThan(0);
  expect(times.screenData).toBeGreaterThan(0);
  expect(times.firstWorkerDownload).toBeGreaterThan(times.screenData);
});

test('offline, a reload shows the app and the data loaded before, with the offline banner', async ({
  page,
  context,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'offline', testInfo);
  await signIn(page, player);
  const deck = `Mazo sin red ${testInfo.project.name}`;
  await createDeck(page, deck);
  await page.goto('/decks');
  await expect(page.getByText(deck)).toBeVisible();
  // The service worker controls the page, and the screen's data is kept on the device.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => keptCopy(page)).toContain(deck);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Sin conexión' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mis Mazos' })).toBeVisible();
  await expect(page.getByText(deck)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
  await snap(page, testInfo, 'offline-reload');

  // A screen never opened on this device says so rather than loading for good.
  await page.evaluate(() => {
    history.pushState({}, '', '/tournaments');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Esta pantalla no se guardó en este dispositivo' }),
  ).toBeVisible();
  await context.setOffline(false);
});

test.describe('after a deploy', () => {
  // The test blocks the server's files; a service worker would answer them from its copy.
  test.use({ serviceWorkers: 'block' });

  /** Signs in on the home screen, then answers 404 for every script it had not loaded before it moves on. */
  async function homeThenBlockNewScripts(page: Page, player: Parameters<typeof signIn>[1], heal: boolean) {
    await signIn(page, player);
    const loaded = new Set<string>();
    page.on('requestfinished', (r) => loaded.add(r.url()));
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    let failed = 0;
    // From the move to the other screen on: a file home asks for late on a slow machine (after
    // the network went quiet) is not the test's, and missing it would reload the page too soon.
    let moved = false;
    await page.route('**/assets/*.js', async (route) => {
      const url = route.request().url();
      if (!moved || loaded.has(url) || (heal && failed > 0 && loads > 1)) return route.continue();
      failed += 1;
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false}' });
    });
    // A screen of the old build: its file is gone.
    moved = true;
    await page.evaluate(() => {
      history.pushState({}, '', '/my-matches');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    return { loads: () => loads, failed: () => failed };
  }

  test('offline before the app is kept, a screen not loaded yet says so, never a reload, and loads when back online', async ({
    page,
    context,
  }, testInfo) => {
    const player = await registerPlayer(page.request, 'sinred', testInfo);
    await signIn(page, player);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await expect(page.getByRole('alert').filter({ hasText: 'Sin conexión a internet' })).toBeVisible();
    // Mis Partidas' file was never loaded: offline it cannot be, and a reload would show the
    // browser's own offline page instead of the app.
    await page.evaluate(() => {
      history.pushState({}, '', '/my-matches');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const notKept = page.getByRole('status').filter({
      hasText: 'Esta pantalla no se guardó en este dispositivo: se va a cargar cuando vuelva la conexión.',
    });
    await expect(notKept).toHaveCount(1);
    await expect(notKept).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(page.getByText('Algo salió mal al mostrar esta pantalla.')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    expect(loads).toBe(1);
    await snap(page, testInfo, 'offline-screen-not-kept');
    await expectAccessible(page);

    // Back online, the screen loads by itself, as the text promised.
    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Mis Partidas' })).toBeVisible();
    await expect(notKept).toHaveCount(0);
    expect(loads).toBe(1);
  });

  test('a missing screen file reloads the page once, which recovers', async ({ page }, testInfo) => {
    const player = await registerPlayer(page.request, 'deploy', testInfo);
    const run = await homeThenBlockNewScripts(page, player, true);
    await expect(page.getByRole('heading', { name: 'Mis Partidas' })).toBeVisible();
    expect(run.failed()).toBeGreaterThan(0);
    expect(run.loads()).toBe(2);
    await expect(page).toHaveURL(/\/my-matches$/);
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  });

  test('a file still missing after the reload shows the Spanish error with Reintentar, once', async ({
    page,
  }, testInfo) => {
    const player = await registerPlayer(page.request, 'deploy', testInfo);
    const run = await homeThenBlockNewScripts(page, player, false);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Algo salió mal al mostrar esta pantalla.' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(run.loads()).toBe(2);
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    await snap(page, testInfo, 'deploy-error');
    await expectAccessible(page);

    // The files are back: Reintentar shows the screen.
    await page.unroute('**/assets/*.js');
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByRole('heading', { name: 'Mis Partidas' })).toBeVisible();
  });
});
