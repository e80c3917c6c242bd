/**
 * The boot's first stage (src/boot.ts): React and React DOM, which every screen renders with.
 * Nothing imports these names from here: they are exported so that the bundler keeps the modules
 * that hold them in this stage's file (vite.config.ts's `react` group).
 */
export { createRoot } from 'react-dom/client';
export { startTransition, StrictMode } from 'react';
