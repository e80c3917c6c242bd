import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { clearLegacyStorage } from './lib/legacy-storage';
import { installPreloadErrorReload } from './lib/reload-once';

// The old local community screens' state: the server keeps it now (docs/decisions/014).
clearLegacyStorage();

// A screen's file of a build the server no longer has (after a deploy) reloads the page once.
installPreloadErrorReload();

// The first render in a transition: React renders it in slices and the page stays responsive
// between them (docs/decisions/029).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);

// The service worker (offline start, install, updates) only in a build: in development it would
// serve stale files. It loads after the first screen.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    void import('./lib/service-worker').then((m) => m.registerServiceWorker());
  });
}
