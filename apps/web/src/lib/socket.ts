import { MSG } from '@mitos/domain/messages';
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

export interface NotificationSocketOptions {
  url: string;
  /** A `new_notification` message arrived with the user's current count. */
  onCount(count: number): void;
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
 * The live notification connection: reports each count it receives and reconnects with backoff
 * whenever the connection drops, until `close()`.
 */
export function connectNotificationSocket(options: NotificationSocketOptions): NotificationSocket {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

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
      attempt = 0;
      options.onStatus('open', null);
    };
    ws.onmessage = (event: MessageEvent) => {
      let data: unknown;
      try {
        data = JSON.parse(String(event.data));
      } catch {
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
      const ws = socket;
      socket = null;
      if (ws && ws.readyState <= 1) ws.close();
    },
  };
}
