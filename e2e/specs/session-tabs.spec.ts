import { expect, test, type Route } from '@playwright/test';
import { createDeck, registerPlayer, signIn } from './support';

const TABS = 4;

test('several tabs refreshing at once after the access token expired all stay signed in', async ({
  page,
  context,
}, testInfo) => {
  const player = await registerPlayer(page.request, 'pestanas', testInfo);
  await signIn(page, player);
  await createDeck(page, 'Compartido', 'Eterno');
  const origin = new URL(testInfo.project.use.baseURL!).origin;
  const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];

  // Every tab's refresh is held until all of them have asked, then all go at once with the same
  // refresh cookie: the race two tabs run when they wake up after the access token expired.
  const held: Route[] = [];
  let released = false;
  await context.route('**/api/auth/refresh', async (route) => {
    if (released) return route.continue();
    held.push(route);
    if (held.length === TABS) {
      released = true;
      await Promise.all(held.map((r) => r.continue()));
    }
  });

  // The access cookie is no longer valid (as when it expires); the refresh cookie is still there.
  await context.clearCookies({ name: 'access_token' });
  await context.addCookies([{ name: 'access_token', value: 'v1.caducado.firma', url: origin }]);
  await Promise.all(tabs.map((tab) => tab.goto('/decks')));

  // Four tabs start cold at once on the same two cores as the other worker and the server: each
  // may take longer than one tab's first visit (up to 19 s measured from the goto), hence 30 s.
  for (const tab of tabs) {
    await expect(tab).toHaveURL(/\/decks$/);
    await expect(tab.getByText('Compartido').first()).toBeVisible({ timeout: 30_000 });
  }
  expect(released).toBe(true);

  // The session survived the race: the family was not revoked, the next refresh works too.
  await context.clearCookies({ name: 'access_token' });
  const again = await page.request.post('/api/auth/refresh');
  expect(again.status()).toBe(200);
  await tabs[1]!.reload();
  await expect(tabs[1]!).toHaveURL(/\/decks$/);
  await expect(tabs[1]!.getByText('Compartido').first()).toBeVisible();
});
