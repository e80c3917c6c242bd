import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from './process-helpers';
import { RawConnection } from './raw-http';

// Short timeouts so that the test runs in seconds; the defaults are 30 s, 15 s and 65 s.
const server = await startServer({
  DATABASE_URL: 'memory://',
  REQUEST_TIMEOUT_SECONDS: '2',
  HEADERS_TIMEOUT_SECONDS: '1',
  KEEP_ALIVE_TIMEOUT_SECONDS: '1',
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

/** Writes one byte every 300 ms until the connection ends or `bytes` run out. */
async function trickle(connection: RawConnection, bytes: string): Promise<number> {
  let sent = 0;
  for (const byte of bytes) {
    if (connection.socket.destroyed || connection.socket.writableEnded) break;
    connection.write(byte);
    sent += 1;
    await Promise.race([new Promise((r) => setTimeout(r, 300)), connection.closed]);
  }
  return sent;
}

describe('slow clients', () => {
  it('a body trickling a byte at a time is cut with 408 in the error shape', async () => {
    const body = JSON.stringify({ email: 'lenta@example.com', password: 'x'.repeat(60) });
    const connection = new RawConnection(server.port);
    await connection.connected;
    connection.write(
      `POST /api/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    const answer = connection.response();
    // 90 bytes at 300 ms each would take 27 s; the request timeout is 2 s.
    const sent = await trickle(connection, body);
    expect(sent).toBeLessThan(body.length);
    const res = await answer;
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body)).toEqual({
      success: false,
      error: 'La solicitud tardó demasiado en llegar. Por favor intenta nuevamente.',
      message: 'La solicitud tardó demasiado en llegar. Por favor intenta nuevamente.',
    });
    await connection.closed;
  }, 30_000);

  it('headers trickling a byte at a time are cut with 408', async () => {
    const connection = new RawConnection(server.port);
    await connection.connected;
    const answer = connection.response();
    const headers = `GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nx-relleno: ${'a'.repeat(80)}\r\n\r\n`;
    const sent = await trickle(connection, headers);
    expect(sent).toBeLessThan(headers.length);
    expect((await answer).status).toBe(408);
    await connection.closed;
  }, 30_000);

  it('a connection that never sends a request is closed', async () => {
    const connection = new RawConnection(server.port);
    await connection.connected;
    const answer = await connection.response();
    expect(answer.status).toBe(408);
    expect(await connection.closed).toEqual({});
  }, 30_000);

  it('an idle kept-alive connection is closed after the keep-alive timeout, which the server announces', async () => {
    const connection = new RawConnection(server.port);
    await connection.connected;
    connection.write('GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
    const res = await connection.response();
    expect(res.status).toBe(200);
    expect(res.headers['keep-alive']).toBe('timeout=1');
    expect(await connection.closed).toEqual({});
  }, 30_000);
});

describe('a silent connection when the headers and request timeouts are equal', () => {
  it('still gets its 408 rather than a bare close', async () => {
    // The connection's idle cut used to be the request timeout itself: with both timeouts at
    // 1 s it fell before Node's next check and closed the connection without an answer.
    const equal = await startServer({
      DATABASE_URL: 'memory://',
      REQUEST_TIMEOUT_SECONDS: '1',
      HEADERS_TIMEOUT_SECONDS: '1',
      KEEP_ALIVE_TIMEOUT_SECONDS: '1',
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        const connection = new RawConnection(equal.port);
        await connection.connected;
        expect((await connection.response()).status).toBe(408);
        await connection.closed;
      }
    } finally {
      equal.child.kill('SIGTERM');
      await equal.exited;
    }
  }, 30_000);
});
