import { expect, test } from '@playwright/test';
import { createDeck, expectAccessible, loginThroughForm, registerPlayer, signIn, snap } from './support';

test('a signed-out visit to /profile goes to /login and comes back after login', async ({
  page,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'volver', testInfo);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, player);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(player.username).first()).toBeVisible();
  await snap(page, testInfo, 'profile');
  await expectAccessible(page);
});

test('logout from the menu ends the session', async ({ page }, testInfo) => {
  const player = await registerPlayer(page.request, 'salir', testInfo);
  await signIn(page, player);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menú' }).click();
  await snap(page, testInfo, 'menu');
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/decks');
  await expect(page).toHaveURL(/\/login$/);
});

test('an expired access token is refreshed without the player noticing', async ({
  page,
  context,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'renueva', testInfo);
  await signIn(page, player);
  await createDeck(page, 'Eternos', 'Eterno');
  const origin = new URL(page.url() === 'about:blank' ? testInfo.project.use.baseURL! : page.url()).origin;
  // The access cookie is gone (as when it expires); the refresh cookie is still there.
  await context.clearCookies({ name: 'access_token' });
  await context.addCookies([{ name: 'access_token', value: 'v1.caducado.firma', url: origin }]);
  await page.goto('/decks');
  await expect(page).toHaveURL(/\/decks$/);
  await expect(page.getByText('Eternos').first()).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'access_token')?.value).not.toBe('v1.caducado.firma');
});

test('help and user profile screens open', async ({ page }, testInfo) => {
  const player = await registerPlayer(page.request, 'ayuda', testInfo);
  await signIn(page, player);
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Ayuda (En Progreso)' })).toBeVisible();
  await snap(page, testInfo, 'help');
  await expectAccessible(page);
  await page.goto(`/user/${player.id}`);
  await expect(page.getByText(player.username).first()).toBeVisible();
  await snap(page, testInfo, 'user-profile');
  await expectAccessible(page);
});
