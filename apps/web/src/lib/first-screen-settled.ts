import type { QueryClient } from '@tanstack/react-query';
import { TIMINGS } from './ui-constants';

/**
 * When the first screen has everything it asked for: its file and its data. The service worker
 * registers then rather than at the page's `load` (main.tsx): its install downloads the whole
 * build (about 1.8 MB, 140 files) to work offline, and on a phone's first visit that download
 * shared the network with the screen's own file and data, which come after `load`.
 */

let screensLoading = 0;
let aScreenLoaded = false;

/** Counts a screen's file while it loads (app/router's screens all load through this). */
export function trackScreenLoad<T>(load: Promise<T>): Promise<T> {
  screensLoading += 1;
  return load.finally(() => {
    screensLoading -= 1;
    aScreenLoaded = true;
  });
}

export interface SettleOptions {
  /** How long nothing may load before the screen counts as settled. */
  quietMs?: number;
  /** The latest it resolves, settled or not (a screen that polls, a request that hangs). */
  maxWaitMs?: number;
  /** How often it looks. */
  pollMs?: number;
}

/**
 * Resolves once a screen's file has loaded, no screen's file is loading, and no query nor
 * mutation has been in flight for `quietMs`; or after `maxWaitMs` at the latest.
 */
export function whenFirstScreenSettled(
  client: Pick<QueryClient, 'isFetching' | 'isMutating'>,
  {
    quietMs = TIMINGS.firstScreenQuietMs,
    maxWaitMs = TIMINGS.firstScreenSettleMaxMs,
    pollMs = 250,
  }: SettleOptions = {},
): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    let quietSince: number | null = null;
    const timer = setInterval(() => {
      const now = Date.now();
      const busy = !aScreenLoaded || screensLoading > 0 || client.isFetching() > 0 || client.isMutating() > 0;
      quietSince = busy ? null : (quietSince ?? now);
      if ((quietSince !== null && now - quietSince >= quietMs) || now - started >= maxWaitMs) {
        clearInterval(timer);
        resolve();
      }
    }, pollMs);
  });
}

/** For tests: forget the screens counted so far. */
export function resetScreenLoads(): void {
  screensLoading = 0;
  aScreenLoaded = false;
}
