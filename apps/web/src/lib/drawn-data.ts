import { useDeferredValue } from 'react';

/**
 * A query's data as a screen draws it (docs/decisions/029). A query's answer reaches React
 * through `useSyncExternalStore`, which React renders in one task, however large the screen it
 * draws: on a phone's CPU a list of cards was a task of 150–300 ms. `drawn` is the answer React
 * draws next in a transition, in slices, while the previous one (or the skeleton) stays;
 * `current` says whether it has caught up with the query's. A list asks for its next page only
 * when current: a transition that left the list's end in view would load page after page.
 */
export function useDrawnData<T>(data: T): { drawn: T; current: boolean } {
  const drawn = useDeferredValue(data);
  return { drawn, current: Object.is(drawn, data) };
}
