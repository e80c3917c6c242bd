import { useState, type ReactNode } from 'react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { appTheme } from './theme';
import { createQueryClient } from '../lib/query-client';
import { SnackbarHost } from '../lib/snackbar';
import { SessionProvider } from '../api/session';
import { InboxProvider } from '../api/inbox';

/** Everything a screen needs around it; tests render screens inside it too. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ThemeProvider theme={appTheme()}>
      <CssBaseline />
      <QueryClientProvider client={client}>
        <SessionProvider>
          <InboxProvider>{children}</InboxProvider>
        </SessionProvider>
        <SnackbarHost />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
