import { expect, test } from '@playwright/test';
import {
  addPlayer,
  createDeck,
  createMatchThroughApi,
  expectAccessible,
  expectNoHorizontalScroll,
  registerPlayer,
  seat,
  signIn,
  snap,
} from './support';

test('two players: one records a match, the other sees the bell rise live, approves, and it counts for both', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'ana', testInfo);
  const beto = await seat(browser, 'beto', testInfo, 'Faraon');
  await beto.page.goto('/');
  const bell = beto.page.getByRole('button', { name: /^Notif/ });
  await expect(bell).toBeVisible();
  await expect(bell).not.toHaveAccessibleName(/pendiente/);

  await ana.page.goto('/new-match');
  await expect(ana.page.getByRole('heading', { name: 'Nueva Partida' })).toBeVisible();
  await snap(ana.page, testInfo, 'new-match-empty');
  await expectAccessible(ana.page);
  await addPlayer(ana.page, 1, ana.player.username);
  await addPlayer(ana.page, 2, beto.player.username);
  await ana.page.getByRole('button', { name: 'Sumar victoria al Equipo 1' }).click();
  await ana.page.getByRole('button', { name: 'Sumar victoria al Equipo 1' }).click();
  await ana.page.getByRole('button', { name: 'Sumar victoria al Equipo 2' }).click();
  await ana.page.getByRole('button', { name: /^Combo/ }).click();
  await expectNoHorizontalScroll(ana.page);
  await snap(ana.page, testInfo, 'new-match-filled');
  await ana.page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(ana.page).toHaveURL(/\/my-matches$/);
  await snap(ana.page, testInfo, 'my-matches');
  await expectAccessible(ana.page);

  // Beto's bell rises without a reload.
  await expect(bell).toHaveAccessibleName(/1 pendiente/);
  await bell.click();
  const menu = beto.page.getByRole('dialog', { name: 'Última notificación' });
  await expect(menu.getByText('Partida Pendiente')).toBeVisible();
  await snap(beto.page, testInfo, 'notification-dropdown');
  await expectAccessible(beto.page);
  await menu
    .getByRole('link', { name: /Ver partida/ })
    .or(menu.getByRole('button', { name: /Ver partida/ }))
    .first()
    .click();
  await expect(beto.page).toHaveURL(/\/match\/\d+$/);
  await expect(beto.page.getByRole('heading', { name: 'Detalles de la Partida' })).toBeVisible();
  await snap(beto.page, testInfo, 'match-detail-pending');
  await expectAccessible(beto.page);
  await beto.page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(beto.page.getByText('Partida aprobada correctamente')).toBeVisible();
  await expect(beto.page.getByText('Aprobada').first()).toBeVisible();
  await expect(bell).not.toHaveAccessibleName(/pendiente/);

  for (const { page, player, other, wins } of [
    { page: ana.page, player: ana.player, other: beto.player, wins: 1 },
    { page: beto.page, player: beto.player, other: ana.player, wins: 0 },
  ]) {
    await page.goto('/');
    const card = page.getByRole('link', {
      name: new RegExp(`${player.username}.*${other.username}|${other.username}.*${player.username}`),
    });
    await expect(card.first()).toBeVisible();
    if (page === ana.page) {
      await snap(page, testInfo, 'home-with-matches');
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
    await page.goto('/profile');
    const stats = page.getByRole('region', { name: 'Estadísticas' });
    await expect(stats).toContainText(/Partidas\s*1/);
    await expect(stats).toContainText(new RegExp(`Victorias\\s*${wins}`));
  }
  await snap(ana.page, testInfo, 'profile-after-match');
  await expectAccessible(ana.page);
});

test('rejection: the rival rejects, the creator recreates it prefilled, and the old match is cancelled', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'arej', testInfo);
  const beto = await seat(browser, 'brej', testInfo, 'Faraon');
  const matchId = await createMatchThroughApi(ana, beto);

  await beto.page.goto(`/match/${matchId}`);
  await beto.page.getByRole('button', { name: 'Rechazar' }).click();
  // Issue 14: Rechazar is confirmed first.
  await beto.page
    .getByRole('dialog', { name: '¿Rechazar la partida?' })
    .getByRole('button', { name: 'Rechazar' })
    .click();
  await expect(beto.page.getByText('Partida rechazada correctamente')).toBeVisible();
  await expect(beto.page.getByText('Rechazada').first()).toBeVisible();

  await ana.page.goto('/notifications');
  const rejectedTab = ana.page.getByRole('tab', { name: /Partidas Rechazadas/ });
  await expect(rejectedTab).toHaveAttribute('aria-selected', 'true');
  await snap(ana.page, testInfo, 'notifications-rejected');
  await expectAccessible(ana.page);
  await ana.page
    .getByRole('link', { name: /Ver partida/ })
    .first()
    .click();
  await expect(ana.page).toHaveURL(new RegExp(`/match/${matchId}$`));
  await snap(ana.page, testInfo, 'match-detail-rejected');
  await expectAccessible(ana.page);
  await ana.page.getByRole('button', { name: 'Crear Nueva' }).click();
  await expect(ana.page).toHaveURL(/\/new-match$/);
  await expect(ana.page.getByText(`Datos cargados de la partida rechazada #${matchId}`)).toBeVisible();
  await expect(
    ana.page
      .getByRole('region', { name: 'Equipo 1' })
      .getByText(ana.player.username, { exact: true })
      .first(),
  ).toBeVisible();
  await expect(
    ana.page
      .getByRole('region', { name: 'Equipo 2' })
      .getByText(beto.player.username, { exact: true })
      .first(),
  ).toBeVisible();
  await expect(ana.page.getByRole('button', { name: /^Remontada/ })).toHaveAttribute('aria-pressed', 'true');
  await snap(ana.page, testInfo, 'new-match-prefilled');
  await ana.page.getByRole('button', { name: 'Guardar Partida' }).click();
  await expect(ana.page).toHaveURL(/\/my-matches$/);

  const old = await ana.page.request.get(`/api/matches/${matchId}`);
  expect((await old.json()).approval_status).toBe('cancelled');
  const pending = await ana.page.request.get('/api/matches/pending');
  expect((await pending.json()).length).toBe(1);
});

test('new match form shows every validation message', async ({ browser }, testInfo) => {
  const ana = await seat(browser, 'aval', testInfo);
  const beto = await seat(browser, 'bval', testInfo, 'Faraon');
  const nodeck = await registerPlayer(ana.page.request, 'sinmazo', testInfo);
  const page = ana.page;
  await page.goto('/new-match');
  const missing = page.getByRole('list', { name: 'Falta para guardar' });
  await expect(missing).toContainText('Debes seleccionar exactamente 1 jugador para cada equipo en modo 1v1');
  await expect(page.getByRole('button', { name: 'Guardar Partida' })).toBeDisabled();

  const team1 = page.getByRole('combobox', { name: 'Buscar jugador para el Equipo 1' });
  await team1.fill(nodeck.username);
  await page.getByRole('option', { name: new RegExp(nodeck.username) }).click();
  await expect(page.getByText('El jugador no tiene un mazo por defecto configurado')).toBeVisible();

  await addPlayer(page, 1, ana.player.username);
  const team2 = page.getByRole('combobox', { name: 'Buscar jugador para el Equipo 2' });
  await team2.fill(ana.player.username);
  await page.getByRole('option', { name: new RegExp(ana.player.username) }).click();
  await expect(page.getByText('Este jugador ya está seleccionado en un equipo')).toBeVisible();

  await addPlayer(page, 2, beto.player.username);
  await team1.fill(beto.player.username);
  await page.getByRole('option', { name: new RegExp(beto.player.username) }).click();
  await expect(
    page.getByText(
      /En modalidad 1v1, solo se permite 1 jugador por equipo|Este jugador ya está seleccionado en un equipo/,
    ),
  ).toBeVisible();

  await expect(missing).toContainText('Debe haber al menos una victoria para guardar la partida');
  await expect(page.getByRole('button', { name: 'Restar victoria al Equipo 1' })).toBeDisabled();
  await page.getByRole('button', { name: 'Sumar victoria al Equipo 2' }).click();
  await expect(missing).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Guardar Partida' })).toBeEnabled();

  for (const h of ['Remontada', 'Paliza', 'Combo'])
    await page.getByRole('button', { name: new RegExp(`^${h}`) }).click();
  await expect(page.getByRole('button', { name: /^Rapida/ })).toBeDisabled();
  await page.getByRole('button', { name: /^Paliza/ }).click();
  await expect(page.getByRole('button', { name: /^Rapida/ })).toBeEnabled();
});

test('deck rules: a duplicate name is refused and the default deck cannot be deleted', async ({
  page,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'mazos', testInfo);
  await signIn(page, player);
  await createDeck(page, 'Caballeros');
  await page.goto('/decks');
  await page.getByLabel('Nombre del mazo').fill('  caballeros ');
  await expect(page.getByText('Ya existe un mazo con este nombre')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear Mazo' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Eliminar Caballeros' })).toBeDisabled();
  await page.getByLabel('Nombre del mazo').fill('Sombras');
  await page.getByRole('button', { name: 'Crear Mazo' }).click();
  await page.getByRole('button', { name: 'Eliminar Sombras' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar eliminación' });
  await expect(dialog).toContainText('Sombras');
  await snap(page, testInfo, 'delete-deck-dialog');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('button', { name: 'Eliminar Sombras' })).toHaveCount(0);
});
