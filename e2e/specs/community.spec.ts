import { expect, test } from '@playwright/test';
import {
  createMatchThroughApi,
  expectAccessible,
  expectNoHorizontalScroll,
  seat,
  signInAdmin,
  snap,
  uniqueName,
} from './support';

// Issue 15: the community lives on the server. What an admin creates in one browser, a player
// sees in another; an approved match at a store moves the rankings on every open screen.

test('an admin opens a store and a league; another browser sees them; an approved match there moves both rankings live', async ({
  browser,
}, testInfo) => {
  const adminContext = await browser.newContext({ ...testInfo.project.use });
  const admin = await adminContext.newPage();
  await signInAdmin(admin.request);

  // The store, through Tiendas Participantes.
  const storeName = uniqueName('Cartas ', testInfo);
  await admin.goto('/torneos/tiendas');
  await admin.getByRole('button', { name: 'Nueva Tienda' }).click();
  const storeDialog = admin.getByRole('dialog', { name: 'Nueva Tienda' });
  await storeDialog.getByRole('textbox', { name: 'Nombre', exact: true }).fill(storeName);
  await storeDialog.getByRole('textbox', { name: 'Barrio' }).fill('Boedo');
  await storeDialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(storeDialog).toHaveCount(0);
  await expect(admin.getByRole('link', { name: new RegExp(storeName) })).toBeVisible();
  await snap(admin, testInfo, 'community-stores-admin');

  // Its league, through Gestión de Ligas.
  const leagueName = uniqueName('Liga ', testInfo);
  await admin.goto('/admin/leagues');
  await admin.getByRole('button', { name: 'Nueva Liga' }).click();
  const leagueDialog = admin.getByRole('dialog', { name: 'Nueva Liga' });
  await leagueDialog.getByLabel('Nombre de la Liga').fill(leagueName);
  await leagueDialog.getByLabel('Tienda').click();
  await admin.getByRole('option', { name: new RegExp(storeName) }).click();
  await leagueDialog.getByRole('spinbutton', { name: 'Dia' }).click();
  await admin.keyboard.type('01012026');
  await leagueDialog.getByRole('button', { name: 'Crear Liga' }).click();
  await expect(admin.getByText('Liga creada exitosamente')).toBeVisible();

  // Two players in browsers of their own, with nothing stored from before.
  const ana = await seat(browser, 'ana_c', testInfo);
  const beto = await seat(browser, 'beto_c', testInfo);
  await ana.page.goto('/torneos/tiendas');
  await ana.page.getByRole('link', { name: new RegExp(storeName) }).click();
  await expect(ana.page.getByRole('heading', { name: storeName })).toBeVisible();
  const leagues = ana.page.getByRole('region', { name: 'Ligas' });
  await expect(leagues.getByText(leagueName)).toBeVisible();
  await expect(leagues.getByText('Activa')).toBeVisible();
  await snap(ana.page, testInfo, 'community-store-player');
  await expectAccessible(ana.page);
  await expectNoHorizontalScroll(ana.page);

  // Ana watches Ranking General; the admin watches the store's ranking. Neither reloads.
  await ana.page.goto('/torneos/general');
  const general = ana.page.getByRole('table', { name: 'Ranking General' });
  await expect(ana.page.getByRole('heading', { name: 'Ranking General' })).toBeVisible();
  await admin.goto('/torneos/tiendas');
  await admin.getByRole('link', { name: new RegExp(storeName) }).click();
  const storeRanking = admin.getByRole('table', { name: 'Ranking de la Temporada' });
  await expect(admin.getByRole('heading', { name: storeName })).toBeVisible();

  const storeId = Number(new URL(admin.url()).pathname.split('/').pop());
  const matchId = await createMatchThroughApi(ana, beto, { store_id: storeId });
  const approved = await beto.page.request.post(`/api/matches/${matchId}/approve`);
  expect(approved.ok()).toBe(true);

  for (const table of [general, storeRanking]) {
    await expect(table.getByRole('row').filter({ hasText: ana.player.username })).toContainText('100');
    await expect(table.getByRole('row').filter({ hasText: beto.player.username })).toContainText('10');
  }
  await snap(ana.page, testInfo, 'community-ranking-live');
  await snap(admin, testInfo, 'community-store-ranking-live');
  await expectAccessible(ana.page);

  await adminContext.close();
  await ana.page.context().close();
  await beto.page.context().close();
});
