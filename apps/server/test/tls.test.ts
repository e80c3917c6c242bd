import http2 from 'node:http2';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@mitos/domain/messages';
import { buildApp } from '../src/app';
import type { App } from '../src/app';
import type { AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { MAX_STREAMS_PER_CONNECTION } from '../src/http/node-server';
import { createTestDatabase, createUser, expectErrorShape, testConfig, type TestUser } from './helpers';

/** A self-signed certificate for 127.0.0.1 and localhost (until 2126), for these tests and the bench. */
const TLS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/tls');
const tls = {
  cert: readFileSync(path.join(TLS_DIR, 'cert.pem')),
  key: readFileSync(path.join(TLS_DIR, 'key.pem')),
};

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/** One request on an HTTP/2 session; `body` may be sent in parts (`write` before the end). */
function h2Request(
  session: http2.ClientHttp2Session,
  headers: http2.OutgoingHttpHeaders,
  body?: string,
): { stream: http2.ClientHttp2Stream; answer: Promise<Answer> } {
  const stream = session.request(headers);
  const answer = new Promise<Answer>((resolve, reject) => {
    let status = 0;
    let got: http2.IncomingHttpHeaders = {};
    let text = '';
    stream.on('response', (h) => {
      status = Number(h[':status']);
      got = h;
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (text += chunk));
    stream.on('end', () => resolve({ status, headers: got, body: text }));
    stream.on('error', reject);
  });
  if (body !== undefined) stream.end(body);
  return { stream, answer };
}

interface HttpsApp {
  app: App;
  database: Database;
  port: number;
  origin: string;
  player: TestUser;
}

/** The app over HTTPS on a database of its own, listening on a free port, with one player. */
async function listenOverHttps(overrides: Partial<AppConfig> = {}): Promise<HttpsApp> {
  const database = await createTestDatabase();
  const config = testConfig({ tls, cookieSecure: null, ...overrides });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, database, port, origin: `https://127.0.0.1:${port}`, player: await createUser(database) };
}

/** A deck created with its body sent in two parts: `finish()` sends the rest. */
function postDeckInParts(session: http2.ClientHttp2Session, player: TestUser, name: string) {
  const body = JSON.stringify({ name, raza: 'Titan' });
  const { stream, answer } = h2Request(session, {
    ':method': 'POST',
    ':path': '/api/decks',
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    authorization: `Bearer ${player.token}`,
  });
  stream.write(body.slice(0, 10));
  return { answer, finish: () => stream.end(body.slice(10)) };
}

describe('HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE)', () => {
  let server: HttpsApp;
  let origin: string;
  let player: TestUser;
  const sessions: http2.ClientHttp2Session[] = [];
  const connect = () => {
    const session = http2.connect(origin, { ca: tls.cert });
    sessions.push(session);
    return session;
  };

  beforeAll(async () => {
    // Idle HTTP/2 connections close after 1.5 s here (65 s by default).
    server = await listenOverHttps({
      timeouts: { requestMs: 30_000, headersMs: 15_000, keepAliveMs: 1_500 },
    });
    ({ origin, player } = server);
  });

  afterAll(async () => {
    for (const session of sessions) session.destroy();
    await server.app.close();
    await server.database.close();
  });

  it('answers over HTTP/2 with the HTTPS headers', async () => {
    const session = connect();
    const { answer } = h2Request(session, { ':path': '/api/health' });
    const reply = await answer;
    expect(reply.status).toBe(200);
    expect(session.alpnProtocol).toBe('h2');
    expect(JSON.parse(reply.body)).toMatchObject({ status: 'ok' });
    // The request was seen as HTTPS: the answer remembers it (HSTS is sent over HTTPS only).
    expect(reply.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('sets Secure session cookies when a player signs in over HTTP/2', async () => {
    const { answer } = h2Request(
      connect(),
      { ':method': 'POST', ':path': '/api/auth/login', 'content-type': 'application/json', origin },
      JSON.stringify({ email: player.email, password: player.password }),
    );
    const reply = await answer;
    expect(reply.status, reply.body).toBe(200);
    const cookies = reply.headers['set-cookie'] ?? [];
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it('refuses a cross-site POST over HTTP/2 by its Origin, which it compares with :authority', async () => {
    const session = connect();
    const post = (from: string) =>
      h2Request(
        session,
        {
          ':method': 'POST',
          ':path': '/api/decks',
          'content-type': 'application/json',
          authorization: `Bearer ${player.token}`,
          origin: from,
        },
        JSON.stringify({ name: `Mazo ${from.length}`, raza: 'Titan' }),
      ).answer;
    const crossSite = await post('https://otro.example');
    expect(crossSite.status).toBe(403);
    expect(JSON.parse(crossSite.body).message).toBe('Solicitud rechazada: origen no permitido');
    expect((await post(origin)).status).toBe(201);
  });

  it('answers bad JSON over HTTP/2 with the error shape, no warning in the log, and the connection goes on', async () => {
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.message);
    process.on('warning', warned);
    const session = connect();
    const { answer } = h2Request(
      session,
      {
        ':method': 'POST',
        ':path': '/api/decks',
        'content-type': 'application/json',
        authorization: `Bearer ${player.token}`,
      },
      '{"name": ',
    );
    const reply = await answer;
    expect(reply.status).toBe(400);
    expect(reply.headers.connection).toBeUndefined();
    expectErrorShape(JSON.parse(reply.body));
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', warned);
    // Node drops an HTTP/1.1 Connection header on HTTP/2, with a warning, once per process.
    expect(warnings).toEqual([]);
    const next = await h2Request(session, { ':path': '/api/health' }).answer;
    expect(next.status).toBe(200);
  });

  it('still answers HTTPS over HTTP/1.1', async () => {
    const reply = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(
          `${origin}/api/health`,
          { ca: tls.cert, ALPNProtocols: ['http/1.1'] } as https.RequestOptions,
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion }));
          },
        )
        .on('error', reject);
    });
    expect(reply).toEqual({ status: 200, version: '1.1' });
  });

  it('opens the live socket over wss://', async () => {
    const socket = new WebSocket(`${origin.replace('https', 'wss')}/ws?token=${player.token}`, {
      ca: tls.cert,
    });
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    expect(JSON.parse(first)).toMatchObject({ count: 0 });
    socket.close();
  });

  it('closes an idle HTTP/2 connection after the keep-alive timeout, with a GOAWAY', async () => {
    const session = connect();
    expect((await h2Request(session, { ':path': '/api/health' }).answer).status).toBe(200);
    const goaway = new Promise<number>((resolve) => session.once('goaway', (code) => resolve(code)));
    expect(await goaway).toBe(http2.constants.NGHTTP2_NO_ERROR);
  });
});

describe('slow clients over HTTP/2', () => {
  it('answers 408 to a body still arriving after the request timeout, bounds the requests per connection, and closes a silent connection', async () => {
    const { app, database, port, origin, player } = await listenOverHttps({
      timeouts: { requestMs: 800, headersMs: 800, keepAliveMs: 65_000 },
    });
    try {
      const session = http2.connect(origin, { ca: tls.cert });
      await new Promise((resolve) => session.once('remoteSettings', resolve));
      expect(session.remoteSettings.maxConcurrentStreams).toBe(MAX_STREAMS_PER_CONNECTION);

      const { answer } = postDeckInParts(session, player, 'Mazo lento');
      const reply = await answer;
      expect(reply.status).toBe(408);
      expect(JSON.parse(reply.body)).toMatchObject({ success: false, message: MSG.requestTimeout });
      // Nothing was created, and the connection still serves a request sent whole.
      const decks = await h2Request(session, {
        ':path': '/api/decks',
        authorization: `Bearer ${player.token}`,
      }).answer;
      expect(decks.status).toBe(200);
      expect(JSON.parse(decks.body)).toEqual([]);
      session.destroy();

      // A connection that never starts its TLS handshake is closed after the headers timeout, and
      // one that sends plain HTTP to the HTTPS port at once.
      const closed = (socket: net.Socket) => new Promise((resolve) => socket.once('close', resolve));
      const silent = net.connect(port, '127.0.0.1');
      const opened = Date.now();
      await closed(silent);
      expect(Date.now() - opened).toBeGreaterThanOrEqual(700);
      const plain = net.connect(port, '127.0.0.1', () => plain.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n'));
      plain.resume();
      await closed(plain);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('stopping an HTTPS server', () => {
  it('finishes the HTTP/2 request in flight, tells the connection to go away, and refuses new ones', async () => {
    const { app, database, origin, player } = await listenOverHttps();
    try {
      const session = http2.connect(origin, { ca: tls.cert });
      const goaway = new Promise<void>((resolve) => session.once('goaway', () => resolve()));

      // A request in flight: its body is still arriving when the stop begins.
      const { answer, finish } = postDeckInParts(session, player, 'Mazo en vuelo');
      // The server has the request once its handler reads the body: wait for its headers to arrive.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const closed = app.close();
      await goaway;
      finish();
      const finished = await answer;
      expect(finished.status, finished.body).toBe(201);
      expect(JSON.parse(finished.body)).toMatchObject({ name: 'Mazo en vuelo' });
      await closed;
      // Nothing listens any more.
      const refused = http2.connect(origin, { ca: tls.cert });
      const error = await new Promise<NodeJS.ErrnoException>((resolve) => refused.once('error', resolve));
      expect(error.code).toBe('ECONNREFUSED');
      session.destroy();
    } finally {
      await database.close();
    }
  });
});
