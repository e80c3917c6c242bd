import { ZMatch, type TCreateMatchCamel } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { api, ApiError } from '../../../lib/api-client';

/**
 * Records a match. `key` is its Idempotency-Key (docs/decisions/018): generated once when the
 * player saves and reused by every retry, so the server records it once however often it is sent.
 */
export function createMatch(payload: TCreateMatchCamel, key?: string) {
  return api('/api/matches', {
    method: 'POST',
    body: payload,
    schema: ZMatch,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });
}

function fieldErrors(err: ApiError): string[] {
  const lines: string[] = [];
  for (const messages of Object.values(err.body?.errors ?? {})) lines.push(...messages);
  const details = err.body?.details;
  if (typeof details === 'string' && details) lines.push(details);
  else if (details && typeof details === 'object') lines.push(...Object.values(details));
  return [...new Set(lines)];
}

/** SPEC §8 creation errors: the main message first, then any field errors. */
export function createMatchErrorLines(err: unknown): string[] {
  if (!(err instanceof ApiError)) return [MSG.createErrorOther];
  // Offline or unreachable: the connection is the problem (issue 14 item 8); the draft is kept.
  if (err.isNetworkError) return [MSG.connectionError];
  switch (err.status) {
    case 400: {
      const main = err.body?.message || err.body?.error || MSG.createError400;
      return [main, ...fieldErrors(err).filter((line) => line !== main)];
    }
    case 401:
      return [MSG.sessionExpired];
    case 403:
      return [MSG.createForbiddenShort];
    // Decision 012: too many matches this hour, or too many waiting on one player.
    case 429:
      return [err.body?.error || MSG.createErrorOther];
    default:
      return [MSG.createErrorOther];
  }
}
