import http from 'node:http';
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

function refuse(res: http.ServerResponse): void {
  const body = JSON.stringify(errorBody(MSG.serviceUnavailable));
  res.writeHead(503, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': PRIVATE_ANSWER,
    connection: 'close',
  });
  res.end(body);
}

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
  private readonly inFlight = new Set<http.ServerResponse>();
  private draining = false;
  private graceOver = false;

  constructor(timeouts: HttpTimeouts, handler: http.RequestListener) {
    // Node checks the request and headers timeouts only this often (30 s by default).
    const checkingMs = Math.min(1_000, timeouts.headersMs);
    super(
      {
        requestTimeout: timeouts.requestMs,
        headersTimeout: timeouts.headersMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        connectionsCheckingInterval: checkingMs,
      },
      (req, res) => {
        if (this.draining) return refuse(res);
        this.inFlight.add(res);
        res.once('close', () => {
          this.inFlight.delete(res);
          if (this.draining) setImmediate(() => this.closeIdleWhenQuiet());
        });
        handler(req, res);
      },
    );
    // A connection that neither sends nor reads anything (a client that stopped reading an
    // answer) is closed; an idle kept-alive connection follows keepAliveTimeout instead. The cut
    // comes two checks after the request timeout: a silent connection that never finished a
    // request gets its 408 from Node's check first, rather than racing it to a bare close.
    this.setTimeout(timeouts.requestMs + 2 * checkingMs);
  }

  override close(callback?: (err?: Error) => void): this {
    if (!this.draining) {
      this.draining = true;
      for (const res of this.inFlight) if (!res.headersSent) res.setHeader('connection', 'close');
      setTimeout(() => {
        this.graceOver = true;
        this.closeIdleWhenQuiet();
      }, IDLE_GRACE_MS).unref();
    }
    // Stop accepting connections only (not http.Server's close, which drops the idle ones);
    // the callback runs once every connection has ended.
    net.Server.prototype.close.call(this, callback);
    return this;
  }

  private closeIdleWhenQuiet(): void {
    if (this.graceOver && this.inFlight.size === 0) this.closeIdleConnections();
  }
}
