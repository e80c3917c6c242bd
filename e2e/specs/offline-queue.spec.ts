import { expect, test, type Page } from '@playwright/test';
import { addPlayer, expectAccessible, seat, snap, type Seat } from './support';

/** Issue 18 (docs/decisions/018): a match saved offline waits in the outbox and is sent once. */

const SAVED_OFFLINE = 'Partida guardada sin conexión. Se enviará cuando vuelvas a estar en línea.';

/**
 * Opens Mis Partidas, then the form by navigating inside the app, so the code of both screens is
 * loaded before the page goes offline (without a service worker it could not be downloaded then).
 */
async function openForm(page: Page) {
  await page.goto('/my-matches');
  await expect(page.getByRole('heading', { name: 'Mis Partidas', level: 1 })).toBeVisible();
  await page.evaluate(() => {
    history.pushState({}, '', '/new-match');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Nueva Partida' })).toBeVisible();
}

async function fillMatch(ana: Seat, beto: Seat) {
  await addPlayer(ana.page, 1, ana.player.username);
  await addPlayer(ana.page, 2, beto.player.username);
  await ana.page.getByRole('button', { name: 'Sumar victoria al Equipo 1' }).click();
  await ana.page.getByRole('button', { name: 'Sumar victoria al Equipo 1' }).click();
  await ana.page.getByRole('button', { name: 'Sumar victoria al Equipo 2' }).click();
}

/** The matches `creator` recorded, as the API lists them. */
async function recordedBy(s: Seat): Promise<number[]> {
  const res = await s.page.request.get('/api/matches/me?limit=50');
  expect(res.ok()).toBe(true);
  const list: { id: number; created_by: number }[] = await res.json();
  return list.filter((m) => m.created_by === s.player.id).map((m) => m.id);
}

test('a match saved offline shows as Pendiente de envío and is sent once when back online', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'offa', testInfo);
  const beto = await seat(browser, 'offb', testInfo, 'Faraon');
  const page = ana.page;
  await openForm(page);
  await fillMatch(ana, beto);

  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(page).toHaveURL(/\/my-matches$/);
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();
  const outbox = page.getByRole('region', { name: 'Pendientes de envío' });
  const card = outbox.getByRole('article', { name: `${ana.player.username} vs ${beto.player.username}` });
  await expect(card.getByText('Pendiente de envío')).toBeVisible();
  await expect(card.getByText('Resultado: 2 - 1')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Descartar' })).toBeVisible();
  await snap(page, testInfo, 'offline-outbox');
  await expectAccessible(page);
  expect(await recordedBy(ana)).toEqual([]);

  await page.context().setOffline(false);
  await expect(outbox).toBeHidden();
  await expect.poll(() => recordedBy(ana)).toHaveLength(1);

  // A reload sends nothing again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mis Partidas', level: 1 })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await recordedBy(ana)).toHaveLength(1);
});

test('a save whose answer was lost is sent again with the same key and recorded once', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'losa', testInfo);
  const beto = await seat(browser, 'losb', testInfo, 'Faraon');
  const page = ana.page;
  const keys: string[] = [];
  await page.route('**/api/matches', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    keys.push((await request.headerValue('idempotency-key')) ?? '');
    if (keys.length > 1) return route.continue();
    // The server records the match, but the browser never hears back.
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    return route.abort('failed');
  });
  await openForm(page);
  await fillMatch(ana, beto);
  await page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(page).toHaveURL(/\/my-matches$/);
  await expect(page.getByText(SAVED_OFFLINE)).toBeVisible();

  await expect.poll(() => keys.length).toBeGreaterThanOrEqual(2);
  expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  expect(new Set(keys).size).toBe(1);
  await expect(page.getByRole('region', { name: 'Pendientes de envío' })).toBeHidden();
  await page.waitForTimeout(500);
  expect(await recordedBy(ana)).toHaveLength(1);
});
