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
 * How many tabs of the same browser context walk the routes at once. Each route is a full load,
 * and a full load shows the SPEC's splash for its first second (§2): one tab spent about 1.4 s of
 * each route's 1.6 s waiting for it (the walk 55–58 s a viewport), while four tabs wait side by
 * side (19–21 s).
 */
const WALK_TABS = 4;

/**
 * Visits each route at each width and collects every one whose page scrolls sideways; expects
 * none. `onScreen` runs once per route at the first width, on the tab showing it (screenshots,
 * extra checks). The routes are shared among a few tabs of `page`'s context (`page` is one).
 */
export async function expectNoOverflowOnRoutes(
  page: Page,
  routes: string[],
  widths: number[],
  onScreen?: (route: string, tab: Page) => Promise<void>,
) {
  const height = page.viewportSize()?.height ?? 800;
  const extraTabs = await Promise.all(
    Array.from({ length: Math.min(WALK_TABS, routes.length) - 1 }, () => page.context().newPage()),
  );
  const tabs = [page, ...extraTabs];
  // Only the tab in front draws frames (a screenshot waits for the transitions to settle, frame
  // by frame), so `onScreen` runs for one tab at a time, brought to the front first.
  let frontTurns = Promise.resolve();
  const inFront = (tab: Page, run: () => Promise<void>) => {
    const turn = frontTurns.then(async () => {
      await tab.bringToFront();
      await run();
    });
    frontTurns = turn.catch(() => {});
    return turn;
  };
  const offenders: string[][] = routes.map(() => []);
  try {
    await Promise.all(
      tabs.map(async (tab, first) => {
        for (let r = first; r < routes.length; r += tabs.length) {
          const route = routes[r]!;
          await tab.goto(route);
          await tab.locator('#splash').waitFor({ state: 'detached' });
          await tab.locator('main h1, main [role="progressbar"]').first().waitFor();
          // Screens that load data show a spinner first: wait for it to go.
          await expect(tab.locator('main [role="progressbar"]')).toHaveCount(0);
          for (const [i, width] of widths.entries()) {
            await tab.setViewportSize({ width, height });
            const overflow = await horizontalOverflow(tab, width);
            if (overflow > 1) offenders[r]!.push(`${route} @${width}px: ${overflow}px`);
            if (i === 0 && onScreen) await inFront(tab, () => onScreen(route, tab));
          }
        }
      }),
    );
  } finally {
    await Promise.all(extraTabs.map((tab) => tab.close()));
  }
  expect(offenders.flat()).toEqual([]);
}
