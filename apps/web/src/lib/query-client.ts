import { onlineManager, QueryClient } from '@tanstack/react-query';

// TanStack Query assumes a network until the browser says 'offline'; an app started offline
// (from the service worker) is told at once, so that its screens show their kept data and the
// offline banner rather than failing loads (docs/decisions/017).
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
import { ApiError } from './api-client';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept a day unused rather than five minutes, so that the copy kept on the device for
        // offline starts (lib/query-persistence) still holds the screens seen earlier today.
        gcTime: 24 * 60 * 60 * 1000,
        refetchOnWindowFocus: false,
        retry: (failures, err) =>
          failures < 2 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
