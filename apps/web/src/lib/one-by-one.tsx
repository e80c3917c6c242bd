import { useEffect, useState, type ReactNode } from 'react';

/**
 * Parts of a screen below a phone's first view, drawn one after another, each in a task of its
 * own, after the screen's first commit (docs/decisions/048).
 *
 * React commits a screen's first render in one task it cannot cut: every section's styles are
 * written (Emotion parses each new rule), every query starts its request, every effect runs. On
 * the profile that task was the longest of a first visit: 33–38 ms of CPU in Lighthouse's traces
 * on the bench's machine, four times that on the phone Lighthouse simulates, which counts every
 * millisecond of a task past its first 50 as blocking time. Drawn one by one, each part is its
 * own commit; the profile's longest task went to 20–25 ms.
 *
 * The parts wait in the order they were first drawn (the page's order), so they appear from
 * the top down and none is pushed down by one above it appearing later. A part is let go by a
 * timer set after the previous one's commit, so no two parts share a task. Nothing here is a
 * transition: a part, once let go, is drawn at once and cannot be held back by later updates.
 */

interface Part {
  release(): void;
}

/** Parts drawn with nothing, in the order they were first drawn. */
const waiting: Part[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

function releaseNext(): void {
  timer = null;
  const part = waiting.shift();
  part?.release();
}

/** Lets the next waiting part go in a new task, unless one is already on its way. */
function scheduleNext(): void {
  if (timer === null && waiting.length > 0) timer = setTimeout(releaseNext, 0);
}

/**
 * A part leaves the queue: drawn (the cleanup of its waiting effect runs when its drawn state has
 * committed, so the next part's timer is set after that commit), or gone from the page.
 */
function leave(part: Part): void {
  const at = waiting.indexOf(part);
  if (at >= 0) waiting.splice(at, 1);
  scheduleNext();
}

/** `children` drawn after the parts before it, in a task of its own; nothing until then. */
export function OneByOne({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    const part: Part = { release: () => setShown(true) };
    waiting.push(part);
    scheduleNext();
    return () => leave(part);
  }, [shown]);
  return shown ? children : null;
}
