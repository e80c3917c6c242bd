import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TMatch } from '@mitos/domain/matches';
import { MSG } from '@mitos/domain/messages';
import { api, apiWithHeaders, ApiError } from '../../../lib/api-client';
import { TIMINGS } from '../../../lib/ui-constants';

// The response schemas (and zod with them) load while the first request is in flight, so that
// the home screen's first download does not carry them.
const matchSchemas = () => import('@mitos/domain/matches');
const matchListSchema = () => matchSchemas().then((m) => m.ZMatchList);
const matchSchema = () => matchSchemas().then((m) => m.ZMatch);

export const MATCHES_KEY = ['matches'] as const;
export const matchKeys = {
  detail: (id: number) => ['matches', 'detail', id] as const,
  mine: ['matches', 'me'] as const,
  approved: (query: Record<string, string | undefined>) => ['matches', 'approved', query] as const,
};

export interface MatchPage {
  matches: TMatch[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
}

/** One page of a cursor-paged list: the matches and the `X-Next-Cursor` header. */
export async function fetchMatchPage(
  path: string,
  query: Record<string, string | number | undefined>,
  before: string | null,
  signal?: AbortSignal,
): Promise<MatchPage> {
  const { data, headers } = await apiWithHeaders(path, {
    schema: matchListSchema,
    query: { ...query, before: before ?? undefined },
    signal,
  });
  return { matches: data, next: headers.get('X-Next-Cursor') || null };
}

export const MY_MATCHES_PAGE_SIZE = 30;

/** Every match the user plays in or created, newest first, a page at a time. */
export function useMyMatches(enabled = true) {
  return useInfiniteQuery({
    queryKey: matchKeys.mine,
    queryFn: ({ pageParam, signal }) =>
      fetchMatchPage('/api/matches/me', { limit: MY_MATCHES_PAGE_SIZE }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
  });
}

export function fetchMatch(id: number) {
  return api(`/api/matches/${id}`, { schema: matchSchema });
}

export function useMatch(id: number) {
  return useQuery({ queryKey: matchKeys.detail(id), queryFn: () => fetchMatch(id), enabled: id > 0 });
}

export const approveMatch = (id: number) => api(`/api/matches/${id}/approve`, { method: 'POST' });
export const rejectMatch = (id: number) => api(`/api/matches/${id}/reject`, { method: 'POST' });
export const cancelMatch = (id: number) => api(`/api/matches/${id}/cancel`, { method: 'POST' });
export const handleRejection = (id: number) =>
  api(`/api/matches/${id}/handle-rejection`, { method: 'POST', body: { action: 'ok' } });

/** SPEC §9: a 500 on close-rejected is retried once after 1 s. */
export async function closeRejected(
  id: number,
  wait = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  const send = () =>
    api(`/api/matches/${id}/close-rejected`, { method: 'POST', body: { status: 'processed' } });
  try {
    return await send();
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 500)) throw err;
    await wait(TIMINGS.closeRejectedRetryMs);
    return send();
  }
}

function serverError(err: ApiError): string {
  return err.body?.error ?? err.body?.message ?? '';
}

function detailsText(details: unknown): string {
  if (typeof details === 'string') return details;
  if (details && typeof details === 'object') return Object.values(details).join(', ');
  return '';
}

/** SPEC §8: a cancel answered with "already cancelled" is no failure when recreating a match. */
export function isAlreadyCancelled(err: unknown): boolean {
  return err instanceof ApiError && err.status === 400 && serverError(err).includes('ya está cancelada');
}

/** SPEC §8 messages of a failed cancel. */
export function cancelErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return MSG.processErrorOther;
  if (err.status === 403) return MSG.cancelForbidden;
  if (err.status === 401) return MSG.sessionExpiredShort;
  if (err.status === 400) {
    const text = serverError(err);
    if (text.includes(MSG.cannotCancel)) {
      return MSG.cancelProcessError(detailsText(err.body?.details) || MSG.invalidStateFallback);
    }
    if (text.includes(MSG.invalidApprovalStatus)) return MSG.internalApprovalError;
    return text || MSG.processError;
  }
  return MSG.processErrorOther;
}

/** SPEC §8 messages of a failed rejection handling; null for a 401, which fails quietly. */
export function handleRejectionErrorMessage(err: unknown): string | null {
  if (err instanceof ApiError) {
    if (err.status === 401) return null;
    if (err.status === 403) return MSG.handleRejectionForbidden;
  }
  return MSG.rejectionError;
}
