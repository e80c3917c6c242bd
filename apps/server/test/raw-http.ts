import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One TCP connection speaking HTTP/1.1 by hand: what a test needs to hold a kept-alive
 * connection, send half a body, or send bytes that are not HTTP.
 */
export class RawConnection {
  readonly socket: net.Socket;
  readonly connected: Promise<void>;
  /** Resolves when the connection ends, with the error that ended it, if any (e.g. ECONNRESET). */
  readonly closed: Promise<{ error?: NodeJS.ErrnoException }>;
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private ended = false;
  private error: NodeJS.ErrnoException | undefined;

  constructor(port: number) {
    this.socket = net.connect(port, '127.0.0.1');
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    this.closed = new Promise((resolve) => {
      this.socket.on('error', (err) => (this.error = err));
      this.socket.on('close', () => {
        this.ended = true;
        this.waiting?.();
        resolve(this.error ? { error: this.error } : {});
      });
    });
  }

  write(text: string): void {
    this.socket.write(text);
  }

  /** The next whole response on the connection (by Content-Length), or a rejection if it ends first. */
  async response(): Promise<RawResponse> {
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.ended) {
        throw Object.assign(
          new Error(`connection ended before a response (${this.error?.code ?? 'closed'})`),
          {
            code: this.error?.code,
          },
        );
      }
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
  }

  private take(): RawResponse | null {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < end + 4 + length) return null;
    const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    this.buffer = this.buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Whether a new connection to the port is refused (the server stopped accepting). */
export function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
