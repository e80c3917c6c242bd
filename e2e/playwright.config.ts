import { chromium, defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, disableFeaturesFlag } from '../scripts/chromium-flags.mjs';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = ['--headless', ...CHROMIUM_FLAGS];

/**
 * The flags Playwright itself gives Chromium, as the browser received them: our
 * `--disable-features` must carry Playwright's own list (Chromium keeps only the last one), and
 * Playwright does not export it. Read once from a short-lived browser (about 0.3 s) and handed to
 * the workers, which load this file again, through the environment.
 */
async function playwrightFlags(): Promise<string[]> {
  const known = process.env.E2E_PLAYWRIGHT_CHROMIUM_FLAGS;
  if (known) return JSON.parse(known) as string[];
  const browser = await chromium.launch({
    executablePath,
    // The browser answers with its command line only under --enable-automation.
    args: [...chromiumArgs, '--enable-automation'],
  });
  try {
    const session = await browser.newBrowserCDPSession();
    const { arguments: flags } = await session.send('Browser.getBrowserCommandLine');
    process.env.E2E_PLAYWRIGHT_CHROMIUM_FLAGS = JSON.stringify(flags);
    return flags;
  } finally {
    await browser.close();
  }
}

const launchOptions = {
  executablePath,
  args: [...chromiumArgs, disableFeaturesFlag(await playwrightFlags())],
};

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  // How long a test may take, not a speed target either: on a slow day the tests with two or three
  // browsers took 47–55 s each, and past 60 s they failed for time alone (test.slow() triples it).
  timeout: 180_000,
  // The waits are for behaviour, not speed (the bench and Lighthouse measure speed). Two workers
  // share two cores with the server: a tab's first, cold visit (the app's files, its service
  // worker's precache, the screen's data) was measured at up to 13 s there while the other worker
  // ran its own tabs, so a wait gives it 20 s.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions },
    },
    { name: 'desktop', use: { viewport: { width: 1366, height: 768 }, launchOptions } },
  ],
});
