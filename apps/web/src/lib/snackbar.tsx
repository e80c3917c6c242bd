import { lazy, Suspense, useEffect, useState } from 'react';
import type { OptionsObject, SnackbarMessage } from 'notistack';

type Enqueue = (message: SnackbarMessage, options?: OptionsObject) => void;

/**
 * The toasts (notistack) load after the first screen rather than before it: no screen needs
 * one to show, and the library is a good part of the first download. A toast asked for sooner
 * loads them at once and shows when they arrive.
 */
const SnackbarOutlet = lazy(() => import('../components/snackbar-outlet'));

let attached: { promise: Promise<Enqueue>; resolve: (enqueue: Enqueue) => void };
function detach() {
  let resolve!: (enqueue: Enqueue) => void;
  const promise = new Promise<Enqueue>((r) => (resolve = r));
  attached = { promise, resolve };
}
detach();

/** Called by the mounted outlet with its provider's enqueue; returns the cleanup. */
function attachSnackbar(enqueue: Enqueue): () => void {
  attached.resolve(enqueue);
  return detach;
}

let showOutlet: (() => void) | null = null;

/** Shows a toast through the app's snackbar provider (notistack's options). */
export function enqueueSnackbar(message: SnackbarMessage, options?: OptionsObject): void {
  showOutlet?.();
  void attached.promise.then((enqueue) => enqueue(message, options));
}

const snackbar = { enqueueSnackbar };

/** Like notistack's useSnackbar, for the app's lazily loaded provider. */
export function useSnackbar(): typeof snackbar {
  return snackbar;
}

/** Where the toasts show: mounted once in the app's providers, loaded once the page has loaded. */
export function SnackbarHost() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const show = () => setShown(true);
    showOutlet = show;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterLoad = () => (timer = setTimeout(show));
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
    return () => {
      if (showOutlet === show) showOutlet = null;
      clearTimeout(timer);
      window.removeEventListener('load', afterLoad);
    };
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <SnackbarOutlet attach={attachSnackbar} />
    </Suspense>
  ) : null;
}
