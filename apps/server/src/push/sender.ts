import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { PushConfig } from '../config';
import type { PushKind, PushMessage, PushSender } from './contract';
import { deleteSubscription, markSent, targetsOf, usersWithDevices, type PushTarget } from './repository';
import { PushSubscribers } from './subscribers';

/** How long a push service keeps a message for a device that is off: as long as it is still news. */
const TTL_SECONDS: Record<PushKind, number> = {
  approval: 3 * 24 * 3600,
  rejected: 3 * 24 * 3600,
  announcement: 24 * 3600,
  reminder: 12 * 3600,
};

export interface SenderOptions {
  db: Db;
  push: PushConfig;
  log: FastifyBaseLogger;
  /** Requests to push services in flight at once. */
  concurrency?: number;
  /** Deliveries waiting for a slot; beyond it new ones are dropped (and logged), never queued forever. */
  maxWaiting?: number;
  /** Milliseconds a push service has to answer. */
  timeoutMs?: number;
}

/**
 * Web Push with the `web-push` package (docs/decisions/019). web-push encrypts the payload
 * (RFC 8291, aes128gcm) and signs the VAPID header; the request itself goes out with fetch, with a
 * timeout, a bounded number at once and a bounded wait. Runs in the background: notify() returns
 * at once and nothing it does throws to the caller; drain() waits for what is under way (tests,
 * shutdown).
 */
export class WebPushSender implements PushSender {
  private readonly db: Db;
  private readonly config: PushConfig;
  private readonly log: FastifyBaseLogger;
  private readonly concurrency: number;
  private readonly maxWaiting: number;
  private readonly timeoutMs: number;
  /** Who has a device: a delivery to no one of them reads nothing more. The change feed keeps it. */
  readonly subscribers: PushSubscribers;
  private readonly running = new Set<Promise<void>>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;

  constructor(options: SenderOptions) {
    this.db = options.db;
    this.config = options.push;
    this.log = options.log;
    this.concurrency = options.concurrency ?? 8;
    this.maxWaiting = options.maxWaiting ?? 1000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.subscribers = new PushSubscribers(() => usersWithDevices(this.db));
  }

  notify(userIds: readonly number[], kind: PushKind, message: PushMessage): void {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return;
    const delivery = this.deliver(ids, kind, message);
    this.running.add(delivery);
    void delivery.finally(() => this.running.delete(delivery));
  }

  /** Resolves once every delivery started so far (and any they started) has finished. */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private async deliver(userIds: number[], kind: PushKind, message: PushMessage): Promise<void> {
    try {
      const recipients = await this.subscribers.among(userIds);
      if (recipients.length === 0) return;
      const targets = await targetsOf(this.db, recipients, kind);
      const payload = JSON.stringify(message);
      await Promise.all(targets.map((target) => this.inSlot(() => this.send(target, kind, payload))));
    } catch (err) {
      this.log.error({ err, kind }, 'push: could not read the recipients');
    }
  }

  /** Runs `work` when fewer than `concurrency` sends are in flight; drops it when too many wait. */
  private async inSlot(work: () => Promise<void>): Promise<void> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        this.log.warn('push: too many notifications waiting; one was dropped');
        return;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active += 1;
    try {
      await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  private async send(target: PushTarget, kind: PushKind, payload: string): Promise<void> {
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: { subject: this.config.subject, ...this.config.vapid },
          TTL: TTL_SECONDS[kind],
          // A match waiting for the player's answer may wake the phone; the rest can wait.
          urgency: kind === 'approval' ? 'high' : 'normal',
        },
      );
      // fetch sets the length of the body itself.
      const { 'Content-Length': _length, ...headers } = request.headers;
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body,
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) {
        await markSent(this.db, target.id, new Date());
      } else if (response.status === 404 || response.status === 410) {
        // The browser unsubscribed or the subscription expired: it will never work again.
        await deleteSubscription(this.db, target.id, target.endpoint);
      } else {
        this.log.warn({ status: response.status, subscription: target.id }, 'push: the push service refused');
      }
    } catch (err) {
      this.log.warn({ err, subscription: target.id }, 'push: sending failed');
    }
  }
}
