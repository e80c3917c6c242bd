import { useEffect } from 'react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import * as MSG from '@mitos/domain/message-texts';
import type { TSelfUser } from '@mitos/domain/users';
import { ME_QUERY_KEY, useSession } from '../../api/session';
import { cancelAfterRecreation } from '../../api/match-actions';
import { matchesChanged } from '../../api/query-keys';
import { useSnackbar } from '../../lib/snackbar';
import { flushOutbox, subscribeOutbox, type OutboxItem } from '../../lib/outbox';
import { createMatch } from './api/new-match';

/** While another tab holds the outbox, look again after this long. */
const BUSY_RETRY_MS = 10_000;

/** Sends one queued match with its key; a Crear Nueva then cancels the rejected match it replaces. */
export async function sendOutboxItem(item: OutboxItem): Promise<void> {
  await createMatch(item.payload, item.key);
  if (item.replaces !== null) await cancelAfterRecreation(item.replaces);
}

/**
 * Sends the signed-in player's outbox (docs/decisions/018): at start when online, when the
 * connection returns, when an item is queued (here or in another tab), and when a backoff ends.
 * Renders nothing.
 */
export function OutboxSender() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const client = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    if (userId === null) return;
    let stopped = false;
    let running = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (at: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => void run(), Math.max(0, at - Date.now()));
    };
    const run = async (): Promise<void> => {
      if (stopped || !onlineManager.isOnline()) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const result = await flushOutbox({
          userId,
          // The session as it is at each send, not as it was when this effect started.
          currentUserId: () => client.getQueryData<TSelfUser | null>(ME_QUERY_KEY)?.id ?? null,
          send: sendOutboxItem,
        });
        if (stopped) return;
        if (result.sent.length > 0) {
          void matchesChanged(client);
          enqueueSnackbar(MSG.outboxSentToast(result.sent.length), { variant: 'success' });
        }
        if (result.busy) later(Date.now() + BUSY_RETRY_MS);
        else if (result.nextAttemptAt !== null) later(result.nextAttemptAt);
      } catch {
        // The storage failed (private mode, quota): try again at the next change or reconnection.
      } finally {
        running = false;
      }
      if (again) {
        again = false;
        await run();
      }
    };
    void run();
    const offOnline = onlineManager.subscribe((online) => {
      if (online) void run();
    });
    const offChange = subscribeOutbox(userId, () => void run());
    return () => {
      stopped = true;
      clearTimeout(timer);
      offOnline();
      offChange();
    };
  }, [userId, client, enqueueSnackbar]);

  return null;
}
