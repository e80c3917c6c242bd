import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, seat, snap, type Seat } from './support';

// Issue 17: Mitos Rating and the statistics players look at (docs/decisions/016).

/** A 1v1 `creator` won `s1`–`s2` on `date`, approved by the rival: answers its id. */
async function approvedMatch(creator: Seat, rival: Seat, s1: number, s2: number, date: string) {
  const res = await creator.page.request.post('/api/matches', {
    data: {
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [creator.player.id],
      team2_players: [rival.player.id],
      team1_decks: [creator.deckId],
      team2_decks: [rival.deckId],
      team1_score: s1,
      team2_score: s2,
      total_matches: 3,
      match_date: date,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).id as number;
  expect((await rival.page.request.post(`/api/matches/${id}/approve`)).ok()).toBe(true);
  return id;
}

test('the profile shows the Mitos Rating and the statistics as charts with tables; Ranking General sorts by rating; the metagame', async ({
  browser,
}, testInfo) => {
  const ana = await seat(browser, 'arating', testInfo, 'Dragon');
  const beto = await seat(browser, 'brating', testInfo, 'Heroe');
  const page = ana.page;

  // Before any match: the tile keeps its name and says there is nothing to rate yet.
  await page.goto('/profile');
  const stats = page.getByRole('region', { name: 'Estadísticas' });
  await expect(stats.getByText('Mitos Rating')).toBeVisible();
  await expect(stats.getByText('Sin partidas')).toBeVisible();

  // Five matches over three months this year: ana wins three.
  const year = new Date().getUTCFullYear();
  const month = new Date().getUTCMonth();
  const day = (m: number, d: number) => new Date(Date.UTC(year, Math.max(0, month - m), d, 18)).toISOString();
  await approvedMatch(ana, beto, 2, 0, day(2, 3));
  await approvedMatch(ana, beto, 2, 1, day(2, 10));
  await approvedMatch(beto, ana, 2, 1, day(1, 5));
  await approvedMatch(ana, beto, 2, 0, day(1, 12));
  await approvedMatch(beto, ana, 2, 0, day(0, 1));
  const rating = (await (await page.request.get(`/api/users/${ana.player.id}/rating`)).json()) as {
    allTime: { rating: number; matches: number; provisional: boolean };
  };
  expect(rating.allTime).toMatchObject({ matches: 5, provisional: true });

  await page.reload();
  await expect(stats.getByText(String(rating.allTime.rating), { exact: false })).toBeVisible();
  await expect(stats.getByText('Provisional')).toBeVisible();

  const performance = page.getByRole('region', { name: 'Rendimiento' });
  const form = performance.getByRole('figure', { name: 'Forma' });
  await expect(form).toBeVisible();
  // The chart's table alternative, on request.
  await form.getByRole('button', { name: 'Ver tabla de Forma' }).click();
  await expect(form.getByRole('table', { name: 'Forma' })).toBeVisible();
  await expect(form.getByRole('table', { name: 'Forma' }).getByRole('row')).toHaveCount(
    1 + Math.min(3, month + 1),
  );
  await form.getByRole('button', { name: 'Ver gráfico de Forma' }).click();
  await form.getByRole('group', { name: 'Agrupar por' }).getByRole('button', { name: 'Semana' }).click();
  await expect(
    form.getByRole('group', { name: 'Agrupar por' }).getByRole('button', { name: 'Semana' }),
  ).toHaveAttribute('aria-pressed', 'true');

  const streaks = performance.getByRole('region', { name: 'Rachas' });
  await expect(streaks).toContainText('1 derrota');
  const opponents = performance.getByRole('region', { name: 'Rivales más frecuentes' });
  await expect(opponents.getByRole('link', { name: beto.player.username })).toBeVisible();

  // Head-to-head against beto: 3 wins of 5.
  const h2h = performance.getByRole('region', { name: 'Cara a cara' });
  await h2h.getByRole('combobox', { name: 'Rival' }).click();
  await page.getByRole('option', { name: `${beto.player.username} (5 partidas)` }).click();
  await expect(
    h2h.getByRole('list', { name: `Últimas partidas contra ${beto.player.username}` }),
  ).toBeVisible();
  await expect(h2h.getByText('60%')).toBeVisible();

  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await snap(page, testInfo, 'profile-statistics');

  // Another player's profile shows the same rating.
  await beto.page.goto(`/user/${ana.player.id}`);
  await expect(
    beto.page.getByRole('region', { name: 'Estadísticas' }).getByText(String(rating.allTime.rating)),
  ).toBeVisible();

  // Each deck's record.
  await page.goto('/decks');
  await expect(page.getByText('5 partidas · 3 victorias · 60% de victorias')).toBeVisible();

  // Ranking General by Mitos Rating shows the column.
  await page.goto('/torneos/general');
  await page.getByRole('button', { name: 'Mitos Rating' }).click();
  await expect(page.getByRole('columnheader', { name: 'Mitos Rating' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await snap(page, testInfo, 'ranking-by-rating');

  // The metagame: races of the season, with the table alternative.
  await page.goto('/metagame');
  await expect(page.getByRole('heading', { name: 'Metagame' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tienda' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await snap(page, testInfo, 'metagame');
});

test("the profile's figures take the room they will have while they load: nothing below them moves when they come", async ({
  browser,
}, testInfo) => {
  const { page } = await seat(browser, 'layout', testInfo);
  // The figures' answers are held until the placeholders have been measured. They are ones whose
  // texts fit a line each on a phone (a fresh player's 100 % beside Excelente takes two), so that
  // the heights compared are the layout's alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = (path: RegExp, json?: object) =>
    page.route(path, async (route) => {
      await held;
      await (json ? route.fulfill({ json }) : route.continue());
    });
  await answer(/\/api\/users\/\d+\/rating$/);
  await answer(/\/api\/users\/\d+\/stats$/, {
    matches: 36,
    wins: 13,
    losses: 23,
    winRate: 36,
    approvalRate: 98,
    approvalHealth: 'Excelente',
  });
  await answer(/\/api\/users\/\d+\/standing$/, {
    season: {
      id: 1,
      name: 'Verano',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      current: true,
      closedAt: null,
    },
    position: 3,
    matches: 4,
    wins: 3,
    points: 90,
    rank: { level: 1, name: 'Huevo' },
    torCode: null,
    stores: [{ id: 1, name: 'La Cripta' }],
  });

  await page.goto('/profile');
  const stats = page.getByRole('region', { name: 'Estadísticas' });
  // Each figure's tile (its <dd>'s box).
  const tiles = stats.getByRole('definition').locator('..');
  const season = page.getByRole('region', { name: 'Temporada' });
  const card = season.locator('[aria-busy]');
  const below = page.getByRole('heading', { name: 'Mis Mazos' });
  await expect(card).toHaveAttribute('aria-busy', 'true');
  await expect(tiles).toHaveCount(6);
  const boxes = async () => ({
    tiles: await Promise.all((await tiles.all()).map(async (tile) => (await tile.boundingBox())?.height)),
    card: await card.boundingBox(),
    below: (await below.boundingBox())?.y,
  });
  const loading = await boxes();

  release();
  await expect(card).toHaveAttribute('aria-busy', 'false');
  await expect(stats.locator('dl')).toHaveAttribute('aria-busy', 'false');
  await expect(stats.getByText('Sin partidas')).toBeVisible();
  await expect(season.getByRole('textbox', { name: 'Código TOR' })).toBeEditable();
  const loaded = await boxes();
  expect(loaded).toEqual(loading);
  await snap(page, testInfo, 'profile-loaded-in-place');
});
