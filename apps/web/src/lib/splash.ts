import { TIMINGS } from './ui-constants';

const FADE_MS = 200;

/**
 * Removes the splash of index.html once the app has rendered and the splash has been up for
 * 1 s since the page started loading (SPEC §2), whichever comes last.
 */
export function hideSplash(doc: Document = document, sinceStartMs: number = performance.now()): void {
  const splash = doc.getElementById('splash');
  if (!splash || splash.dataset.hiding) return;
  splash.dataset.hiding = 'true';
  setTimeout(
    () => {
      splash.classList.add('splash--hidden');
      setTimeout(() => splash.remove(), FADE_MS);
    },
    Math.max(0, TIMINGS.splashMs - sinceStartMs),
  );
}
