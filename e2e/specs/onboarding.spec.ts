import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  expectAccessible,
  expectNoHorizontalScroll,
  loginThroughForm,
  snap,
  uniqueName,
} from './support';

test('a new player registers, logs in, is welcomed, creates a deck, and the welcome goes away', async ({
  page,
}, testInfo) => {
  const username = uniqueName('nuevo', testInfo);
  const email = `${username.toLowerCase()}@example.com`;

  await page.goto('/register');
  await snap(page, testInfo, 'register');
  await expectAccessible(page);
  await page.getByLabel('Nombre de usuario').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByText('¡Registro exitoso! Redirigiendo...')).toBeVisible();
  await page.waitForURL('**/login');

  await snap(page, testInfo, 'login');
  await expectAccessible(page);
  await loginThroughForm(page, { email, password: PASSWORD });
  await expect(page.getByRole('heading', { name: 'Bienvenido' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap(page, testInfo, 'home-welcome');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Crear mi Primer Mazo' }).click();
  await expect(page).toHaveURL(/\/decks$/);
  await page.getByLabel('Nombre del mazo').fill('Dragones de Fuego');
  await page.getByRole('button', { name: 'Crear Mazo' }).click();
  await expect(page.getByText('Dragones de Fuego').first()).toBeVisible();
  await snap(page, testInfo, 'decks');
  await expectAccessible(page);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Partidas Recientes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bienvenido' })).toHaveCount(0);
});

test('register and login rules show the SPEC messages and keep the buttons disabled', async ({ page }) => {
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Registrarse' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Nombre de usuario').fill('ab');
  await page.getByLabel('Email').fill('no-es-email');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('123');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).blur();
  await expect(page.getByText('El nombre de usuario debe tener al menos 3 caracteres')).toBeVisible();
  await expect(page.getByText('Por favor ingresa un email válido')).toBeVisible();
  await expect(page.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
  await expect(submit).toBeDisabled();

  await page.goto('/login');
  const enter = page.getByRole('button', { name: 'Ingresar' });
  await expect(enter).toBeDisabled();
  await page.getByLabel('Email').fill('sin-arroba');
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Por favor ingresa un email válido')).toBeVisible();
  await expect(enter).toBeDisabled();
  await page.getByLabel('Email').fill('nadie@example.com');
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('equivocada');
  await enter.click();
  await expect(page.getByText('Email o contraseña incorrectos')).toBeVisible();
});
