import { expect, type Page } from '@playwright/test';

/**
 * Every screen of the app (SPEC §2 route table and the tournament sub-routes), with ids the caller
 * created (the database starts empty): a match, a user, a store, a tournament whose every screen
 * is walked, and more tournaments whose bracket is (an elimination, a round robin…).
 */
export function allRoutes(ids: {
  matchId: number;
  userId: number;
  storeId: number;
  tournamentId: number;
  bracketIds: readonly number[];
}): string[] {
  const t = `/tournaments/${ids.tournamentId}`;
  return [
    '/',
    '/help',
    '/profile',
    '/new-match',
    '/decks',
    '/my-matches',
    '/matches',
    `/match/${ids.matchId}`,
    `/user/${ids.userId}`,
    '/notifications',
    '/tournaments',
    t,
    `${t}/participants`,
    `${t}/bracket`,
    ...ids.bracketIds.map((id) => `/tournaments/${id}/bracket`),
    `${t}/calendar`,
    `${t}/leaderboard`,
    `${t}/matches`,
    '/torneos',
    '/torneos/general',
    '/torneos/tiendas',
    `/torneos/tiendas/${ids.storeId}`,
    `/torneos/tiendas/${ids.storeId}/resultados`,
    '/metagame',
    '/admin',
    '/admin/players',
    '/admin/results',
    '/admin/leagues',
    '/no-existe',
  ];
}

/** Screens a signed-out visitor sees. */
export const PUBLIC_ROUTES = ['/login', '/register', '/help'];

/**
 * How far the page reaches beyond the screen's right edge, in CSS pixels. Measured against the
 * device width, not `innerWidth`: a phone (isMobile) widens its layout viewport to fit content
 * that is too wide, zooming the whole page out, so `innerWidth` would hide the overflow.
 */
export function horizontalOverflow(page: Page, width: number): Promise<number> {
  return page.evaluate((w) => document.documentElement.scrollWidth - w, width);
}

/**
 * Visits each route at each width and collects every one whose page scrolls sideways; expects
 * none. `onScreen` runs once per route at the first width (screenshots, extra checks).
 */
export async function expectNoOverflowOnRoutes(
  page: Page,
  routes: string[],
  widths: number[],
  onScreen?: (route: string) => Promise<void>,
) {
  const height = page.viewportSize()?.height ?? 800;
  const offenders: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await page.locator('#splash').waitFor({ state: 'detached' });
    await page.locator('main h1, main [role="progressbar"]').first().waitFor();
    // Screens that load data show a spinner first: wait for it to go.
    await expect(page.locator('main [role="progressbar"]')).toHaveCount(0);
    for (const [i, width] of widths.entries()) {
      await page.setViewportSize({ width, height });
      const overflow = await horizontalOverflow(page, width);
      if (overflow > 1) offenders.push(`${route} @${width}px: ${overflow}px`);
      if (i === 0 && onScreen) await onScreen(route);
    }
  }
  expect(offenders).toEqual([]);
}
