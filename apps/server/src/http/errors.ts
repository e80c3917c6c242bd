import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@mitos/domain/messages';
import type { TErrorResponse } from '@mitos/domain/common';
import { isInvalidValue } from '../db/errors';

/** An expected failure: its Spanish message goes to the client as it is. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errors?: Record<string, string[]>; details?: string; error?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new AppError(400, message, errors ? { errors } : {});
export const unauthorized = (message: string = MSG.notAuthenticated) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

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

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
