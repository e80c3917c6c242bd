import { expect, test } from '@playwright/test';
import { createDeck, registerPlayer, signIn } from './support';

const PAYLOAD = '<img src=x onerror="window.__xss=1">';

test('text that users write is shown as text everywhere, never run as HTML', async ({
  page,
  browser,
}, testInfo) => {
  const ana = await registerPlayer(page.request, 'xssana', testInfo);
  await signIn(page, ana);
  const deckId = await createDeck(page, PAYLOAD, 'Sombra');
  const description = await page.request.put(`/api/decks/${deckId}`, {
    data: { name: PAYLOAD, raza: 'Sombra', description: '<script>window.__xss=2</script>' },
  });
  expect(description.ok()).toBe(true);

  const rivalContext = await browser.newContext();
  const rivalPage = await rivalContext.newPage();
  const beto = await registerPlayer(rivalPage.request, 'xssbeto', testInfo);
  await signIn(rivalPage, beto);
  const betoDeck = await createDeck(rivalPage, 'Normal', 'Heroe');
  const created = await page.request.post('/api/matches', {
    data: {
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [ana.id],
      team2_players: [beto.id],
      team1_decks: [deckId],
      team2_decks: [betoDeck],
      team1_score: 1,
      team2_score: 0,
      highlights: ['Combo'],
    },
  });
  expect(created.status()).toBe(201);
  const matchId = (await created.json()).id;
  expect((await rivalPage.request.post(`/api/matches/${matchId}/approve`)).ok()).toBe(true);
  await rivalContext.close();

  // The match card shows races, not deck names; the other screens show the name as text.
  for (const [path, showsName] of [
    ['/decks', true],
    ['/profile', true],
    [`/match/${matchId}`, true],
    ['/', false],
    ['/my-matches', false],
  ] as const) {
    await page.goto(path);
    if (showsName) await expect(page.getByText(PAYLOAD).first()).toBeVisible();
    else await expect(page.getByText('Combo').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
  }
});
