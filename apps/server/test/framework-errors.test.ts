import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestDatabase, expectErrorShape, testConfig } from './helpers';
import { RawConnection } from './raw-http';

const database = await createTestDatabase();
const app = await buildApp({ config: testConfig(), database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
afterAll(async () => {
  await app.close();
  await database.close();
});

/** Sends raw bytes on a new connection; the one answer, once the server has closed the connection. */
async function rawExchange(bytes: string) {
  const connection = new RawConnection(port);
  await connection.connected;
  connection.write(bytes);
  const res = await connection.response();
  await connection.closed;
  return { ...res, body: JSON.parse(res.body) as unknown };
}

describe("Fastify's own errors", () => {
  it('a parameter over the length limit: 414 in the error shape, in Spanish, without echoing the path', async () => {
    const digits = '9'.repeat(300);
    const res = await app.inject({ method: 'GET', url: `/api/matches/${digits}` });
    expect(res.statusCode).toBe(414);
    expectErrorShape(res.json());
    expect(res.json().message).toBe('La dirección de la solicitud es demasiado larga');
    expect(res.body).not.toContain(digits);
    expect(res.body).not.toMatch(/FST_|exceeding/);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a malformed percent escape: 400 in the error shape', async () => {
    for (const url of ['/api/%', '/api/matches/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expectErrorShape(res.json());
      expect(res.json().message).toBe('La solicitud no es válida');
      expect(res.body).not.toMatch(/FST_|valid url/);
    }
  });

  it('bytes that are not HTTP: 400 in the error shape, not "Client Error"', async () => {
    const res = await rawExchange('GET /api/health HTTP/1.1\r\nHost: x\r\nNo es un encabezado\r\n\r\n');
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    expect(res.body).toMatchObject({ message: 'La solicitud no es válida' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.connection).toBe('close');
  });

  it('headers over the size limit: 431 in the error shape', async () => {
    const res = await rawExchange(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nx-relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expectErrorShape(res.body);
    expect(res.body).toMatchObject({ message: 'Los encabezados de la solicitud son demasiado grandes' });
  });
});
