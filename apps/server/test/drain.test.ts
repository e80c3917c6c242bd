import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiPlayer, get, startServer } from './process-helpers';
import { RawConnection, refusesConnections } from './raw-http';

describe('stopping with SIGTERM', () => {
  it('answers 503 with Connection: close on a kept-alive connection, finishes the request in flight, then exits 0', async () => {
    const settings = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'mitos-drain-')) };
    const server = await startServer(settings);
    const a = await apiPlayer(server.url, `dana${randomBytes(3).toString('hex')}`);
    const auth = `authorization: Bearer ${a.token}\r\n`;
    const host = `host: 127.0.0.1:${server.port}\r\n`;

    // An idle kept-alive connection, as a browser holds between two requests.
    const idle = new RawConnection(server.port);
    await idle.connected;
    idle.write(`GET /api/health HTTP/1.1\r\n${host}\r\n`);
    expect((await idle.response()).status).toBe(200);

    // A request in flight: its body is still arriving when the stop begins. (The server's
    // 100 Continue says it has taken the request.)
    const body = JSON.stringify({ name: 'Mazo en vuelo', raza: 'Titan' });
    const uploading = new RawConnection(server.port);
    await uploading.connected;
    uploading.write(
      `POST /api/decks HTTP/1.1\r\n${host}${auth}content-type: application/json\r\n` +
        `expect: 100-continue\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    expect((await uploading.response()).status).toBe(100);
    uploading.write(body.slice(0, 10));

    server.child.kill('SIGTERM');
    await expect.poll(() => refusesConnections(server.port), { timeout: 10_000 }).toBe(true);

    idle.write(
      `POST /api/decks HTTP/1.1\r\n${host}${auth}content-type: application/json\r\ncontent-length: 2\r\n\r\n{}`,
    );
    const refused = await idle.response();
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toEqual({
      success: false,
      error: 'El servicio no está disponible en este momento. Por favor intenta más tarde.',
      message: 'El servicio no está disponible en este momento. Por favor intenta más tarde.',
    });
    expect(await idle.closed).toEqual({});

    uploading.write(body.slice(10));
    const finished = await uploading.response();
    expect(finished.status, finished.body).toBe(201);
    expect(finished.headers.connection).toBe('close');
    expect(await uploading.closed).toEqual({});
    expect(await server.exited).toBe(0);

    const again = await startServer(settings);
    try {
      const decks = await get(`${again.url}/api/decks`, a.token);
      expect(decks.body.map((d: { name: string }) => d.name)).toContain('Mazo en vuelo');
    } finally {
      again.child.kill('SIGTERM');
      await again.exited;
    }
  }, 120_000);
});
