import './lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { clearLegacyStorage } from './lib/legacy-storage';
import { installPreloadErrorReload } from './lib/reload-once';
import { createQueryClient } from './lib/query-client';
import { whenFirstScreenSettled } from './lib/first-screen-settled';

// The old local community screens' state: the server keeps it now (docs/decisions/014). In a
// task of its own: a page's first use of localStorage costs milliseconds, which the entry's long
// task would add to a phone's blocking time.
setTimeout(clearLegacyStorage, 0);

// A screen's file of a build the server no longer has (after a deploy) reloads the page once.
installPreloadErrorReload();

// The first render in a transition: React renders it in slices and the page stays responsive
// between them (docs/decisions/029).
const queryClient = createQueryClient();
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);

// The service worker (offline start, install, updates) only in a build: in development it would
// serve stale files. Its module loads with the page; it registers once the first screen has its
// file and its data (lib/first-screen-settled), so that its install's download of the whole build
// does not share a phone's network with them.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    void Promise.all([import('./lib/service-worker'), whenFirstScreenSettled(queryClient)])
      .then(([m]) => m.registerServiceWorker())
      .catch(() => {
        // Its module did not load (offline on a first visit, or a newer build replaced it): the
        // next visit registers it.
      });
  };
  // This module is the boot's last stage (src/boot.ts), which may run after the page's load.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
