import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../scripts/chromium-flags.mjs';

const chromiumArgs = ['--headless', ...CHROMIUM_FLAGS];

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
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
