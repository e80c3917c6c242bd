import { useEffect } from 'react';
import { SnackbarProvider, useSnackbar } from 'notistack';
import { snackbarComponents } from './snackbar-content';
import { attachSnackbar } from '../lib/snackbar';

function Attach() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(() => attachSnackbar(enqueueSnackbar), [enqueueSnackbar]);
  return null;
}

/** The app's snackbar provider, loaded on its own by SnackbarHost (lib/snackbar). */
export default function SnackbarOutlet() {
  return (
    <SnackbarProvider
      maxSnack={3}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={snackbarComponents}
    >
      <Attach />
    </SnackbarProvider>
  );
}
