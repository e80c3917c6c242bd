import * as MSG from '@mitos/domain/message-texts';
import { API_BASE } from './api-client';

export type SocketStatus = 'connecting' | 'open' | 'closed';

/**
 * The count of a `{type: 'new_notification', count}` message, else null. Checked by hand rather
 * than with the shared zod schema: the socket is in the first download, zod is not.
 */
export function notificationCountOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, count } = data as { type?: unknown; count?: unknown };
  return type === 'new_notification' && Number.isInteger(count) && (count as number) >= 0
    ? (count as number)
    : null;
}

/**
 * What a `community_changed` message says changed: `'all'`, a store, season, league, ranking or
 * tournament (the server sends it at most once a second), so every community screen on show reads
 * again; `'standings'`, only the season counts (matches approved or annulled, at most once per the
 * server's interval for them), so only the screens that show counts do (docs/decisions/061).
 */
export type CommunityChange = 'all' | 'standings';

/**
 * The change a `{type: 'community_changed'}` message announces: `'standings'` with
 * `scope: 'standings'`, else `'all'` (a scope this client does not know among them); null for any
 * other message.
 */
export function communityChangeOf(data: unknown): CommunityChange | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, scope } = data as { type?: unknown; scope?: unknown };
  if (type !== 'community_changed') return null;
  return scope === 'standings' ? 'standings' : 'all';
}

export interface NotificationSocketOptions {
  url: string;
  /** A `new_notification` message arrived with the user's current count. */
  onCount(count: number): void;
  /** A `community_changed` message arrived, saying what changed. */
  onCommunityChanged?(change: CommunityChange): void;
  /** The connection changed; `error` is the SPEC text while a failure is the cause. */
  onStatus(status: SocketStatus, error: string | null): void;
  createSocket?: (url: string) => WebSocket;
}

export interface NotificationSocket {
  close(): void;
}

const INITIAL_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/**
 * How often the open connection is pinged: under the 30–60 s after which proxies and mobile
 * networks drop an idle connection, and far below what the server allows (one message a second).
 */
export const HEARTBEAT_INTERVAL_MS = 25_000;
/** A ping unanswered this long means a dead connection (often without any close event): replace it. */
export const PONG_TIMEOUT_MS = 10_000;
const PING = JSON.stringify({ type: 'ping' });

function isPong(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'pong';
}

/**
 * Wait before reconnect attempt `attempt` (0-based): doubling from 1 s up to 30 s, with up to
 * 20% jitter so that clients dropped together by a server restart do not return together.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.2 * random()));
}

/** ws(s)://host/ws?userId=… on the API's origin (the page's own origin by default). */
export function notificationSocketUrl(
  userId: number,
  base: string = API_BASE,
  page: Location = window.location,
) {
  const url = new URL('/ws', base || page.origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('userId', String(userId));
  return url.toString();
}

/**
 * The live notification connection: reports each count it receives, pings the server every
 * 25 s, and reconnects with backoff whenever the connection drops or a ping goes unanswered,
 * until `close()`.
 */
export function connectNotificationSocket(options: NotificationSocketOptions): NotificationSocket {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let pongDeadline: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const stopHeartbeat = () => {
    if (heartbeat) clearInterval(heartbeat);
    if (pongDeadline) clearTimeout(pongDeadline);
    heartbeat = null;
    pongDeadline = null;
  };

  /** Pings `ws` every interval while it is the current socket; no pong in time replaces it. */
  const startHeartbeat = (ws: WebSocket) => {
    stopHeartbeat();
    heartbeat = setInterval(() => {
      if (socket !== ws || pongDeadline) return;
      try {
        ws.send(PING);
      } catch {
        // Not open any more: its close event takes over.
        return;
      }
      pongDeadline = setTimeout(() => {
        pongDeadline = null;
        if (socket !== ws) return;
        console.warn(MSG.wsError, 'sin respuesta al ping');
        // Its close event may come late or never: from here on it is not the current socket.
        socket = null;
        stopHeartbeat();
        try {
          ws.close();
        } catch {
          // Closing a dead socket may throw; it is dropped either way.
        }
        options.onStatus('closed', MSG.wsError);
        scheduleReconnect();
      }, PONG_TIMEOUT_MS);
    }, HEARTBEAT_INTERVAL_MS);
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      open();
    }, reconnectDelay(attempt));
    attempt += 1;
  };

  function open() {
    if (closed) return;
    options.onStatus('connecting', null);
    let ws: WebSocket;
    try {
      ws = create(options.url);
    } catch (err) {
      console.warn(MSG.wsError, err);
      options.onStatus('closed', MSG.wsError);
      scheduleReconnect();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      startHeartbeat(ws);
      options.onStatus('open', null);
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws) return;
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (isPong(data)) {
        if (pongDeadline) clearTimeout(pongDeadline);
        pongDeadline = null;
        return;
      }
      const change = communityChangeOf(data);
      if (change) {
        options.onCommunityChanged?.(change);
        return;
      }
      const count = notificationCountOf(data);
      if (count !== null) options.onCount(count);
    };
    let failed = false;
    // A browser always follows an error with a close: the close reports it.
    ws.onerror = () => {
      failed = true;
      console.warn(MSG.wsError);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      stopHeartbeat();
      if (closed) return;
      options.onStatus('closed', failed ? MSG.wsError : null);
      scheduleReconnect();
    };
  }

  if (typeof WebSocket === 'undefined' && !options.createSocket) {
    console.info('WebSocket no disponible: las notificaciones no se actualizan en vivo');
    options.onStatus('closed', null);
    return { close() {} };
  }
  open();

  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      stopHeartbeat();
      const ws = socket;
      socket = null;
      if (ws && ws.readyState <= 1) ws.close();
    },
  };
}
