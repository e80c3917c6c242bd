/**
 * The page's entry: runs the app in three stages, each a file of its own evaluated in a task of
 * its own, so that a phone's CPU answers the page between them (docs/decisions/045). In one file,
 * React, MUI and the app took a phone's CPU for one task of hundreds of milliseconds, all of it
 * blocking time.
 * index.html asks for the three files at once (build/boot-stages.ts): only their evaluation waits.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await import('./boot/react-stage');
await nextTask();
await import('./boot/ui-stage');
await nextTask();
await import('./main');

// A module (for its top-level awaits), with nothing to export.
export {};
