import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Alert, Box } from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { isChunkLoadError, mayReload, reloadOnce } from '../lib/reload-once';

let retries = 0;

/**
 * A text button drawn like MUI's small one: MUI's Button (with its ripple) is not otherwise in
 * the first download, and this screen must not need a file of its own (it shows when files fail).
 */
const RETRY_BUTTON = {
  font: 'inherit',
  fontSize: '0.8125rem',
  fontWeight: 600,
  color: 'inherit',
  background: 'none',
  border: 0,
  borderRadius: 1,
  px: 1.25,
  py: 0.5,
  cursor: 'pointer',
  '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.08)' },
  '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
} as const;

/** How many times the player asked to retry a failed screen: a failed screen's load starts again after it. */
export function screenRetries(): number {
  return retries;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const browserOnline = () => navigator.onLine;

/**
 * What a screen that failed to render shows: a Spanish message and "Reintentar", never the error
 * itself. A screen's file that failed to load (a deploy replaced it) reloads the page once first
 * (lib/reload-once); if that did not help, this screen shows. A file that failed while offline is
 * the connection: the screen says it was not kept on this device and loads itself again when the
 * browser is back online, as that text promises.
 */
export function ScreenErrorFallback({ error, resetErrorBoundary }: FallbackProps) {
  const [reloading] = useState(() => isChunkLoadError(error) && mayReload());
  const online = useSyncExternalStore(subscribeOnline, browserOnline, () => true);
  const [failedOffline] = useState(() => isChunkLoadError(error) && !browserOnline());
  useEffect(() => {
    if (reloading) reloadOnce();
  }, [reloading]);
  useEffect(() => {
    if (failedOffline && online) {
      retries += 1;
      resetErrorBoundary();
    }
  }, [failedOffline, online, resetErrorBoundary]);
  if (reloading) return null;
  const retry = (
    <Box
      component="button"
      type="button"
      onClick={() => {
        retries += 1;
        resetErrorBoundary();
      }}
      sx={RETRY_BUTTON}
    >
      Reintentar
    </Box>
  );
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: 3, maxWidth: 720, mx: 'auto' }}>
      {failedOffline ? (
        <Alert severity="info" role="status" action={retry}>
          {MSG.offlineNotSaved}
        </Alert>
      ) : (
        <Alert severity="error" role="alert" action={retry}>
          {MSG.screenError}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Catches an error while rendering a screen (or loading its file): the fallback until the player
 * retries or goes to another address (`resetKey`, the pathname).
 */
export function RouteErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={ScreenErrorFallback} resetKeys={[resetKey]}>
      {children}
    </ErrorBoundary>
  );
}
