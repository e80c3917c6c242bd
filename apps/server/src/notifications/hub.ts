import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { TNotificationMessage } from '@mitos/domain/matches';
import type { ChangeListener, Changes } from '../changes/feed';
/** Bounds what one account can hold open in one process (tabs, devices, reconnects). */
export const MAX_SOCKETS_PER_USER = 20;
const OPEN = 1;

export interface NotificationHubOptions {
  /** The user's current notification count, read from the database. */
  count(userId: number): Promise<number>;
  log: FastifyBaseLogger;
  /** How often sockets are pinged; one that has not answered the previous ping is dropped. */
  pingIntervalMs?: number;
}

interface Client {
  socket: WebSocket;
  alive: boolean;
}

/**
 * Pushes each user's notification count to their open sockets in this process. Changes arrive
 * from the change feed (PostgreSQL LISTEN/NOTIFY), so a change made by any process reaches
 * sockets held by every other one; the message carries only ids, and each process reads counts
 * afresh.
 */
export class NotificationHub implements ChangeListener {
  private readonly clients = new Map<number, Set<Client>>();
  /** One count read at a time per user, so an older count never overtakes a newer one. */
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Sockets owed a fresh count: every socket of the user after a change, or new ones. */
  private readonly queued = new Map<number, Set<Client> | 'all'>();
  private pinger: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(private readonly options: NotificationHubOptions) {}

  start(): void {
    this.pinger = setInterval(() => this.pingAll(), this.options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
  }

  changed(changes: Changes): void {
    for (const id of changes.matches ?? []) if (this.clients.has(id)) this.refresh(id);
  }

  /** Changes published while the listening connection was down were missed: recount everyone. */
  caughtUp(): void {
    for (const id of this.clients.keys()) this.refresh(id);
  }

  /** Registers a signed-in user's socket and sends it the current count; false when over the limit. */
  add(userId: number, socket: WebSocket): boolean {
    if (this.closed) return false;
    const set = this.clients.get(userId) ?? new Set<Client>();
    if (set.size >= MAX_SOCKETS_PER_USER) return false;
    const client: Client = { socket, alive: true };
    set.add(client);
    this.clients.set(userId, set);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => {
      set.delete(client);
      if (set.size === 0 && this.clients.get(userId) === set) this.clients.delete(userId);
    });
    this.refresh(userId, client);
    return true;
  }

  /** How many sockets are open here, for one user or for everyone. */
  socketCount(userId?: number): number {
    if (userId !== undefined) return this.clients.get(userId)?.size ?? 0;
    let total = 0;
    for (const set of this.clients.values()) total += set.size;
    return total;
  }

  /** Queues a count for all the user's sockets, or for one that just connected. */
  private refresh(userId: number, only?: Client): void {
    const queued = this.queued.get(userId);
    if (!only) this.queued.set(userId, 'all');
    else if (queued !== 'all') this.queued.set(userId, new Set([...(queued ?? []), only]));
    if (!this.inFlight.has(userId)) this.drain(userId);
  }

  private drain(userId: number): void {
    const run = async () => {
      for (let targets = this.queued.get(userId); targets; targets = this.queued.get(userId)) {
        this.queued.delete(userId);
        const clients = this.clients.get(userId);
        if (this.closed || !clients) continue;
        const count = await this.options.count(userId);
        const payload: TNotificationMessage = { type: 'new_notification', count };
        const message = JSON.stringify(payload);
        for (const { socket } of targets === 'all' ? clients : targets) {
          if (socket.readyState === OPEN) socket.send(message);
        }
      }
    };
    const task = run()
      .catch((err: unknown) => this.options.log.error({ err, userId }, 'could not send notification count'))
      .finally(() => {
        this.inFlight.delete(userId);
        // Something queued between the last read and this point still gets its own read.
        if (this.queued.has(userId) && !this.closed) this.drain(userId);
      });
    this.inFlight.set(userId, task);
  }

  private pingAll(): void {
    for (const set of this.clients.values()) {
      for (const client of set) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        try {
          client.socket.ping();
        } catch {
          client.socket.terminate();
        }
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pinger) clearInterval(this.pinger);
    for (const set of this.clients.values()) for (const { socket } of set) socket.close(1001);
    this.clients.clear();
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
