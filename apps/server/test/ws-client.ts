import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  /** The next message received (or already waiting), parsed; fails after `timeoutMs`. */
  next<T = unknown>(timeoutMs?: number): Promise<T>;
  /** Messages until one satisfies `accept`; earlier ones are dropped. */
  until<T = unknown>(accept: (message: T) => boolean, timeoutMs?: number): Promise<T>;
  /** Resolves with the close code and reason once the connection ends. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** A real `ws` client that queues what the server sends. */
export function openSocket(url: string, options: WebSocket.ClientOptions = {}): TestSocket {
  const ws = new WebSocket(url, options);
  const queue: unknown[] = [];
  const waiters: Array<(message: unknown) => void> = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as unknown;
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });

  function next<T>(timeoutMs = 3_000): Promise<T> {
    if (queue.length > 0) return Promise.resolve(queue.shift() as T);
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const index = waiters.indexOf(take);
        if (index >= 0) waiters.splice(index, 1);
        reject(new Error(`no message within ${timeoutMs} ms`));
      }, timeoutMs);
      const take = (message: unknown) => {
        clearTimeout(timer);
        resolve(message as T);
      };
      waiters.push(take);
    });
  }

  async function until<T>(accept: (message: T) => boolean, timeoutMs = 3_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = await next<T>(Math.max(1, deadline - Date.now()));
      if (accept(message)) return message;
    }
  }

  return { ws, next, until, closed, close: () => ws.close() };
}

/** True when nothing arrives for `ms`; a message that does arrive is consumed. */
export async function staysQuiet(socket: TestSocket, ms: number): Promise<boolean> {
  try {
    await socket.next(ms);
    return false;
  } catch {
    return true;
  }
}
