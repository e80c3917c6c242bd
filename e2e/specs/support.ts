import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const screenshotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const PASSWORD = 'secreto123';

export interface Player {
  id: number;
  username: string;
  email: string;
  password: string;
}

/** A unique name per test and viewport, so specs can run side by side on one database. */
export function uniqueName(prefix: string, testInfo: TestInfo): string {
  const tag = `${testInfo.project.name[0]}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1e4)}`;
  return `${prefix}${tag}`.slice(0, 30);
}

/** Registers a player through the API (faster than the form, which has its own spec). */
export async function registerPlayer(
  request: APIRequestContext,
  prefix: string,
  testInfo: TestInfo,
): Promise<Player> {
  const username = uniqueName(prefix, testInfo);
  const email = `${username.toLowerCase()}@example.com`;
  const res = await request.post('/api/auth/register', { data: { username, email, password: PASSWORD } });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { id: body.user.id, username, email, password: PASSWORD };
}

/** The e2e server makes an admin of whoever registers with this email (ADMIN_EMAILS). */
export const ADMIN_EMAIL = 'admin-e2e@example.com';

/**
 * The community's admin, registered once per server run (whichever spec comes first) and signed
 * in on this request context (a page's `page.request`, or the `request` fixture).
 */
export async function signInAdmin(request: APIRequestContext): Promise<Player> {
  const admin = { username: 'admin_e2e', email: ADMIN_EMAIL, password: PASSWORD };
  const registered = await request.post('/api/auth/register', { data: admin });
  if (registered.status() !== 201) expect(registered.status()).toBe(409);
  const res = await request.post('/api/auth/login', {
    data: { email: admin.email, password: admin.password },
  });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  expect(body.user.role).toBe('admin');
  return { id: body.user.id, ...admin };
}

/** A store created by the signed-in admin of this request context, with these organisers. */
export async function createStoreThroughApi(
  request: APIRequestContext,
  name: string,
  organisers: readonly number[] = [],
): Promise<{ id: number; name: string }> {
  const res = await request.post('/api/stores', { data: { name, neighborhood: 'Palermo' } });
  expect(res.status(), await res.text()).toBe(201);
  const store = await res.json();
  if (organisers.length > 0) {
    const set = await request.put(`/api/stores/${store.id}/organisers`, { data: { userIds: organisers } });
    expect(set.ok()).toBe(true);
  }
  return { id: store.id, name: store.name };
}

/** Signs the page's browser context in through the API: the cookies land in the context. */
export async function signIn(page: Page, player: Player) {
  const res = await page.request.post('/api/auth/login', {
    data: { email: player.email, password: player.password },
  });
  expect(res.ok()).toBe(true);
}

export async function createDeck(page: Page, name: string, raza = 'Dragon'): Promise<number> {
  const res = await page.request.post('/api/decks', { data: { name, raza } });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

export async function loginThroughForm(page: Page, player: Pick<Player, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(player.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Screenshot evidence under e2e/screenshots/, one per screen and viewport. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(screenshotsDir, { recursive: true });
  // The splash covers the screen for its first second (SPEC §2): picture the screen, not the splash.
  await page.locator('#splash').waitFor({ state: 'detached' });
  await settleTransitions(page);
  await page.screenshot({
    path: path.join(screenshotsDir, `${testInfo.project.name}-${name}.png`),
    fullPage: true,
  });
}

/** No serious or critical accessibility violation on the current screen. */
export async function expectAccessible(page: Page) {
  await settleTransitions(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
    [],
  );
}

/**
 * Waits until no CSS transition runs (a menu growing, a dialog fading out), across two animation
 * frames, so that axe judges what the player sees at rest and not a half-transparent frame.
 * Endless CSS animations (spinners) are not transitions and do not hold this up.
 */
export async function settleTransitions(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const idle = () =>
          document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running');
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(idle())));
      }),
    undefined,
    { polling: 100 },
  );
}

/** The page has no horizontal scroll (mobile first). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** A signed-in player with a default deck, in a browser context of their own. */
export interface Seat {
  page: Page;
  player: Player;
  deckId: number;
}

export async function seat(
  browser: Browser,
  prefix: string,
  testInfo: TestInfo,
  raza = 'Dragon',
): Promise<Seat> {
  const context = await browser.newContext({ ...testInfo.project.use });
  const page = await context.newPage();
  const player = await registerPlayer(page.request, prefix, testInfo);
  await signIn(page, player);
  const deckId = await createDeck(page, `Mazo de ${prefix}`, raza);
  return { page, player, deckId };
}

/**
 * A 1v1 (2-1, with a Remontada) recorded by `creator` through the API; answers its id. `extra`
 * adds to the body (a store, for instance).
 */
export async function createMatchThroughApi(
  creator: Seat,
  rival: Seat,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await creator.page.request.post('/api/matches', {
    data: {
      ...extra,
      match_mode: '1v1',
      tier: 'Amistoso',
      team1_players: [creator.player.id],
      team2_players: [rival.player.id],
      team1_decks: [creator.deckId],
      team2_decks: [rival.deckId],
      team1_score: 2,
      team2_score: 1,
      highlights: ['Remontada'],
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).id;
}

/** Adds a player to a team of the new-match form through its search. */
export async function addPlayer(page: Page, team: 1 | 2, username: string) {
  await page.getByRole('combobox', { name: `Buscar jugador para el Equipo ${team}` }).fill(username);
  await page.getByRole('option', { name: new RegExp(username) }).click();
  await expect(
    page
      .getByRole('region', { name: `Equipo ${team}` })
      .getByText(username, { exact: true })
      .first(),
  ).toBeVisible();
}
