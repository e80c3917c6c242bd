/** The boot's first stage (src/boot.ts): React and React DOM, which every screen renders with. */
export { createRoot } from 'react-dom/client';
export { startTransition, StrictMode } from 'react';
