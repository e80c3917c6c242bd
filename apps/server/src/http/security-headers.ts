import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Whether the client reached us over HTTPS: COOKIE_SECURE when set; otherwise the scheme of the
 * request, as a trusted proxy tells it (X-Forwarded-Proto, with TRUST_PROXY) or as the connection
 * is. Never the address the server listens on: a store serves plain http on its own network, and
 * Secure cookies or upgrade-insecure-requests there keep the app from ever signing anyone in.
 */
export function isSecureRequest(
  request: Pick<FastifyRequest, 'protocol'>,
  cookieSecure: boolean | null,
): boolean {
  return cookieSecure ?? request.protocol === 'https';
}

/**
 * The headers a script or another file a page loads reads itself: MIME sniffing refused, the
 * file kept to this origin, HTTPS remembered. The others (the Content-Security-Policy, frame
 * options, the opener and referrer policies, the agent cluster, and the older X- headers) are
 * read from a document only.
 */
const SUBRESOURCE_HEADERS = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
]);

/** Of a full set of security headers, the ones a subresource reads (SUBRESOURCE_HEADERS). */
export function subresourceHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.has(name)));
}

export interface SecurityHeadersOptions {
  /** Helmet's options for an answer over HTTPS (true) or plain HTTP (false). */
  helmet: (secure: boolean) => HelmetOptions;
  isSecure: (request: FastifyRequest) => boolean;
  /**
   * Whether the request is for a file only ever loaded by a page (the build's scripts): it gets
   * the subresource headers alone, some 600 bytes fewer on each of the 20–50 files a phone's
   * first visit loads.
   */
  isSubresource: (request: FastifyRequest) => boolean;
}

/** Sends helmet's headers, computed once for each scheme and kind of answer, with every response. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: SecurityHeadersOptions) => {
  const secure = securityHeaders(options.helmet(true));
  const plain = securityHeaders(options.helmet(false));
  const secureSubresource = subresourceHeaders(secure);
  const plainSubresource = subresourceHeaders(plain);
  app.addHook('onRequest', (request, reply, done) => {
    const https = options.isSecure(request);
    if (options.isSubresource(request)) reply.headers(https ? secureSubresource : plainSubresource);
    else reply.headers(https ? secure : plain);
    done();
  });
});

/**
 * The Content-Security-Policy of the API documentation page (@fastify/swagger-ui's own, with the
 * hashes of its inline code), asking to upgrade insecure requests only over HTTPS.
 */
export function swaggerUiCsp(hashes: { script: string[]; style: string[] }, secure: boolean): string {
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "font-src 'self' https: data:",
    "frame-ancestors 'self'",
    "img-src 'self' data: validator.swagger.io",
    "object-src 'none'",
    `script-src 'self' ${hashes.script.join(' ')}`.trim(),
    "script-src-attr 'none'",
    `style-src 'self' https: ${hashes.style.join(' ')}`.trim(),
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
