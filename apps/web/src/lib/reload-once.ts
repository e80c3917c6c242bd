/**
 * After a deploy, an open tab still names the previous build's chunks, which the server no longer
 * has: loading a screen fails. Reloading the page fetches the new build's page and chunks. The
 * reload happens once: a second failure within a minute of it is a real fault (the network, a
 * broken build), which the screen's error boundary shows, rather than a reload loop
 * (docs/decisions/017).
 */
export const CHUNK_RELOAD_KEY = 'mitos.chunk-reload-at';
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** The messages browsers give to a dynamic import (or Vite's preload) that failed to load. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk|Loading CSS chunk/i;

export function isChunkLoadError(err: unknown): boolean {
  return err instanceof Error && CHUNK_ERROR.test(err.message);
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
  /**
   * Whether the browser is online. Offline, a file that does not load is the connection, not a
   * deploy: a reload would only put the browser's own offline page in the app's place (before the
   * service worker keeps a copy), so the screen's error with Reintentar shows instead.
   */
  online: () => boolean;
}

let reloading = false;

/** The page is reloading for a failed chunk: a screen waits for it rather than failing. */
export function isReloading(): boolean {
  return reloading;
}

const browserDeps = (): ReloadDeps => ({
  storage: window.sessionStorage,
  now: Date.now,
  reload: () => window.location.reload(),
  online: () => navigator.onLine,
});

/** Whether reloadOnce would reload now (no reload for this within the last minute). */
export function mayReload(deps: Pick<ReloadDeps, 'storage' | 'now' | 'online'> = browserDeps()): boolean {
  if (!deps.online()) return false;
  try {
    const last = Number(deps.storage.getItem(CHUNK_RELOAD_KEY));
    const now = deps.now();
    return !(Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < CHUNK_RELOAD_WINDOW_MS);
  } catch {
    return false;
  }
}

/**
 * Reloads the page unless it was reloaded for this within the last minute, or the browser is
 * offline; answers whether it did. A storage that refuses (private mode) means no reload: never a
 * loop.
 */
export function reloadOnce(deps: ReloadDeps = browserDeps()): boolean {
  if (!mayReload(deps)) return false;
  try {
    deps.storage.setItem(CHUNK_RELOAD_KEY, String(deps.now()));
  } catch {
    return false;
  }
  reloading = true;
  deps.reload();
  return true;
}

/**
 * Vite's `vite:preloadError` (a chunk or its CSS failed to load): reload once, and keep Vite from
 * throwing while the page goes away; the second time, let the error reach the error boundary.
 */
export function installPreloadErrorReload(target: Window = window, deps?: ReloadDeps): () => void {
  const onError = (event: Event) => {
    if (reloadOnce(deps)) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
