import { expect, test } from '@playwright/test';
import {
  createStoreThroughApi,
  expectAccessible,
  expectNoHorizontalScroll,
  registerPlayer,
  signIn,
  signInAdmin,
  snap,
  uniqueName,
} from './support';

test.beforeEach(async ({ page }, testInfo) => {
  const player = await registerPlayer(page.request, 'local', testInfo);
  await signIn(page, player);
});

test('tournaments: list, create dialog rules, detail and its sections', async ({ page }, testInfo) => {
  // Crear Torneo is for admins, tournament admins and organisers (decision 015), at a store.
  await signInAdmin(page.request);
  const store = await createStoreThroughApi(page.request, uniqueName('Torneos ', testInfo));
  // A second store: with only one, the form chooses it by itself (as when this spec runs first on
  // a fresh database), and the store's own error below would not show.
  await createStoreThroughApi(page.request, uniqueName('Torneos B ', testInfo));
  await page.goto('/tournaments');
  await expect(page.getByRole('heading', { name: 'Torneos Activos' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Torneos Finalizados' })).toBeVisible();
  await snap(page, testInfo, 'tournaments');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.getByRole('button', { name: 'Crear Torneo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Torneo' });
  await dialog.getByRole('button', { name: 'Crear Torneo' }).click();
  await expect(dialog.getByText('El nombre del torneo es requerido')).toBeVisible();
  await expect(dialog.getByText('La fecha de inicio es requerida')).toBeVisible();
  await expect(dialog.getByText('Elige la tienda del torneo')).toBeVisible();
  const name = uniqueName('Copa Primavera ', testInfo);
  await dialog.getByLabel('Nombre del Torneo').fill(name);
  await dialog.getByLabel('Tienda').click();
  await page.getByRole('option', { name: store.name }).click();
  // Issue 14: one Spanish date picker everywhere (DD/MM/YYYY), typed section by section.
  await dialog.getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.type('05122026');
  await dialog.getByRole('button', { name: 'Crear Torneo' }).click();
  await expect(page).toHaveURL(/\/tournaments\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(store.name).first()).toBeVisible();
  await snap(page, testInfo, 'tournament-detail');
  await expectAccessible(page);

  for (const [button, name] of [
    ['Participantes', 'tournament-participants'],
    ['Bracket', 'tournament-bracket'],
    ['Calendario', 'tournament-calendar'],
    ['Posiciones', 'tournament-leaderboard'],
    ['Partidas', 'tournament-matches'],
  ] as const) {
    const detail = page.url();
    await page.getByRole('main').getByRole('link', { name: button, exact: true }).first().click();
    await expect(page).not.toHaveURL(detail);
    await snap(page, testInfo, name);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    await page.goBack();
  }
});

test('rankings and stores: hub, general ranking, stores, store detail and results', async ({
  page,
  request,
}, testInfo) => {
  await signInAdmin(request);
  const store = await createStoreThroughApi(request, uniqueName('Dragón ', testInfo));

  await page.goto('/torneos');
  await snap(page, testInfo, 'torneos-hub');
  await expectAccessible(page);
  await page.getByRole('link', { name: /Ranking General/ }).click();
  await expect(page.getByText('Temporada Actual').first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Tienda' })).toHaveCount(0);
  await snap(page, testInfo, 'ranking-general');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.goto('/torneos/tiendas');
  await expect(page.getByText('Tiendas Participantes')).toBeVisible();
  await snap(page, testInfo, 'tiendas');
  await expectAccessible(page);
  await page.getByRole('link', { name: new RegExp(store.name) }).click();
  await expect(page.getByText('Ranking de la Temporada')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ligas' })).toBeVisible();
  await snap(page, testInfo, 'tienda');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Ver Partidas' }).click();
  await expect(page.getByText(`Partidas - ${store.name}`)).toBeVisible();
  await snap(page, testInfo, 'tienda-resultados');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});

test('admin: a player is refused; the admin’s panel, players and leagues forms work', async ({
  page,
}, testInfo) => {
  await page.goto('/admin');
  await expect(page.getByText('No tienes acceso a la administración')).toBeVisible();
  await snap(page, testInfo, 'admin-refused');

  await signInAdmin(page.request);
  const store = await createStoreThroughApi(page.request, uniqueName('Torre ', testInfo));
  await page.goto('/admin');
  await expect(page.getByText('Panel de Administración')).toBeVisible();
  await snap(page, testInfo, 'admin');
  await expectAccessible(page);

  await page.goto('/admin/players');
  const name = uniqueName('Jugadora_', testInfo);
  const form = page.getByRole('form', { name: 'Agregar jugador' });
  await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
  await form.getByLabel('Código TOR').fill(`T${Date.now().toString(36).slice(-6).toUpperCase()}`);
  await form.getByRole('button', { name: /Agregar/ }).click();
  const invitation = page.getByRole('dialog', { name: 'Jugador agregado' });
  await expect(invitation.getByText(/Código de invitación/)).toBeVisible();
  await snap(page, testInfo, 'admin-players-invitation');
  await invitation.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('searchbox', { name: 'Buscar jugador' }).fill(name);
  await expect(page.getByRole('table', { name: 'Jugadores registrados' }).getByText(name)).toBeVisible();
  await snap(page, testInfo, 'admin-players');
  await expectAccessible(page);

  await page.goto('/admin/results');
  await snap(page, testInfo, 'admin-results');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);

  await page.goto('/admin/leagues');
  await expect(page.getByText('Gestión de Ligas')).toBeVisible();
  await page.getByRole('button', { name: 'Nueva Liga' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva Liga' });
  await dialog.getByRole('button', { name: 'Crear Liga' }).click();
  await expect(dialog.getByText('Por favor completa todos los campos')).toBeVisible();
  const league = uniqueName('Liga E2E ', testInfo);
  await dialog.getByLabel('Nombre de la Liga').fill(league);
  await dialog.getByLabel('Tienda').click();
  await page.getByRole('option', { name: new RegExp(store.name) }).click();
  await dialog.getByRole('spinbutton', { name: 'Dia' }).click();
  await page.keyboard.type('01122026');
  await dialog.getByRole('button', { name: 'Crear Liga' }).click();
  await expect(page.getByText('Liga creada exitosamente')).toBeVisible();
  await expect(page.getByText(league).first()).toBeVisible();
  await snap(page, testInfo, 'admin-leagues');
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
});
