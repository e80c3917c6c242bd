import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
} from '@playwright/test';
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

async function seriousViolations(page: Page): Promise<string[]> {
  await settleTransitions(page);
  // The app has no frames, so axe runs in the page itself (legacy mode) instead of running in
  // each frame and finishing in a new blank page, which is a new renderer with axe compiled
  // again on every check; and it keeps every node of the violations only, which is all that is
  // read here. The same rules judge the same page, with about 10 % less CPU for a whole spec file.
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${v.help} (${n.target.join(' ')})`));
}

/**
 * No serious or critical accessibility violation on the current screen.
 *
 * A screen still loading can change under axe after the transitions settled: a button enabled when
 * its data arrives fades from the disabled grey to its colour in 250 ms, and axe, reading it
 * half-way, reports a contrast that nobody sees at rest. So a screen with violations is judged a
 * second time, once settled again, and what is wrong both times is reported: a lasting violation
 * is always in both.
 */
export async function expectAccessible(page: Page) {
  const first = await seriousViolations(page);
  const lasting = first.length === 0 ? [] : await seriousViolations(page);
  expect(first.filter((v) => lasting.includes(v))).toEqual([]);
}

/** Long enough for any transition of the app (250–300 ms) on a starved CPU; short of a test's limit. */
const SETTLE_LIMIT_MS = 30_000;

/**
 * Waits until no CSS transition runs (a menu growing, a dialog fading out), across two animation
 * frames, so that axe judges what the player sees at rest and not a half-transparent frame.
 * Endless CSS animations (spinners) are not transitions and do not hold this up.
 */
export async function settleTransitions(page: Page) {
  try {
    await page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const idle = () =>
            document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running');
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(idle())));
        }),
      undefined,
      { polling: 100, timeout: SETTLE_LIMIT_MS },
    );
  } catch (error) {
    // Say why the page never settled: transitions that keep running, or a page that draws no frame.
    const state = await page.evaluate(async () => {
      const running = document
        .getAnimations()
        .filter((a): a is CSSTransition => a instanceof CSSTransition && a.playState === 'running')
        .map((a) => {
          const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
          const where = target
            ? `${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ''}.${Array.from(target.classList).join('.')}`
            : '?';
          return `${a.transitionProperty} on ${where} (${Math.round(Number(a.currentTime ?? 0))} ms)`;
        });
      const frame = await Promise.race([
        new Promise<string>((resolve) => requestAnimationFrame(() => resolve('drew a frame'))),
        new Promise<string>((resolve) => setTimeout(() => resolve('drew no frame in 2 s'), 2_000)),
      ]);
      return `${location.pathname}, ${document.visibilityState}, ${frame}; transitions running: ${running.join('; ') || 'none'}`;
    });
    throw new Error(`The page did not settle in ${SETTLE_LIMIT_MS / 1000} s: ${state}`, { cause: error });
  }
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
  /** The context's options over the project's (another server's baseURL…). */
  options: BrowserContextOptions = {},
): Promise<Seat> {
  const context = await browser.newContext({ ...testInfo.project.use, ...options });
  const page = await context.newPage();
  const player = await registerPlayer(page.request, prefix, testInfo);
  await signIn(page, player);
  const deckId = await createDeck(page, `Mazo de ${prefix}`, raza);
  return { page, player, deckId };
}

/** A browser context of its own signed in as the community's admin (who may run tournaments). */
export async function adminPage(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ ...testInfo.project.use });
  const page = await context.newPage();
  await signInAdmin(page.request);
  return page;
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

// ---------------------------------------------------------------------------------------------
// Tournaments through the API (docs/decisions/015): the parts a spec does not drive in the UI.
// Every call runs on a request context signed in as whoever may do it (the organiser, a player).
// ---------------------------------------------------------------------------------------------

/** What the browser tests read of a tournament's API answers (packages/domain/src/tournaments.ts). */
export interface PersonRef {
  id: number;
  username: string;
}

export interface TournamentPairing {
  id: number;
  stage: 'swiss' | 'main' | 'playoff';
  round: number;
  roundLabel: string;
  group: 'main' | 'winners' | 'losers' | 'grand_final' | 'round_robin' | null;
  table: number;
  player1: PersonRef;
  /** null: a bye. */
  player2: PersonRef | null;
  status: 'pending' | 'reported' | 'decided' | 'void';
  result: { outcome: 'player1' | 'player2' | 'draw' | 'double_loss'; games1: number; games2: number } | null;
  matchId: number | null;
}

export interface TournamentDetail {
  id: number;
  name: string;
  type: TournamentType;
  status: 'upcoming' | 'registration' | 'in_progress' | 'finished';
  round: number | null;
  winner: PersonRef | null;
  canPairNext: boolean;
}

export interface StandingRow {
  rank: number;
  player: PersonRef;
  wins: number;
  losses: number;
  draws: number;
  matchPoints: number;
  omwp: number;
  gwp: number;
  ogwp: number;
}

export type TournamentType = 'single_elimination' | 'double_elimination' | 'round_robin' | 'swiss';

/** Answers the JSON of a call that must succeed with `status`; the body is the failure's message. */
async function okJson<T>(answer: Promise<APIResponse>, status = 200): Promise<T> {
  const res = await answer;
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/**
 * A tournament at `storeId`, created by the organiser signed in on `request`: open for sign-up,
 * best of 3, on a fixed day; `values` overrides any field of the create body (type, rounds…).
 */
export async function createTournamentThroughApi(
  request: APIRequestContext,
  storeId: number,
  name: string,
  values: Record<string, unknown> = {},
): Promise<TournamentDetail> {
  return okJson(
    request.post('/api/tournaments', {
      data: { name, storeId, type: 'swiss', startDate: '2026-12-05', startTime: '17:00', ...values },
    }),
    201,
  );
}

/** Inscribirse: the seated player signs up with their deck. */
export async function signUpThroughApi(player: Seat, tournamentId: number) {
  const res = await player.page.request.post(`/api/tournaments/${tournamentId}/signup`, {
    data: { deckId: player.deckId },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect((await res.json()).status).toBe('registered');
}

/**
 * The organiser's Guardar on Participantes: these players are in (each with their default deck,
 * or none), without signing in as them.
 */
export async function setParticipantsThroughApi(
  request: APIRequestContext,
  tournamentId: number,
  userIds: readonly number[],
) {
  await okJson(
    request.put(`/api/tournaments/${tournamentId}/participants`, {
      data: { participants: userIds.map((userId) => ({ userId })) },
    }),
  );
}

/** Comenzar: seeds the field and pairs round 1 (Swiss) or builds the bracket. */
export function startTournamentThroughApi(
  request: APIRequestContext,
  tournamentId: number,
): Promise<TournamentDetail> {
  return okJson(request.post(`/api/tournaments/${tournamentId}/start`));
}

/** The tournament as its page reads it (status, round, winner, whether the next round may be paired). */
export function tournamentThroughApi(
  request: APIRequestContext,
  tournamentId: number,
): Promise<TournamentDetail> {
  return okJson(request.get(`/api/tournaments/${tournamentId}`));
}

/** Partidas: every pairing of the tournament, or of one Swiss round. */
export function pairingsThroughApi(
  request: APIRequestContext,
  tournamentId: number,
  round?: number,
): Promise<TournamentPairing[]> {
  return okJson(request.get(`/api/tournaments/${tournamentId}/pairings${round ? `?round=${round}` : ''}`));
}

/** Posiciones: the rows in rank order, with the Swiss tiebreakers as percentages. */
export async function standingsThroughApi(
  request: APIRequestContext,
  tournamentId: number,
): Promise<StandingRow[]> {
  return (await okJson<{ rows: StandingRow[] }>(request.get(`/api/tournaments/${tournamentId}/standings`)))
    .rows;
}

/** Emparejar ronda N (Swiss): the organiser pairs the round they expect next. */
export async function pairRoundThroughApi(request: APIRequestContext, tournamentId: number, round: number) {
  await okJson(request.post(`/api/tournaments/${tournamentId}/rounds`, { data: { round } }));
}

/**
 * A result entered by the organiser signed in on `request` (who does not play): approved at once,
 * so the round or the bracket moves on.
 */
export async function enterResultThroughApi(
  request: APIRequestContext,
  tournamentId: number,
  pairingId: number,
  games1: number,
  games2: number,
) {
  const res = await request.post(`/api/tournaments/${tournamentId}/pairings/${pairingId}/report`, {
    data: { games1, games2 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  expect((await res.json()).pairing.status).toBe('decided');
}

/** Which player of a pairing wins it: 1 (the first named) or 2. */
export type PickWinner = (pairing: TournamentPairing) => 1 | 2;

/**
 * Every pairing with two players still to play, entered by the organiser: the winner 2–0 (best of
 * 3). Answers how many were entered (0: nothing left to play right now).
 */
export async function enterOpenResultsThroughApi(
  request: APIRequestContext,
  tournamentId: number,
  winner: PickWinner = () => 1,
): Promise<number> {
  const open = (await pairingsThroughApi(request, tournamentId)).filter(
    (p) => p.status === 'pending' && p.player2 !== null,
  );
  for (const p of open) {
    const first = winner(p) === 1;
    await enterResultThroughApi(request, tournamentId, p.id, first ? 2 : 0, first ? 0 : 2);
  }
  return open.length;
}

/**
 * Plays the tournament to its end as its organiser: the open results entered, the next Swiss
 * round paired, until it is finished. Answers the finished tournament.
 */
export async function playOutThroughApi(
  request: APIRequestContext,
  tournamentId: number,
  winner: PickWinner = () => 1,
): Promise<TournamentDetail> {
  for (let step = 0; step < 50; step++) {
    const entered = await enterOpenResultsThroughApi(request, tournamentId, winner);
    const now = await tournamentThroughApi(request, tournamentId);
    if (now.status === 'finished') return now;
    if (now.canPairNext) await pairRoundThroughApi(request, tournamentId, (now.round ?? 0) + 1);
    else expect(entered, 'nothing left to play, yet the tournament is not finished').toBeGreaterThan(0);
  }
  throw new Error(`The tournament ${tournamentId} did not finish`);
}

/** `n` players registered through the API (they need not sign in: an organiser adds them). */
export async function registerPlayers(
  request: APIRequestContext,
  prefix: string,
  n: number,
  testInfo: TestInfo,
): Promise<Player[]> {
  const players: Player[] = [];
  for (let i = 0; i < n; i++) players.push(await registerPlayer(request, `${prefix}${i}`, testInfo));
  return players;
}

/** The ids of `tournamentsOfEveryKind`. */
export interface TournamentSet {
  /** A Swiss in its second round: round 1 decided, round 2 paired, nothing of it played. */
  swiss: number;
  /** A single elimination played to its champion. */
  finished: number;
  /** A double elimination with its first round played. */
  double: number;
  /** A round robin with its first Fecha played. */
  roundRobin: number;
}

/**
 * A tournament of each kind at the store, run by the organiser signed in on `request`, with
 * these players (eight or more: the first eight play the Swiss and the eliminations, the first
 * five the round robin). `name` starts each tournament's name.
 */
export async function tournamentsOfEveryKind(
  request: APIRequestContext,
  storeId: number,
  players: readonly number[],
  name: string,
): Promise<TournamentSet> {
  expect(players.length).toBeGreaterThanOrEqual(8);
  const eight = players.slice(0, 8);
  const make = async (type: TournamentType, suffix: string, field: readonly number[]) => {
    const t = await createTournamentThroughApi(request, storeId, `${name} ${suffix}`, { type });
    await setParticipantsThroughApi(request, t.id, field);
    await startTournamentThroughApi(request, t.id);
    return t.id;
  };
  const swiss = await make('swiss', 'Suizo', eight);
  await enterOpenResultsThroughApi(request, swiss, (p) => (p.table % 2 === 0 ? 2 : 1));
  await pairRoundThroughApi(request, swiss, 2);
  const finished = await make('single_elimination', 'Eliminación', eight);
  await playOutThroughApi(request, finished);
  const double = await make('double_elimination', 'Doble', eight);
  await enterOpenResultsThroughApi(request, double);
  const roundRobin = await make('round_robin', 'Round Robin', players.slice(0, 5));
  const fecha1 = (await pairingsThroughApi(request, roundRobin)).filter((p) => p.round === 1);
  for (const p of fecha1.filter((q) => q.player2 !== null && q.status === 'pending'))
    await enterResultThroughApi(request, roundRobin, p.id, 2, 1);
  return { swiss, finished, double, roundRobin };
}
