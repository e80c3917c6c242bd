import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. They are the same for every
 * response (no per-request nonce), and @fastify/helmet builds a new helmet middleware for every
 * request (it parsed the Content-Security-Policy directives again each time: 4 % of the CPU of a
 * cached answer in a profile).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Sends helmet's headers, computed once, with every response. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: { helmet: HelmetOptions }) => {
  const headers = securityHeaders(options.helmet);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
