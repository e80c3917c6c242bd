import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Box } from '@mui/material';
import { onlineManager, useQueryClient, type QueryCache } from '@tanstack/react-query';
import * as MSG from '@mitos/domain/message-texts';
import { useSession } from '../api/session';
import { useInbox } from '../api/inbox';
import { LAYOUT } from '../lib/ui-constants';

/** How long the live connection may be down before the player is told (a reconnect is quick). */
export const LIVE_NOTICE_DELAY_MS = 5_000;

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** The toasts' darker shades (components/snackbar-content): white text at WCAG AA contrast. */
const READABLE = {
  warning: { bgcolor: '#8a4b00', color: '#ffffff' },
  info: { bgcolor: '#1d4f91', color: '#ffffff' },
} as const;

/**
 * Whether a screen on show waits for data it never had (TanStack Query pauses a load while
 * offline): without a network it would show its loading placeholder for good.
 */
export function waitsWithoutData(cache: QueryCache): boolean {
  return cache
    .getAll()
    .some(
      (q) => q.getObserversCount() > 0 && q.state.status === 'pending' && q.state.fetchStatus === 'paused',
    );
}

function useWaitsWithoutData(): boolean {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => waitsWithoutData(cache),
    () => false,
  );
}

export interface ConnectionBannerProps {
  /** The browser has a network (TanStack Query's onlineManager). */
  online: boolean;
  /** The screen on show has data it could not load and never kept (see waitsWithoutData). */
  notSaved?: boolean;
  /** The live notification connection is up. */
  live: boolean;
  delayMs?: number;
}

/**
 * Issue 14 item 8: an offline banner while the browser is offline (with, issue 18, a word that the
 * screen was never kept on this device when it waits for data it never had), else a dismissible "Sin
 * conexión en vivo — reintentando…" once the live connection has been down for a few seconds.
 * Dismissed, it comes back only after the connection returned and dropped again.
 */
export function ConnectionBanner({
  online,
  live,
  notSaved = false,
  delayMs = LIVE_NOTICE_DELAY_MS,
}: ConnectionBannerProps) {
  const [downLong, setDownLong] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [wasLive, setWasLive] = useState(live);
  if (wasLive !== live) {
    setWasLive(live);
    setDownLong(false);
    setDismissed(false);
  }

  useEffect(() => {
    if (live) return;
    const timer = setTimeout(() => setDownLong(true), delayMs);
    return () => clearTimeout(timer);
  }, [live, delayMs]);

  let notice = null;
  if (!online) {
    notice = (
      <>
        <Alert severity="warning" variant="filled" role="alert" sx={READABLE.warning}>
          {MSG.offline}
        </Alert>
        {notSaved && (
          <Alert severity="info" variant="filled" role="status" sx={{ ...READABLE.info, mt: 1 }}>
            {MSG.offlineNotSaved}
          </Alert>
        )}
      </>
    );
  } else if (!live && downLong && !dismissed) {
    notice = (
      <Alert
        severity="info"
        variant="filled"
        role="status"
        sx={READABLE.info}
        closeText="Cerrar aviso"
        onClose={() => setDismissed(true)}
      >
        {MSG.liveConnectionDown}
      </Alert>
    );
  }
  if (!notice) return null;
  return (
    <Box
      sx={{
        position: 'sticky',
        top: LAYOUT.contentPaddingTop,
        zIndex: (theme) => theme.zIndex.appBar - 1,
        px: { xs: 1, sm: 2 },
        pt: 1,
      }}
    >
      {notice}
    </Box>
  );
}

/** The connection notices of a signed-in player, from the live connection and the browser. */
export function ConnectionNotices() {
  const { user } = useSession();
  const { connected } = useInbox();
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const notSaved = useWaitsWithoutData();
  if (!user) return null;
  return <ConnectionBanner online={online} live={connected} notSaved={notSaved} />;
}
