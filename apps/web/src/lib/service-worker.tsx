import { Button } from '@mui/material';
import { Workbox } from 'workbox-window';
import * as MSG from '@mitos/domain/message-texts';
import { enqueueSnackbar } from './snackbar';

/**
 * Registers the app's service worker (src/sw.ts, production builds only: main.tsx) and, when a
 * new version is installed and waiting, offers "Actualizar": the new worker takes over and the
 * page reloads on it (docs/decisions/017).
 */
export function registerServiceWorker(reload: () => void = () => window.location.reload()): void {
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    enqueueSnackbar(MSG.newVersion, {
      variant: 'info',
      persist: true,
      preventDuplicate: true,
      action: () => (
        <Button
          color="inherit"
          size="small"
          onClick={() => {
            wb.addEventListener('controlling', () => reload());
            wb.messageSkipWaiting();
          }}
        >
          Actualizar
        </Button>
      ),
    });
  });
  void wb.register();
}
