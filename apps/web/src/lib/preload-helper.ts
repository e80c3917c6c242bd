/**
 * The app's preload helper, in place of Vite's (build/loaded-preloads.ts, `ownPreloadHelper`;
 * docs/decisions/047). Vite wraps each `import()` of the app as `__vitePreload(() =>
 * import(file), files)`: beside the import, the helper asks the browser for the files the
 * imported chunk needs, so that they download with it rather than after it. Vite's own helper
 * appends a `<link rel="modulepreload">` for every one of them in the task that asked for the
 * screen: on a first load of `/new-match` or `/profile`, 35–40 links, 33–36 ms of one task
 * unthrottled on the bench's machine (four times that at Lighthouse's CPU). This one appends them
 * a few per task, the first ones at once; the import itself starts at once, as before.
 *
 * Otherwise as Vite's: each file once (and none the page lists already, such as index.html's),
 * a style sheet waited for before the import, and a failure told as `vite:preloadError` (which
 * lib/reload-once answers), thrown again unless a listener prevents it.
 */

/** Links appended per task: a few milliseconds' work on a phone's CPU. */
export const LINKS_PER_TASK = 6;

const BASE = import.meta.env.BASE_URL;

const requested = new Set<string>();
let pageLinksRead = false;
const waiting: string[] = [];
let flushing = false;

function readPageLinks(): void {
  if (pageLinksRead) return;
  pageLinksRead = true;
  for (const link of Array.from(document.getElementsByTagName('link'))) requested.add(link.href);
}

function appendSome(): void {
  for (const href of waiting.splice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
  // This task has had its links: any more, of this import or another, wait for the next one.
  flushing = true;
  setTimeout(() => {
    if (waiting.length > 0) appendSome();
    else flushing = false;
  }, 0);
}

function preloadStyleSheet(href: string): Promise<void> {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.crossOrigin = '';
  link.href = href;
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${href}`)), {
      once: true,
    });
  });
  document.head.appendChild(link);
  return loaded;
}

function preloadError(err: unknown): void {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & { payload?: unknown };
  event.payload = err;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw err;
}

export function __vitePreload<T>(baseModule: () => Promise<T>, deps?: readonly string[]): Promise<T> {
  const styleSheets: Promise<void>[] = [];
  if (deps && deps.length > 0) {
    readPageLinks();
    let added = false;
    for (const dep of deps) {
      const href = new URL(BASE + dep, document.baseURI).href;
      if (requested.has(href)) continue;
      requested.add(href);
      if (dep.endsWith('.css')) {
        styleSheets.push(preloadStyleSheet(href));
      } else {
        waiting.push(href);
        added = true;
      }
    }
    if (added && !flushing) appendSome();
  }
  const ready =
    styleSheets.length > 0
      ? Promise.allSettled(styleSheets).then((results) => {
          for (const result of results) if (result.status === 'rejected') preloadError(result.reason);
        })
      : Promise.resolve();
  return ready.then(() =>
    baseModule().catch((err: unknown) => {
      preloadError(err);
      // A listener took the failure (a reload is under way): the import answers nothing.
      return undefined as T;
    }),
  );
}
