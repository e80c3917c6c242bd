import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@mitos/domain/messages';
import type { TErrorResponse } from '@mitos/domain/common';
import { isInvalidValue } from '../db/errors';
import { PRIVATE_ANSWER } from './private-answers';
import { AppError } from '../errors';

export function errorBody(message: string, extra: AppError['extra'] = {}): TErrorResponse {
  return {
    success: false,
    error: extra.error ?? message,
    message,
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.details !== undefined ? { details: extra.details } : {}),
  };
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  extra: AppError['extra'] = {},
) {
  return reply.code(status).type('application/json; charset=utf-8').send(errorBody(message, extra));
}

interface Issue {
  path?: PropertyKey[];
  instancePath?: string;
  message?: string;
  code?: string;
  keys?: string[];
}

/** Field → messages, from the issues of a failed zod validation. */
export function fieldErrors(issues: readonly Issue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    let field = issue.path?.length
      ? issue.path.map(String).join('.')
      : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    let message = issue.message ?? MSG.badRequest;
    if (issue.code === 'unrecognized_keys' && issue.keys?.length) {
      field = issue.keys[0]!;
      message = MSG.unknownField(issue.keys.join(', '));
    }
    (errors[field || '_'] ??= []).push(message);
  }
  return errors;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  // A statement cancelled by statement_timeout (DB_QUERY_TIMEOUT_MS): the database is too slow to answer.
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect|Query read timeout|PGlite is closed|Cannot use a pool after calling end/i;

/** Whether the error, or anything it wraps (drizzle wraps the driver's error), says the database is unreachable. */
function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; current && depth < 6; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}

/**
 * Whether the client went away while sending its request: the request's own stream failed
 * (Node reports it as ECONNRESET "aborted", which would otherwise read as a lost database).
 */
export function isClientAbort(err: unknown, request: FastifyRequest): boolean {
  return err != null && request.raw.errored === err;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Fastify closes the connection after a body it could not read (for HTTP/1.1's sake); HTTP/2
    // has no Connection header, which Node would drop with a warning in the log (decision 044).
    if (request.raw.httpVersionMajor === 2) reply.removeHeader('connection');
    if (err instanceof AppError) return sendError(reply, err.statusCode, err.message, err.extra);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation as unknown as Issue[]);
      const first = Object.values(errors)[0]?.[0] ?? MSG.badRequest;
      return sendError(reply, 400, first, { errors });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return sendError(reply, 500, MSG.internal);
    }
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, 400, MSG.invalidJson);
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, 413, MSG.payloadTooLarge);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, 415, MSG.unsupportedMediaType);
      default:
        break;
    }
    if (err instanceof SyntaxError) return sendError(reply, 400, MSG.invalidJson);
    if (err.statusCode === 429) return sendError(reply, 429, MSG.tooManyRequests);
    if (isInvalidValue(err)) return sendError(reply, 400, MSG.badRequest);
    if (isClientAbort(err, request)) {
      // A phone that lost its signal mid-upload: nobody is left to answer, and nothing is wrong here.
      request.log.info({ code: err.code }, 'client aborted');
      return sendError(reply, 400, MSG.badRequest);
    }
    if (isDatabaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      return sendError(reply, 503, MSG.serviceUnavailable);
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(reply, err.statusCode, err.statusCode === 404 ? MSG.notFound : MSG.badRequest);
    }
    request.log.error({ err }, 'unexpected error');
    return sendError(reply, 500, MSG.internal);
  });
}

/**
 * Fastify's answers to a URL its router cannot take (`frameworkErrors`): a malformed percent
 * escape, or a parameter longer than routerOptions.maxParamLength. Fastify's own echo the path
 * in English; these run before any hook, so they say no-store themselves.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', PRIVATE_ANSWER);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, MSG.uriTooLong);
  if (err.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, MSG.badRequest);
  return sendError(reply, 500, MSG.internal);
}

/** A raw HTTP/1.1 answer in the error shape, for when there is no request to reply through. */
export function rawErrorResponse(status: number, message: string): string {
  const body = JSON.stringify(errorBody(message));
  return (
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\n` +
    'content-type: application/json; charset=utf-8\r\n' +
    `content-length: ${Buffer.byteLength(body)}\r\n` +
    `cache-control: ${PRIVATE_ANSWER}\r\n` +
    'connection: close\r\n\r\n' +
    body
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  503: 'Service Unavailable',
};

/**
 * Node's `clientError`: bytes that are not HTTP, headers over the size limit, or a request that
 * did not arrive within the request or headers timeout. Answered in the error shape (when no
 * answer to that connection has started) and logged without the raw bytes, which hold cookies.
 */
export function answerClientError(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // With TLS_CERT_FILE (decision 044): a handshake that failed or timed out, or plain HTTP sent
  // to the HTTPS port. Nothing can be answered before a handshake, and an answer written there
  // would wait for one for ever, keeping the connection open.
  if (err.code?.startsWith('ERR_TLS_') || err.code?.startsWith('ERR_SSL_')) {
    this.log.debug({ code: err.code }, 'TLS client error');
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, MSG.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, MSG.headersTooLarge]
        : [400, MSG.badRequest];
  this.log.debug({ code: err.code, status }, 'client error');
  // Node keeps the answer being written on the socket; a second status line would corrupt it.
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !current?.headersSent) socket.write(rawErrorResponse(status, message));
  socket.destroySoon();
}
