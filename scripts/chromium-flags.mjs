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

// Chromium's own features that the tests and the bench turn off. Chromium 156's address bar is a
// WebUI page, and headless Chromium starts a renderer for its popup with every browser and every
// window: about 2 s of CPU that ran beside the page under test on two cores (docs/benchmarks.md,
// "Issue 19, session 34").
export const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * The one `--disable-features` flag to pass after a launcher's own flags. Chromium keeps only the
 * last `--disable-features` it is given, and Playwright and chrome-launcher each pass one of their
 * own, so this flag carries theirs (found among `launcherFlags`) as well as `features`.
 */
export function disableFeaturesFlag(launcherFlags, features = DISABLED_FEATURES) {
  const prefix = '--disable-features=';
  const all = launcherFlags
    .filter((flag) => flag.startsWith(prefix))
    .flatMap((flag) => flag.slice(prefix.length).split(','))
    .concat(features)
    .filter((feature) => feature !== '');
  return prefix + [...new Set(all)].join(',');
}
