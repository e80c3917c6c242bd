import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import { MSG } from '@mitos/domain/messages';
import { errorBody } from './errors';
import { PRIVATE_ANSWER } from './private-answers';

export interface HttpTimeouts {
  /** The whole request, headers and body, must arrive within this (a phone trickling a body is cut). */
  requestMs: number;
  /** The headers must arrive within this. */
  headersMs: number;
  /** An idle kept-alive connection is closed after this; above a proxy's own, so the proxy closes first. */
  keepAliveMs: number;
}

/**
 * How long idle kept-alive connections stay open once a stop began, when nothing is in flight:
 * a browser that just got an answer often sends its next request on the same connection at once.
 */
const IDLE_GRACE_MS = 1_000;

type AnyRequest = http.IncomingMessage | http2.Http2ServerRequest;
type AnyResponse = http.ServerResponse | http2.Http2ServerResponse;
type Handler = (req: AnyRequest, res: AnyResponse) => void;

/** An answer on an HTTP/2 stream: its connection is the session's, closed with a GOAWAY instead. */
const isHttp2 = (res: AnyResponse): res is http2.Http2ServerResponse => 'stream' in res;

/**
 * An answer in the error shape, written on the raw response (before or beside Fastify); an
 * HTTP/1.1 one closes its connection. `then` runs once it is sent.
 */
function answerError(res: AnyResponse, status: number, message: string, then?: () => void): void {
  const body = JSON.stringify(errorBody(message));
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': PRIVATE_ANSWER,
    ...(isHttp2(res) ? {} : { connection: 'close' }),
  });
  res.end(body, then);
}

/**
 * What a stop does to the requests, whatever the protocol: requests in flight finish (an HTTP/1.1
 * answer says `Connection: close`), a request that still arrives is answered 503, and once
 * nothing is in flight after a grace, `closeIdle` closes what stays open.
 */
class Drain {
  private readonly inFlight = new Set<AnyResponse>();
  draining = false;
  private graceOver = false;

  constructor(private readonly closeIdle: () => void) {}

  handle(handler: Handler): Handler {
    return (req, res) => {
      if (this.draining) return answerError(res, 503, MSG.serviceUnavailable);
      this.inFlight.add(res);
      res.once('close', () => {
        this.inFlight.delete(res);
        if (this.draining) setImmediate(() => this.closeIdleWhenQuiet());
      });
      handler(req, res);
    };
  }

  begin(): void {
    if (this.draining) return;
    this.draining = true;
    for (const res of this.inFlight)
      if (!res.headersSent && !isHttp2(res)) res.setHeader('connection', 'close');
    setTimeout(() => {
      this.graceOver = true;
      this.closeIdleWhenQuiet();
    }, IDLE_GRACE_MS).unref();
  }

  private closeIdleWhenQuiet(): void {
    if (this.graceOver && this.inFlight.size === 0) this.closeIdle();
  }
}

/** Node checks the request and headers timeouts only this often (30 s by default). */
const checkingMs = (timeouts: HttpTimeouts) => Math.min(1_000, timeouts.headersMs);

/** The HTTP/1.1 connections' timeouts, as http.Server takes them. */
const http1Timeouts = (timeouts: HttpTimeouts) => ({
  requestTimeout: timeouts.requestMs,
  headersTimeout: timeouts.headersMs,
  keepAliveTimeout: timeouts.keepAliveMs,
  connectionsCheckingInterval: checkingMs(timeouts),
});

/**
 * A connection that neither sends nor reads anything (a client that stopped reading an answer) is
 * closed; an idle kept-alive connection follows keepAliveTimeout instead. The cut comes two checks
 * after the request timeout: a silent connection that never finished a request gets its 408 from
 * Node's check first, rather than racing it to a bare close.
 */
const silenceMs = (timeouts: HttpTimeouts) => timeouts.requestMs + 2 * checkingMs(timeouts);

/**
 * The Node HTTP server under Fastify, with timeouts for slow clients and a stop that resets
 * nothing. Node's own `close()` drops idle kept-alive connections at once, so a request a client
 * had just sent on one (maybe a POST) met a reset and the client could not tell whether it was
 * done. Here `close()` stops accepting connections, lets requests in flight finish (their
 * answers say `Connection: close`), answers anything that still arrives on a kept-alive
 * connection with a 503 in the error shape and `Connection: close`, and closes the idle
 * connections once nothing is in flight any more.
 */
export class DrainingServer extends http.Server {
  private readonly drain = new Drain(() => this.closeIdleConnections());

  constructor(timeouts: HttpTimeouts, handler: http.RequestListener) {
    super(http1Timeouts(timeouts));
    this.on('request', this.drain.handle(handler as Handler));
    this.setTimeout(silenceMs(timeouts));
  }

  override close(callback?: (err?: Error) => void): this {
    this.drain.begin();
    // Stop accepting connections only (not http.Server's close, which drops the idle ones);
    // the callback runs once every connection has ended.
    net.Server.prototype.close.call(this, callback);
    return this;
  }
}

/** Requests one HTTP/2 connection may have in flight at once (browsers use up to 100). */
export const MAX_STREAMS_PER_CONNECTION = 100;

/**
 * HTTP/2's stand-in for the HTTP/1.1 request timeout: a request whose body has not all arrived
 * within `ms` (a phone trickling it, or a client holding the stream open) is answered 408 in the
 * error shape, and its stream closed. A request sent whole with its headers (a GET) has nothing
 * left to wait for.
 */
function limitBodyTime(req: http2.Http2ServerRequest, res: http2.Http2ServerResponse, ms: number): void {
  if (req.stream.endAfterHeaders) return;
  const timer = setTimeout(() => {
    if (res.headersSent || req.stream.destroyed) return;
    answerError(res, 408, MSG.requestTimeout, () => req.stream.close(http2.constants.NGHTTP2_NO_ERROR));
  }, ms);
  timer.unref();
  const stop = () => clearTimeout(timer);
  req.stream.once('end', stop);
  req.stream.once('close', stop);
}

/** The certificate and key the server answers HTTPS with (TLS_CERT_FILE, TLS_KEY_FILE). */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/**
 * The same server over HTTPS, speaking HTTP/2 to the browsers that offer it and HTTP/1.1 to the
 * others and to the live sockets (a WebSocket opens its own HTTP/1.1 connection): a phone loads a
 * screen's 20–40 files over one connection at once rather than six at a time (docs/decisions/044).
 * The HTTP/1.1 connections keep every timeout and the stop above. An HTTP/2 connection left idle
 * for keepAliveMs is closed with a GOAWAY (the browser opens another when it needs one), and a
 * stop sends every connection a GOAWAY at once: the requests in flight finish, the browser sends
 * the next ones elsewhere.
 */
export function drainingSecureServer(
  timeouts: HttpTimeouts,
  tls: TlsFiles,
  handler: http.RequestListener,
): http2.Http2SecureServer {
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = http2.createSecureServer({
    cert: tls.cert,
    key: tls.key,
    allowHTTP1: true,
    // A connection that does not finish its TLS handshake in time is closed (Node's default: 120 s).
    handshakeTimeout: timeouts.headersMs,
    // Node's default is unbounded: one connection could hold any number of slow requests.
    settings: { maxConcurrentStreams: MAX_STREAMS_PER_CONNECTION },
  });
  // With allowHTTP1, Node tracks the HTTP/1.1 connections as http.Server does (undeclared in its types).
  const drain = new Drain(() => (server as unknown as http.Server).closeIdleConnections());
  const handle = drain.handle(handler as Handler);
  server.on('request', (req: AnyRequest, res: AnyResponse) => {
    if (isHttp2(res)) limitBodyTime(req as http2.Http2ServerRequest, res, timeouts.requestMs);
    handle(req, res);
  });
  // Node reads the HTTP/1.1 connections' timeouts from the server, as http.Server's options.
  Object.assign(server, http1Timeouts(timeouts));
  server.setTimeout(silenceMs(timeouts));
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
    // Node would destroy a silent session after the silence above; an idle one is closed politely.
    session.removeAllListeners('timeout');
    session.setTimeout(timeouts.keepAliveMs, () => session.close());
    if (drain.draining) session.close();
  });
  server.close = (callback?: (err?: Error) => void) => {
    drain.begin();
    for (const session of sessions) session.close();
    net.Server.prototype.close.call(server, callback);
    return server;
  };
  return server;
}
