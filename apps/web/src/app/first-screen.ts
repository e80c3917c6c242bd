import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import type { TSelfUser } from '@mitos/domain/users';
import { whenLiveConnectionSettles } from '../api/inbox';
import { LAST_USER_KEY, ME_QUERY_KEY } from '../api/session';
import { TIMINGS } from '../lib/ui-constants';

/** The screens' data loads: a small chunk of their own, fetched once someone is signed in. */
const screenData = () => import('./screen-data');

function rememberedPlayer(): boolean {
  try {
    return localStorage.getItem(LAST_USER_KEY) !== null;
  } catch {
    return false;
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The first screen's loads start as soon as the session check answers that someone is signed in
 * (docs/decisions/032), rather than one after the other as the app draws: its chunk when the
 * router reached the screen, its data once the screen had been drawn with its spinners. On a
 * phone's CPU each of those steps waited 0.5–1 s for the drawing before it.
 *
 * - The chunk is asked for at once; the router's own load then finds it.
 * - The data's requests are made early (lib/api-client's `requestEarly`): their answers wait
 *   for the screen's reads, outside the query cache, so the screen is drawn once with them.
 * - They wait for the live connection to settle (it opens at the same moment), at most
 *   `firstScreenLiveWaitMs`: a read made before the server registered the connection could miss
 *   a change pushed in between. Waiting costs about the connection's round trip, which the
 *   data's chunk takes anyway.
 *
 * No chunk and no read starts for a visitor who is not signed in, nor after the first answer: a
 * sign-in navigates like any other move. Returns the stop, for an unmount before the answer.
 */
export function startFirstScreenLoads(
  client: QueryClient,
  routes: RouteObject[],
  pathname: string,
): () => void {
  const cache = client.getQueryCache();
  let stop = () => {};
  // A player signed in on this browser before is likely still signed in: the reads' chunk (and
  // the fetchers' chunks under it) loads beside the session check rather than after it.
  if (rememberedPlayer()) void screenData().catch(() => {});
  const answered = (): boolean => {
    const state = cache.find<TSelfUser | null>({ queryKey: ME_QUERY_KEY, exact: true })?.state;
    if (state?.status !== 'success') return false;
    const user = state.data;
    if (user) {
      for (const { route } of matchRoutes(routes, pathname) ?? []) {
        // One module, one request: a failure here is the router's to show when it loads it.
        if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => {});
      }
      const live = Promise.race([whenLiveConnectionSettles(client), delay(TIMINGS.firstScreenLiveWaitMs)]);
      void Promise.all([screenData(), live])
        .then(([m]) => m.requestScreen(client, user, pathname))
        .catch(() => {});
    }
    return true;
  };
  if (!answered()) {
    stop = cache.subscribe((event) => {
      if (event.query.queryKey[0] === ME_QUERY_KEY[0] && answered()) stop();
    });
  }
  return () => stop();
}
