import { createStore, get, set, update, type UseStore } from 'idb-keyval';
import type { TCreateMatchCamel } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { ApiError } from './api-client';

/*
 * The offline outbox (docs/decisions/018): matches saved without a connection, or whose send got
 * no answer, wait here (IndexedDB, one list per player, surviving reloads) with the
 * Idempotency-Key they were first sent with, until the connection returns. Each is sent with its
 * key, one at a time, by one tab at a time; the server records a key once, so a send whose
 * answer was lost and is sent again never makes two matches.
 */

/** A random Idempotency-Key, generated once per action of the player and kept for its retries. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/** What a card shows of a match waiting to be sent. */
export interface OutboxSummary {
  team1: string[];
  team2: string[];
  score: [number, number];
}

export interface OutboxItem {
  /** The Idempotency-Key the match is (re)sent with; also the item's id. */
  key: string;
  kind: 'create';
  userId: number;
  payload: TCreateMatchCamel;
  summary: OutboxSummary;
  /** A rejected match this one replaces (Crear Nueva): cancelled once this one is recorded. */
  replaces: number | null;
  /** When the player saved it (ISO). */
  savedAt: string;
  /** waiting: sent when possible; failed: the server refused it (kept until discarded). */
  state: 'waiting' | 'failed';
  /** The server's Spanish message of a refusal. */
  error: string | null;
  /** Sends that got no answer (network error or server failure), for the backoff. */
  attempts: number;
  /** Not sent before this time (epoch ms). */
  retryAt: number;
}

// --- storage: IndexedDB through idb-keyval; in memory where there is none (old or private browsers).

let idbStore: UseStore | null = null;
const memory = new Map<string, unknown>();

function store(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  idbStore ??= createStore('mitos-outbox', 'items');
  return idbStore;
}

export const outboxStorageKey = (userId: number) => `outbox:${userId}`;

function isItem(value: unknown, userId: number): value is OutboxItem {
  const v = value as Partial<OutboxItem> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.key === 'string' &&
    v.kind === 'create' &&
    v.userId === userId &&
    typeof v.payload === 'object' &&
    typeof v.summary === 'object'
  );
}

/** The player's outbox, oldest first; anything unreadable is left out. */
export async function readOutbox(userId: number): Promise<OutboxItem[]> {
  const s = store();
  const raw: unknown = s ? await get(outboxStorageKey(userId), s) : memory.get(outboxStorageKey(userId));
  return Array.isArray(raw) ? raw.filter((item): item is OutboxItem => isItem(item, userId)) : [];
}

/** Changes the player's outbox in one storage transaction, then tells every listener (all tabs). */
async function change(userId: number, edit: (items: OutboxItem[]) => OutboxItem[]): Promise<void> {
  const key = outboxStorageKey(userId);
  const s = store();
  const apply = (raw: unknown) =>
    edit(Array.isArray(raw) ? raw.filter((item): item is OutboxItem => isItem(item, userId)) : []);
  if (s) await update(key, apply, s);
  else memory.set(key, apply(memory.get(key)));
  announce(userId);
}

export function enqueue(item: OutboxItem): Promise<void> {
  return change(item.userId, (items) => [...items.filter((i) => i.key !== item.key), item]);
}

/** Descartar: the player gives up on a match waiting to be sent. */
export function discard(userId: number, key: string): Promise<void> {
  return change(userId, (items) => items.filter((i) => i.key !== key));
}

/** Reintentar: a refused match is sent again (after the player fixed what the server refused). */
export function retryNow(userId: number, key: string): Promise<void> {
  return change(userId, (items) =>
    items.map((i) => (i.key === key ? { ...i, state: 'waiting', error: null, attempts: 0, retryAt: 0 } : i)),
  );
}

/** On logout: the player's outbox leaves the device with their session. */
export async function clearOutbox(userId: number): Promise<void> {
  const s = store();
  if (s) await set(outboxStorageKey(userId), [], s);
  else memory.delete(outboxStorageKey(userId));
  announce(userId);
}

// --- change notices: this tab's listeners, and the other tabs through a BroadcastChannel.

type Listener = (userId: number) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('mitos-outbox');
    channel?.addEventListener('message', (e: MessageEvent<unknown>) => {
      if (typeof e.data === 'number') for (const l of listeners) l(e.data);
    });
  }
  return channel;
}

function announce(userId: number) {
  for (const l of listeners) l(userId);
  broadcast()?.postMessage(userId);
}

/** Calls `listener` whenever the player's outbox changes here or in another tab; answers the unsubscribe. */
export function subscribeOutbox(userId: number, listener: () => void): () => void {
  broadcast();
  const each: Listener = (id) => {
    if (id === userId) listener();
  };
  listeners.add(each);
  return () => {
    listeners.delete(each);
  };
}

// --- sending

/** The wait before the next send after `attempts` sends without an answer: 5 s doubling, at most 5 min. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

/**
 * Whether a failed send is the server's answer to keep as a refusal (a 4xx: validation,
 * permission, limits), rather than a failure to try again (no answer, a 5xx, an expired session,
 * a timeout).
 */
export function isRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 401 &&
    err.status !== 408
  );
}

export interface FlushOptions {
  userId: number;
  /** Who is signed in now: the outbox stops as soon as it is someone else (or nobody). */
  currentUserId(): number | null;
  /** Sends one item with its key; resolves once the server recorded it. */
  send(item: OutboxItem): Promise<unknown>;
  now?: () => number;
}

export interface FlushResult {
  sent: OutboxItem[];
  /** When the earliest item still waiting may be sent (epoch ms), or null when none waits. */
  nextAttemptAt: number | null;
  /** Another tab was sending: nothing was done here. */
  busy: boolean;
}

let sendingHere = false;

/**
 * Sends the player's waiting items, oldest first, one at a time, holding a lock so that one tab
 * sends at a time (navigator.locks where there is one; in this tab, a flag). Recorded: removed.
 * Refused (4xx): kept as failed with the server's message. No answer: kept, with a backoff, and
 * the rest waits too (the connection is the problem).
 */
export async function flushOutbox(options: FlushOptions): Promise<FlushResult> {
  if (sendingHere) return { sent: [], nextAttemptAt: null, busy: true };
  sendingHere = true;
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return await flushLocked(options);
    const result = await locks.request(
      `mitos-outbox:${options.userId}`,
      { ifAvailable: true },
      (lock): Promise<FlushResult> | FlushResult =>
        lock ? flushLocked(options) : { sent: [], nextAttemptAt: null, busy: true },
    );
    return result;
  } finally {
    sendingHere = false;
  }
}

async function flushLocked({
  userId,
  currentUserId,
  send,
  now = Date.now,
}: FlushOptions): Promise<FlushResult> {
  const sent: OutboxItem[] = [];
  // Read afresh under the lock: another tab may have sent or discarded items meanwhile.
  for (const item of await readOutbox(userId)) {
    if (item.state !== 'waiting' || item.retryAt > now()) continue;
    if (currentUserId() !== userId) break;
    try {
      await send(item);
      await discard(userId, item.key);
      sent.push(item);
    } catch (err) {
      if (isRefusal(err)) {
        const error = err.body?.message ?? err.body?.error ?? MSG.createErrorOther;
        await change(userId, (items) =>
          items.map((i) => (i.key === item.key ? { ...i, state: 'failed', error } : i)),
        );
        continue;
      }
      const attempts = item.attempts + 1;
      await change(userId, (items) =>
        items.map((i) => (i.key === item.key ? { ...i, attempts, retryAt: now() + backoffMs(attempts) } : i)),
      );
      break;
    }
  }
  const waiting = (await readOutbox(userId)).filter((i) => i.state === 'waiting');
  return {
    sent,
    nextAttemptAt: waiting.length ? Math.min(...waiting.map((i) => i.retryAt)) : null,
    busy: false,
  };
}
