// Headless Debian Chromium's flags on these machines (no sandbox as root, no GPU, no network of
// its own): one list for the browser tests (e2e/playwright.config.ts) and the bench's Lighthouse
// (bench/lib/lighthouse.ts), each adding its own headless flag.
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
