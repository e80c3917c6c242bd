/**
 * Lighthouse mobile (its defaults: a simulated slow 4G and a 4x slower CPU) on the built web app as
 * a server serves it: /login signed out, then every signed-in screen, one after the other in one
 * Chromium (Debian's, never a downloaded one).
 *
 * Each screen is a first visit: before each run the origin's caches, service worker and storage
 * are cleared, as Lighthouse does itself, but not its cookies, so that the session cookie of a
 * sign-in through the page (as the app signs in) keeps the screen signed in.
 *
 * Standalone: `node --import tsx bench/lib/lighthouse.ts http://127.0.0.1:3901 mateo.gomez@demo.mitos.ar mitos1234`
 * (a server with the web app built, e.g. `npm run demo`); prints one line per screen. Over HTTPS
 * with HTTP/2, as phones reach a deployed app: the server started with TLS_CERT_FILE and
 * TLS_KEY_FILE, its base https://…, and LIGHTHOUSE_CERTIFICATE naming the certificate's file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, X509Certificate } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_FLAGS, disableFeaturesFlag } from '../../scripts/chromium-flags.mjs';
import { medianOfRuns, type Spread } from './lighthouse-median';
import { mainThreadFigure, mainThreadTime, type MainThreadTime, type TraceEvent } from './main-thread';

// The last flag carries chrome-launcher's own `--disable-features` with ours (Chromium keeps only
// the last one it is given).
export const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  disableFeaturesFlag(chromeLauncher.Launcher.defaultFlags()),
];

/**
 * Chromium's flag that trusts the key of one certificate (a PEM file), and no other: the bench's
 * HTTPS server answers with the tests' self-signed certificate for 127.0.0.1.
 */
export function trustCertificateFlag(pemFile: string): string {
  const key = new X509Certificate(readFileSync(pemFile)).publicKey.export({ type: 'spki', format: 'der' });
  return `--ignore-certificate-errors-spki-list=${createHash('sha256').update(key).digest('base64')}`;
}

/** The signed-in screens of issue 19; a tournament's page is added when there is one. */
export const SIGNED_IN_SCREENS = [
  '/',
  '/profile',
  '/new-match',
  '/my-matches',
  '/decks',
  '/notifications',
  '/torneos/general',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

export interface ScreenScore {
  path: string;
  /** Scores out of 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  /** Where the page ended (a signed-in screen that ends on /login was not signed in). */
  finalPath: string;
  /** Audits of best practices and accessibility that did not pass. */
  failing: string[];
  /** Lighthouse's own runtime error, when the run failed. */
  error: string | null;
  /** The figures' range over the runs the median was taken of (lighthouse-median); null for one run. */
  spread: Spread | null;
  /** The median run's main thread, CPU against clock (main-thread.ts); null without a trace. */
  mainThread: MainThreadTime | null;
}

/**
 * Runs of each screen, the median kept (lighthouse-median): `LIGHTHOUSE_RUNS`, 3 unless set. One
 * run's TBT on this machine moves by more than most changes could.
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3) || 1);

export const TARGETS = { performance: 95, lcpMs: 2500, tbtMs: 200, bestPractices: 100, accessibility: 100 };

export const LIGHTHOUSE_TARGET = '≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms, best practices 100, accessibility 100';

export function meetsTargets(s: ScreenScore): boolean {
  return (
    s.error === null &&
    s.finalPath === s.path &&
    s.performance >= TARGETS.performance &&
    s.lcpMs <= TARGETS.lcpMs &&
    s.tbtMs <= TARGETS.tbtMs &&
    s.bestPractices >= TARGETS.bestPractices &&
    s.accessibility >= TARGETS.accessibility
  );
}

/** "performance 97, LCP 1.9 s, TBT 80 ms, best practices 100, accessibility 100" (and what failed). */
export function lighthouseFigure(s: ScreenScore): string {
  if (s.error) return `failed: ${s.error}`;
  const base =
    `performance ${s.performance}, LCP ${(s.lcpMs / 1000).toFixed(1)} s, TBT ${Math.round(s.tbtMs)} ms, ` +
    `best practices ${s.bestPractices}, accessibility ${s.accessibility}`;
  const spread = s.spread && s.spread.runs > 1 ? s.spread : null;
  const notes = [
    ...(spread
      ? [
          `median of ${spread.runs} runs: performance ${spreadText(spread.performance, (n) => String(n))}, ` +
            `LCP ${spreadText(spread.lcpMs, (n) => (n / 1000).toFixed(1))} s, ` +
            `TBT ${spreadText(spread.tbtMs, (n) => String(Math.round(n)))} ms`,
        ]
      : []),
    ...(s.mainThread ? [mainThreadFigure(s.mainThread)] : []),
    ...(s.finalPath !== s.path ? [`ended on ${s.finalPath}`] : []),
    ...(s.failing.length ? [`failing: ${s.failing.join(', ')}`] : []),
  ];
  return notes.length ? `${base} (${notes.join('; ')})` : base;
}

/** "95–98", or "98" when every run gave the same. */
function spreadText([low, high]: [number, number], format: (n: number) => string): string {
  return format(low) === format(high) ? format(low) : `${format(low)}–${format(high)}`;
}

/** The subset of Lighthouse's result read here. */
interface Lhr {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    { score: number | null; scoreDisplayMode: string; numericValue?: number } | undefined
  >;
}

/** A screen's figures from Lighthouse's result (pure). */
export function scoreOf(
  path: string,
  lhr: Lhr,
  spread: Spread | null = null,
  mainThread: MainThreadTime | null = null,
): ScreenScore {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = ['best-practices', 'accessibility'].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .map((ref) => ({ id: ref.id, weight: ref.weight, audit: lhr.audits[ref.id] }))
      .filter(
        ({ weight, audit }) =>
          weight > 0 &&
          audit &&
          audit.score !== null &&
          audit.score < 1 &&
          (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric'),
      )
      .map(({ id }) => id),
  );
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    fcpMs: numeric('first-contentful-paint'),
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    failing: [...new Set(failing)],
    error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : null,
    spread,
    mainThread,
  };
}

export function chromePath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((c): c is string => !!c && existsSync(c));
  if (!found) throw new Error('no Chromium found (set CHROME_PATH)');
  return found;
}

/** Clears what a first visit would not have (caches, the service worker, storage), not the cookies. */
async function clearOrigin(page: Page, origin: string): Promise<void> {
  const cdp = await page.createCDPSession();
  try {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage',
    });
  } finally {
    await cdp.detach();
  }
}

/** Each run's main thread, read from the trace Lighthouse recorded of it. */
const mainThreads = new WeakMap<Lhr, MainThreadTime | null>();
/** Each run's trace, kept only for LIGHTHOUSE_SAVE. */
const traces = new WeakMap<Lhr, TraceEvent[]>();

async function run(page: Page, port: number, url: string, signedIn: boolean): Promise<Lhr> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      formFactor: 'mobile',
      // Lighthouse clears the origin's storage, cookies too, unless told not to; signed in, it
      // is cleared above instead, but for the cookies.
      disableStorageReset: signedIn,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
  mainThreads.set(lhr, trace ? mainThreadTime(trace.traceEvents, url) : null);
  if (trace && process.env.LIGHTHOUSE_SAVE) traces.set(lhr, trace.traceEvents);
  return lhr;
}

/**
 * LIGHTHOUSE_SAVE=<folder>: each screen's whole result (its median run), to read Lighthouse's
 * diagnostics, and the trace it recorded of that run (`….trace.json`, Chromium's JSON trace
 * format, which Chromium's DevTools and Perfetto open).
 */
function saveResult(path: string, lhr: Lhr): void {
  const save = process.env.LIGHTHOUSE_SAVE;
  if (!save) return;
  mkdirSync(save, { recursive: true });
  const name = path.replaceAll('/', '_') || '_';
  writeFileSync(join(save, `${name}.json`), JSON.stringify(lhr, null, 1));
  const trace = traces.get(lhr);
  if (trace) writeFileSync(join(save, `${name}.trace.json`), JSON.stringify({ traceEvents: trace }));
}

export interface LighthouseOptions {
  base: string;
  email: string;
  password: string;
  /** Only these screens (paths; a tournament's page as /tournaments/:id), e.g. to try one change. */
  only?: string[];
  /** Called after each screen (progress). */
  onScreen?: (score: ScreenScore) => void;
  /** The certificate (a PEM file) an https:// base answers with, trusted by this browser only. */
  certificate?: string;
}

/** The first tournament the player can see (its page is one of the screens measured), or null. */
async function someTournament(page: Page): Promise<number | null> {
  return page.evaluate(async () => {
    const reply = await fetch('/api/tournaments', { credentials: 'same-origin' });
    if (!reply.ok) return null;
    const list = (await reply.json()) as { id: number }[];
    return list[0]?.id ?? null;
  });
}

export async function measureLighthouse(options: LighthouseOptions): Promise<ScreenScore[]> {
  const origin = new URL(options.base).origin;
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: [
      ...CHROME_FLAGS,
      ...(options.certificate ? [trustCertificateFlag(options.certificate)] : []),
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const scores: ScreenScore[] = [];
  const measure = async (path: string, signedIn: boolean) => {
    const pattern = path.replace(/^\/tournaments\/\d+$/, '/tournaments/:id');
    if (options.only && !options.only.includes(pattern)) return;
    const once = async () => {
      if (signedIn) await clearOrigin(page, origin);
      return run(page, chrome.port, `${origin}${path}`, signedIn);
    };
    const lhrs: Lhr[] = [];
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
      // A trace Lighthouse itself failed to record (NO_NAVSTART, …) is tried once more.
      let lhr = await once();
      if (lhr.runtimeError) lhr = await once();
      lhrs.push(lhr);
    }
    const chosen = medianOfRuns(lhrs);
    const lhr = chosen?.median ?? lhrs[lhrs.length - 1]!;
    saveResult(path, lhr);
    const score = scoreOf(path, lhr, chosen?.spread ?? null, mainThreads.get(lhr) ?? null);
    scores.push(score);
    options.onScreen?.(score);
  };
  const page = await browser.newPage();
  try {
    await measure('/login', false);

    // Signed in as the app signs in: the server's cookies, set on this browser.
    await page.goto(`${origin}/login`, { waitUntil: 'load' });
    const status = await page.evaluate(
      async (email, password) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            credentials: 'same-origin',
            body: JSON.stringify({ email, password }),
          })
        ).status,
      options.email,
      options.password,
    );
    if (status !== 200) throw new Error(`sign-in of ${options.email} answered ${status}`);
    const tournament = await someTournament(page);
    const screens = [...SIGNED_IN_SCREENS, ...(tournament === null ? [] : [`/tournaments/${tournament}`])];
    for (const path of screens) await measure(path, true);
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return scores;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [base, email, password] = process.argv.slice(2);
  if (!base || !email || !password) {
    console.error('usage: node --import tsx bench/lib/lighthouse.ts <base URL> <email> <password>');
    process.exit(2);
  }
  await measureLighthouse({
    base,
    email,
    password,
    only: process.env.LIGHTHOUSE_ONLY?.split(','),
    certificate: process.env.LIGHTHOUSE_CERTIFICATE,
    onScreen: (s) =>
      console.log(
        `${s.path.padEnd(18)} ${lighthouseFigure(s)}, FCP ${(s.fcpMs / 1000).toFixed(1)} s${meetsTargets(s) ? '' : '  [target missed]'}`,
      ),
  });
}
