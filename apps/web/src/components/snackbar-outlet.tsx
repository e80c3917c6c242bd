import { useEffect } from 'react';
import { SnackbarProvider, useSnackbar, type OptionsObject, type SnackbarMessage } from 'notistack';
import { snackbarComponents } from './snackbar-content';

export interface SnackbarOutletProps {
  /** Receives the provider's enqueue once mounted; answers the cleanup. */
  attach: (enqueue: (message: SnackbarMessage, options?: OptionsObject) => void) => () => void;
}

function Attach({ attach }: SnackbarOutletProps) {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => attach(enqueueSnackbar), [attach, enqueueSnackbar]);
  return null;
}

/** The app's snackbar provider, loaded on its own by SnackbarHost (lib/snackbar). */
export default function SnackbarOutlet({ attach }: SnackbarOutletProps) {
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={snackbarComponents}
    >
      <Attach attach={attach} />
    </SnackbarProvider>
  );
}
