import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { MSG } from '@mitos/domain/messages';
import type { TNotificationMessage } from '@mitos/domain/matches';
import type { ChangeListener, Changes } from '../changes/feed';
import { STANDINGS_INTERVAL_MS } from '../config';
import { TokenBucket } from './token-bucket';

/** Bounds what one account can hold open in one process (tabs, devices, reconnects). */
export const MAX_SOCKETS_PER_USER = 20;
/**
 * Bytes a socket may have waiting in this process (on top of what the kernel already holds,
 * hundreds of kB to a few MB) before it is sent nothing more. Everything sent here is a few dozen
 * bytes (a count, a pong), so 64 KiB is well over a thousand unread messages: a client that has
 * stopped reading, not a phone on a slow network.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024;
/**
 * Messages (and ping frames) a client may send: a burst of 10, then one a second. The web app
 * sends one ping every 25 s, so a client near this rate is flooding.
 */
export const MESSAGE_BURST = 10;
export const MESSAGES_PER_SECOND = 1;
/**
 * How long a client the server closes may take to read the close frame before its connection is
 * cut. One that does not read would otherwise hold its socket for ws's 30 s close timeout.
 */
export const CLOSE_GRACE_MS = 1_000;

/** RFC 6455 close codes the hub sends besides the normal ones. */
export const CLOSE_POLICY = 1008;
/** "Try again later": the client fell behind; reconnecting brings a fresh count. */
export const CLOSE_TRY_AGAIN_LATER = 1013;
const OPEN = 1;
const PONG = JSON.stringify({ type: 'pong' });
/**
 * At most one `community_changed` per this interval per process: a busy evening of approvals
 * would otherwise have every open ranking screen read again after each one.
 */
export const COMMUNITY_INTERVAL_MS = 1_000;
/**
 * What a `community_changed` says changed: anything in the community (a store, season, league,
 * tournament or name: every community screen reads again), or only the season counts (matches
 * approved or annulled: the screens that show counts read again, nothing else). Only the counts
 * change through an evening of approvals, and they are told at the longer interval
 * (LIVE_STANDINGS_INTERVAL_MS, docs/decisions/061).
 */
type CommunityScope = 'all' | 'standings';
/**
 * Sockets told of a community change per turn of the event loop. Each send is a write to the
 * kernel (about 12 µs): 2,000 sockets in one go held every request up for 25–40 ms (issue 19's
 * mixed workload); in turns of 200 requests get their turn in between.
 */
export const COMMUNITY_SENDS_PER_TURN = 200;
const COMMUNITY_MESSAGES: Record<CommunityScope, string> = {
  all: JSON.stringify({ type: 'community_changed' } satisfies TNotificationMessage),
  standings: JSON.stringify({ type: 'community_changed', scope: 'standings' } satisfies TNotificationMessage),
};

export interface NotificationHubOptions {
  /** The user's current notification count, read from the database. */
  count(userId: number): Promise<number>;
  log: FastifyBaseLogger;
  /**
   * How often sockets are checked: one that has not answered the previous ping is dropped, one
   * still over `maxBufferedBytes` since the previous check is closed.
   */
  pingIntervalMs?: number;
  /** The bounds above, overridable for tests. */
  maxBufferedBytes?: number;
  messageBurst?: number;
  messagesPerSecond?: number;
  closeGraceMs?: number;
  /** Clock of the message rate limit and of the community messages' interval. */
  now?: () => number;
  /** Overrides COMMUNITY_INTERVAL_MS, for tests. */
  communityIntervalMs?: number;
  /** The interval of a message that only the season counts changed (default STANDINGS_INTERVAL_MS). */
  standingsIntervalMs?: number;
  /** Overrides COMMUNITY_SENDS_PER_TURN, for tests. */
  communitySendsPerTurn?: number;
}

interface Client {
  userId: number;
  socket: WebSocket;
  alive: boolean;
  /** What this client may still send. */
  bucket: TokenBucket;
  /** Found over the buffer bound since the last check; still over at the next, it is closed. */
  backlogged: boolean;
  /** A count was skipped while backlogged: a fresh one goes out once the buffer drains. */
  owesCount: boolean;
  /** A pong is handed to the socket but not yet written out: pings meanwhile share it. */
  pongPending: boolean;
  /** Being closed by the server: nothing more is sent to it or read from it. */
  closing: boolean;
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
  /** When `community_changed` last went out, what the one owed says, and its timer. */
  private communitySentAt = Number.NEGATIVE_INFINITY;
  private communityOwed: CommunityScope | null = null;
  private communityTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: NotificationHubOptions) {}

  start(): void {
    this.pinger = setInterval(() => this.sweep(), this.options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
  }

  changed(changes: Changes): void {
    for (const id of changes.matches ?? []) if (this.clients.has(id)) this.refresh(id);
    if (changes.community) this.communityChanged('all');
    else if (changes.standings) this.communityChanged('standings');
  }

  /**
   * Changes published while the listening connection was down were missed: recount everyone, and
   * tell every screen that the community may have changed.
   */
  caughtUp(): void {
    for (const id of this.clients.keys()) this.refresh(id);
    this.communityChanged('all');
  }

  /**
   * Tells every open socket that the community changed (a ranking, store, season or league), so
   * the screens showing it read again: at once when none went out in the last interval, else once
   * at the interval's end for everything that changed meanwhile. A change of the season counts
   * alone waits the longer interval; any other change brings the message owed forward to the
   * shorter one, and the message then says that anything may have changed.
   */
  private communityChanged(scope: CommunityScope): void {
    if (this.closed) return;
    const owed: CommunityScope = this.communityOwed === 'all' || scope === 'all' ? 'all' : 'standings';
    if (this.communityTimer && owed === this.communityOwed) return;
    this.communityOwed = owed;
    if (this.communityTimer) clearTimeout(this.communityTimer);
    this.communityTimer = null;
    const interval =
      owed === 'all'
        ? (this.options.communityIntervalMs ?? COMMUNITY_INTERVAL_MS)
        : (this.options.standingsIntervalMs ?? STANDINGS_INTERVAL_MS);
    const wait = this.communitySentAt + interval - (this.options.now ?? Date.now)();
    if (wait <= 0) {
      this.sendCommunityChanged();
      return;
    }
    this.communityTimer = setTimeout(() => {
      this.communityTimer = null;
      this.sendCommunityChanged();
    }, wait);
    this.communityTimer.unref();
  }

  private sendCommunityChanged(): void {
    const scope = this.communityOwed;
    this.communityOwed = null;
    if (this.closed || scope === null) return;
    const message = COMMUNITY_MESSAGES[scope];
    this.communitySentAt = (this.options.now ?? Date.now)();
    // The sockets open now, told a turn of the event loop at a time; one closed meanwhile is
    // skipped, one opened meanwhile reads afresh anyway. A client too far behind to take it is
    // closed by the sweep, and reads afresh on reconnecting.
    const clients = [...this.clients.values()].flatMap((set) => [...set]);
    const perTurn = this.options.communitySendsPerTurn ?? COMMUNITY_SENDS_PER_TURN;
    const sendFrom = (start: number) => {
      if (this.closed) return;
      const end = Math.min(clients.length, start + perTurn);
      for (const client of clients.slice(start, end)) if (this.canSend(client)) client.socket.send(message);
      if (end < clients.length) setImmediate(() => sendFrom(end));
    };
    sendFrom(0);
  }

  /**
   * Registers a signed-in user's socket, answers its pings and sends it the current count; false
   * when over the limit. The client only listens: `{"type":"ping"}` is answered with
   * `{"type":"pong"}`, anything else closes its socket, and so does sending faster than the rate.
   */
  add(userId: number, socket: WebSocket): boolean {
    if (this.closed) return false;
    const set = this.clients.get(userId) ?? new Set<Client>();
    if (set.size >= MAX_SOCKETS_PER_USER) return false;
    const client: Client = {
      userId,
      socket,
      alive: true,
      bucket: new TokenBucket(
        this.options.messageBurst ?? MESSAGE_BURST,
        this.options.messagesPerSecond ?? MESSAGES_PER_SECOND,
        this.options.now,
      ),
      backlogged: false,
      owesCount: false,
      pongPending: false,
      closing: false,
    };
    set.add(client);
    this.clients.set(userId, set);
    socket.on('message', (data, isBinary) => this.received(client, data, isBinary));
    // ws answers each ping frame itself, so those share the budget; pongs only mark it alive.
    socket.on('ping', () => this.withinRate(client));
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
        for (const client of targets === 'all' ? clients : targets) {
          if (this.canSend(client)) client.socket.send(message);
          else if (!client.closing) client.owesCount = true;
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

  /** Takes one of the client's tokens; a client out of them is flooding and is closed. */
  private withinRate(client: Client): boolean {
    if (client.closing) return false;
    if (client.bucket.take()) return true;
    this.options.log.warn({ userId: client.userId }, 'closing a socket that sends too many messages');
    this.drop(client, CLOSE_POLICY, MSG.tooManySocketMessages);
    return false;
  }

  private received(client: Client, data: RawData, isBinary: boolean): void {
    if (client.closing || client.socket.readyState !== OPEN || !this.withinRate(client)) return;
    let message: unknown = null;
    try {
      message = isBinary ? null : JSON.parse(String(data));
    } catch {
      message = null;
    }
    if ((message as { type?: unknown } | null)?.type !== 'ping') {
      this.drop(client, CLOSE_POLICY, MSG.badRequest);
      return;
    }
    // One pong on its way answers every ping that arrives meanwhile; none while backlogged.
    if (client.pongPending || !this.canSend(client)) return;
    client.pongPending = true;
    client.socket.send(PONG, () => {
      client.pongPending = false;
    });
  }

  /** Open, and with room in its buffer; a full buffer marks the client backlogged. */
  private canSend(client: Client): boolean {
    if (client.closing || client.socket.readyState !== OPEN) return false;
    if (client.socket.bufferedAmount <= (this.options.maxBufferedBytes ?? MAX_BUFFERED_BYTES)) return true;
    client.backlogged = true;
    return false;
  }

  /** Closes with `code`, and cuts the connection if the client does not read the close frame. */
  private drop(client: Client, code: number, reason: string): void {
    if (client.closing) return;
    client.closing = true;
    const { socket } = client;
    socket.close(code, reason);
    const cut = setTimeout(() => socket.terminate(), this.options.closeGraceMs ?? CLOSE_GRACE_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  }

  /**
   * Every ping interval: closes sockets still over the buffer bound since the last check, sends
   * the count owed to those that drained, and pings the rest, dropping those that missed a pong.
   */
  sweep(): void {
    const max = this.options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    for (const set of this.clients.values()) {
      for (const client of set) {
        if (client.closing) continue;
        const { socket } = client;
        if (socket.bufferedAmount > max) {
          if (client.backlogged) {
            this.options.log.warn(
              { userId: client.userId, bufferedAmount: socket.bufferedAmount },
              'closing a socket that does not read what it is sent',
            );
            this.drop(client, CLOSE_TRY_AGAIN_LATER, MSG.socketNotReading);
            continue;
          }
          client.backlogged = true;
        } else {
          client.backlogged = false;
          if (client.owesCount) {
            client.owesCount = false;
            this.refresh(client.userId, client);
          }
        }
        if (!client.alive) {
          socket.terminate();
          continue;
        }
        client.alive = false;
        if (client.backlogged) continue;
        try {
          socket.ping();
        } catch {
          socket.terminate();
        }
      }
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.pinger) clearInterval(this.pinger);
    if (this.communityTimer) clearTimeout(this.communityTimer);
    for (const set of this.clients.values()) for (const { socket } of set) socket.close(1001);
    this.clients.clear();
    await Promise.allSettled([...this.inFlight.values()]);
  }
}
