import { useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { theme } from './theme';
import { snackbarComponents } from '../components/snackbar-content';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../features/auth/api/session';
import { NotificationsProvider } from '../features/notifications/api/notifications';
import '../lib/dates';

/** Everything a screen needs around it; tests render screens inside it too. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SnackbarProvider
          maxSnack={3}
          anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
          Components={snackbarComponents}
        >
          <SessionProvider>
            <NotificationsProvider>{children}</NotificationsProvider>
          </SessionProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
