import type { ZodMiniType as ZodType } from 'zod/mini';

/**
 * A response schema, or a loader of one: screens in the first download pass a loader so that
 * zod arrives in its own chunk while the request is in flight, not before the screen shows.
 */
export type SchemaSource<T> = ZodType<T> | (() => Promise<ZodType<T>>);
import * as MSG from '@mitos/domain/message-texts';
import { TIMINGS } from './ui-constants';

/** Same origin by default: the server serves both the app and /api. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';
export const TOKEN_STORAGE_KEY = 'token';

/** A failed call: the HTTP status (0 for a network failure or timeout) and the body the server sent. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetworkError() {
    return this.status === 0;
  }
}

export interface ApiErrorBody {
  success?: false;
  error?: string;
  message?: string;
  errors?: Record<string, string[]>;
  details?: string | Record<string, string>;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * A body sent as it is, with its own Content-Type (a store's logo), instead of `body` as JSON.
   */
  rawBody?: { data: Blob; contentType: string };
  query?: Record<string, string | number | undefined | null>;
  /** Parses the response; a response that does not match is an error, not a crash later on. */
  schema?: SchemaSource<T>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key, docs/decisions/018). */
  headers?: Record<string, string>;
  /**
   * When the refresh after a 401 fails, do not end the session (no redirect to /login): for the
   * session check itself, where "no session" is an answer, not an interruption.
   */
  quietSessionEnd?: boolean;
}

interface SessionHandlers {
  /**
   * A refresh failed after a 401: the session is over. Only this leads to /login: a 403 is a
   * refusal the screen shows where the player is (issue 14 item 2; SPEC §6 sent any 403 to
   * /login, losing the form of a player still signed in).
   */
  onSessionExpired(): void;
}

let handlers: SessionHandlers = { onSessionExpired: () => {} };

export function setSessionHandlers(next: SessionHandlers) {
  handlers = next;
}

const sessionEndListeners = new Set<() => void>();

/** Called when a refresh fails after a 401, besides the navigation handler; returns the unsubscribe. */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => {
    sessionEndListeners.delete(listener);
  };
}

/**
 * Calls where a 401 means wrong credentials or an already missing session, not an expired
 * access token: refreshing and retrying them would only repeat the same answer.
 */
const NO_REFRESH_PATHS = new Set([
  '/api/auth/refresh',
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/logout',
]);

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: concurrent 401s wait for the same one. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= send('/api/auth/refresh', { method: 'POST' })
    .then((res) => res.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function buildUrl(path: string, query?: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function send(
  url: string,
  init: {
    method: string;
    body?: unknown;
    rawBody?: { data: Blob; contentType: string } | undefined;
    timeoutMs?: number;
    signal?: AbortSignal;
    headers?: Record<string, string> | undefined;
  },
) {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), init.timeoutMs ?? TIMINGS.apiTimeoutMs);
  const onAbort = () => controller.abort();
  init.signal?.addEventListener('abort', onAbort);
  const headers: Record<string, string> = { ...init.headers, Accept: 'application/json' };
  const token = localStorage.getItem(TOKEN_STORAGE_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.rawBody) {
    headers['Content-Type'] = init.rawBody.contentType;
    body = init.rawBody.data;
  } else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  try {
    return await fetch(url, {
      method: init.method,
      headers,
      credentials: 'include',
      body,
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timeout);
    init.signal?.removeEventListener('abort', onAbort);
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Reads asked for ahead of the screen that makes them (app/first-screen, docs/decisions/032):
 * each is taken by the first GET of the same address, if it comes within `EARLY_TTL_MS`. Only the
 * answer is early: nothing reaches the query cache until the screen asks, so a screen being drawn
 * never sees its data change under it (which would make React draw it all again at once).
 */
const early = new Map<string, { at: number; response: Promise<Response> }>();
export const EARLY_TTL_MS = 10_000;
/** While set, GETs are not made but asked for early (see `requestEarly`). */
let capturing = false;

/**
 * Runs `start` (a query's fetcher), and asks early for every GET it makes at once, with the
 * address, the query string and the schema's loading exactly as the fetcher makes them. The
 * fetcher's own result never settles and is dropped.
 */
export function requestEarly(start: () => unknown): void {
  capturing = true;
  try {
    void Promise.resolve(start()).catch(() => {});
  } finally {
    capturing = false;
  }
}

/** The early answer for `url`, if one is still fresh; taken once. */
function takeEarly(url: string): Promise<Response> | null {
  const entry = early.get(url);
  if (!entry) return null;
  early.delete(url);
  return Date.now() - entry.at < EARLY_TTL_MS ? entry.response : null;
}

/** Drops the early answers not taken (the player signed out: they are theirs). */
export function forgetEarlyRequests(): void {
  early.clear();
}

/** The message a failed call carries: the server's Spanish text, else the fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.isNetworkError) return fallback;
    return err.body?.message ?? err.body?.error ?? fallback;
  }
  return fallback;
}

/**
 * Calls the API: cookies and a bearer token when present, JSON, a timeout, and on a 401 one
 * refresh and one retry of the original request (never for the refresh call itself). A 403 is
 * thrown to the caller like any other refusal.
 */
export async function api<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return (await apiWithHeaders(path, options)).data;
}

/** Like `api()`, also giving the response headers (lists page with an `X-Next-Cursor` header). */
export async function apiWithHeaders<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<{ data: T; headers: Headers }> {
  const url = buildUrl(path, options.query);
  const init = {
    method: options.method ?? 'GET',
    body: options.body,
    rawBody: options.rawBody,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    headers: options.headers,
  };
  // A schema given as a loader starts loading with the request rather than after the response.
  const schemaLoad = typeof options.schema === 'function' ? options.schema() : null;
  schemaLoad?.catch(() => {}); // a failed load is reported below, when the response needs it
  if (capturing) {
    // Only reads are made early; a fetcher that writes is not run ahead of its screen at all.
    if (init.method === 'GET' && !early.has(url)) {
      const response = send(url, init);
      response.catch(() => {});
      early.set(url, { at: Date.now(), response });
    }
    return new Promise<never>(() => {});
  }
  let res: Response;
  try {
    const asked = init.method === 'GET' ? takeEarly(url) : null;
    // An early read that failed (a network error) is made again, as if it had not been early.
    res = asked ? await asked.catch(() => send(url, init)) : await send(url, init);
    if (res.status === 401 && !NO_REFRESH_PATHS.has(path)) {
      if (await refreshSession()) {
        res = await send(url, init);
      } else if (!options.quietSessionEnd) {
        for (const listener of sessionEndListeners) listener();
        handlers.onSessionExpired();
      }
    }
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw new ApiError(0, MSG.connectionError);
  }
  const body = await readBody(res);
  if (!res.ok) {
    const errBody = (body ?? null) as ApiErrorBody | null;
    throw new ApiError(res.status, errBody?.message ?? errBody?.error ?? `HTTP ${res.status}`, errBody);
  }
  if (!options.schema) return { data: body as T, headers: res.headers };
  const schema = schemaLoad ? await schemaLoad : (options.schema as ZodType<T>);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError(res.status, MSG.loadError);
  return { data: parsed.data, headers: res.headers };
}
