import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  installPreloadErrorReload,
  isChunkLoadError,
  mayReload,
  reloadOnce,
  type ReloadDeps,
} from './reload-once';

function deps(start = 1_000_000) {
  const clock = { t: start };
  const reload = vi.fn<() => void>();
  const network = { online: true };
  const d: ReloadDeps = { storage: sessionStorage, now: () => clock.t, reload, online: () => network.online };
  return { ...d, reload, clock, network };
}

describe('reloadOnce', () => {
  it('reloads the first time and records when', () => {
    const d = deps();
    expect(reloadOnce(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again within the minute after a reload: no loop', () => {
    const d = deps();
    reloadOnce(d);
    d.clock.t += CHUNK_RELOAD_WINDOW_MS - 1;
    expect(reloadOnce(d)).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a later deploy, after the minute has passed', () => {
    const d = deps();
    reloadOnce(d);
    d.clock.t += CHUNK_RELOAD_WINDOW_MS;
    expect(reloadOnce(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(2);
  });

  it('treats a mark from the future or garbage as no mark, and a refusing storage as no reload', () => {
    const d = deps();
    sessionStorage.setItem(CHUNK_RELOAD_KEY, 'basura');
    expect(reloadOnce(d)).toBe(true);
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(d.clock.t + 10_000));
    expect(reloadOnce(d)).toBe(true);
    const refusing = {
      ...deps(),
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    };
    expect(reloadOnce(refusing)).toBe(false);
    expect(refusing.reload).not.toHaveBeenCalled();
  });
});

describe('offline', () => {
  it('never reloads for a file that failed while offline, and keeps its once for when online', () => {
    const d = deps();
    d.network.online = false;
    expect(mayReload(d)).toBe(false);
    expect(reloadOnce(d)).toBe(false);
    const offline = new Event('vite:preloadError', { cancelable: true });
    const stop = installPreloadErrorReload(window, d);
    window.dispatchEvent(offline);
    // The import's own error goes on to the screen's error boundary (Reintentar).
    expect(offline.defaultPrevented).toBe(false);
    expect(d.reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();

    d.network.online = true;
    expect(mayReload(d)).toBe(true);
    expect(reloadOnce(d)).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('vite:preloadError', () => {
  it('reloads once and stops Vite from throwing; the second time the error goes through', () => {
    const d = deps();
    const stop = installPreloadErrorReload(window, d);
    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(d.reload).toHaveBeenCalledTimes(1);

    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
    expect(d.reload).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('isChunkLoadError', () => {
  it('recognises the browsers’ failed dynamic imports and nothing else', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
