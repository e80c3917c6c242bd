import { gunzipSync } from 'node:zlib';
import type { ChangeListener, Changes } from '../changes/feed';

/**
 * What a cached answer depends on. `matches:<user>` changes with any match the user plays in or
 * created; `matches` with any match at all; `decks:<user>` and `user:<user>` with that user's decks
 * and account row; `community` with any store, season, league, tournament or player's name;
 * `standings` with any season's counts (a match that counts approved or annulled); `ratings` with
 * any Mitos Rating.
 */
export type Topic =
  | `matches:${number}`
  | 'matches'
  | `decks:${number}`
  | `user:${number}`
  | 'community'
  | 'standings'
  | 'ratings';

/**
 * A serialized answer, encoded once rather than at every request: a small one as its JSON bytes,
 * a larger one gzipped only (decision 034). Nearly every client accepts gzip and is sent those
 * bytes as they are; the rare one that does not has them inflated. Kept compressed, the same
 * memory holds about eight times as many answers.
 */
export type CachedAnswer = (
  { body: Buffer | string; gzip?: undefined } | { gzip: Buffer; body?: undefined }
) & { headers?: Record<string, string> };

/**
 * The bytes alone, in memory of their own. What zlib answers is a slice of its 16 KiB output
 * chunk, and a small `Buffer.from` a slice of Node's shared 8 KiB pool: kept as they are, a cached
 * answer of a few hundred bytes held its whole chunk or slab alive (under the bench's mixed
 * workload, 3 MB of answers kept about 50 MB of such memory out of the cache's count).
 */
export function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const copy = new Uint8Array(bytes);
  return Buffer.from(copy.buffer, 0, copy.length);
}

/** The answer's JSON bytes, inflated when it is kept gzipped. */
export function answerBody(answer: CachedAnswer): Buffer | string {
  return answer.gzip ? gunzipSync(answer.gzip) : answer.body;
}

type Entry = CachedAnswer &
  ReadTicket & {
    expires: number;
    bytes: number;
  };

export interface ReadCacheOptions {
  /** Bytes kept at most (the answers and each one's bookkeeping, ENTRY_BYTES); 0 turns the cache off. */
  maxBytes: number;
  /** An answer is read afresh at least this often, whatever was heard. */
  ttlMs?: number;
  now?: () => number;
  /**
   * Every hit is compared with a fresh read, and a stale answer throws: the API tests run this way
   * (READ_CACHE_VERIFY), so a read whose declared topics miss a change it depends on fails them.
   */
  verify?: boolean;
}

/**
 * What an answer costs in memory besides its bytes and its key: the entry and its versions, the
 * buffer's own objects, its place in the map: 0.79–0.88 kB an answer, measured with V8's heap
 * (docs/benchmarks.md, session 42), twenty times the bytes of a small answer and its key. Counted
 * as 64 bytes before, 32 MB of counted answers could hold well over 100 MB of memory.
 */
export const ENTRY_BYTES = 800;

/**
 * How many answers the cache looks at each time it stores one, to let go of those it can no
 * longer serve: read before a change they depend on, or past their time to live. Such an answer
 * otherwise stayed in memory until its key was asked for again or the size pushed it out, and
 * most keys (a match's page, a page of a list, a player's lists once their matches change) are
 * not asked for again soon. Looking at a few per answer stored goes round every answer kept at
 * four times the pace it grows, and never stops the event loop: looking at 10,000 at once took
 * 5–8 ms, and letting them go 14–47 ms.
 */
export const SWEEP_STEP = 4;

/** A cached answer that differs from what a fresh read answers, with nothing heard in between. */
export class StaleCacheError extends Error {
  constructor(key: string) {
    super(`read cache served a stale answer for ${key}`);
    this.name = 'StaleCacheError';
  }
}

/** A snapshot of the topics' versions, taken before the read whose answer will be stored. */
export interface ReadTicket {
  topics: readonly Topic[];
  stamps: number[];
  epoch: number;
}

/**
 * Serialized answers of hot reads, each kept until a change to what it depends on is heard.
 *
 * Every topic has a version, bumped by each change. An answer is stored with the versions seen
 * before its read started, and served only while they are still current: a change committed during
 * the read makes it stale at once, and an answer read before a change never outlives the change's
 * announcement. While the listening connection is down the cache stands aside, since changes made
 * by other processes would go unheard.
 */
export class ReadCache implements ChangeListener {
  private readonly versions = new Map<string, number>();
  /** In order of last use: the first entries go first when over the size. */
  private readonly entries = new Map<string, Entry>();
  private clock = 0;
  /** Moves on when everything is dropped, so that no read started before can store its answer. */
  private epoch = 0;
  private bytes = 0;
  private suspended = false;
  /** Lookups answered from the cache, and lookups that had to read (the cache on). */
  private hits = 0;
  private misses = 0;
  /** Misses that joined a read of the same key already under way instead of reading again. */
  private joined = 0;
  /** Reads under way, by key, with the versions seen when each began. */
  private readonly inflight = new Map<string, { ticket: ReadTicket; answer: Promise<CachedAnswer | null> }>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Where the sweep is in the entries (SWEEP_STEP); a new pass starts where one ended. */
  private sweep: MapIterator<[string, Entry]> | null = null;

  constructor(private readonly options: ReadCacheOptions) {
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0 && !this.suspended;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Since the process started: what an operator reads at /api/admin/metrics. */
  get stats(): {
    hits: number;
    misses: number;
    joined: number;
    entries: number;
    bytes: number;
    enabled: boolean;
  } {
    return { hits: this.hits, misses: this.misses, joined: this.joined, ...this.size, enabled: this.enabled };
  }

  ticket(topics: readonly Topic[]): ReadTicket {
    return { topics, stamps: topics.map((t) => this.versions.get(t) ?? 0), epoch: this.epoch };
  }

  get(key: string): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    const fresh = this.servable(entry, this.now());
    this.entries.delete(key);
    if (!fresh) {
      this.bytes -= entry.bytes;
      this.misses += 1;
      return undefined;
    }
    this.entries.set(key, entry);
    this.hits += 1;
    return entry;
  }

  set(key: string, ticket: ReadTicket, answer: CachedAnswer): void {
    if (!this.enabled) return;
    // Stale already: a change was heard while it was read.
    if (!this.current(ticket)) return;
    const bytes = (answer.gzip ?? answer.body).length + key.length + ENTRY_BYTES;
    if (bytes > this.options.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    const kept: CachedAnswer = answer.gzip
      ? { ...answer, gzip: ownBytes(answer.gzip) }
      : { ...answer, body: typeof answer.body === 'string' ? answer.body : ownBytes(answer.body) };
    this.entries.set(key, { ...kept, ...ticket, expires: this.now() + this.ttlMs, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
    this.sweepOn();
  }

  /**
   * Looks at the next SWEEP_STEP answers, in the order of their last use, and lets go of those
   * that can no longer be served. A Map's iterator goes on over entries added or moved since it
   * began (each moved one is seen again, which is harmless) and past the deleted ones.
   */
  private sweepOn(): void {
    const now = this.now();
    for (let looked = 0; looked < SWEEP_STEP; looked++) {
      this.sweep ??= this.entries.entries();
      const next = this.sweep.next();
      if (next.done) {
        this.sweep = null;
        return;
      }
      const [key, entry] = next.value;
      if (this.servable(entry, now)) continue;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  /** Whether a kept answer may still be served: within its time to live, nothing heard since. */
  private servable(entry: Entry, now: number): boolean {
    return entry.expires > now && this.current(entry);
  }

  private current(ticket: ReadTicket): boolean {
    return (
      ticket.epoch === this.epoch &&
      ticket.topics.every((t, i) => (this.versions.get(t) ?? 0) === ticket.stamps[i])
    );
  }

  /**
   * Serves the stored answer, or reads, stores and answers it; a read answering null stores nothing.
   *
   * Many players asking for the same answer at once (a ranking right after an approval dropped
   * it) share one read: a miss joins the read of its key already under way, as long as nothing
   * that answer depends on was heard since that read began, the very condition under which a
   * stored answer is served. Whoever has seen a change (their own write, announced before it was
   * answered) starts a read of their own.
   */
  async through(
    key: string,
    topics: readonly Topic[],
    read: () => Promise<CachedAnswer | null>,
  ): Promise<CachedAnswer | null> {
    const hit = this.get(key);
    if (hit) {
      if (this.options.verify) await this.check(key, topics, hit, read);
      return hit;
    }
    if (!this.enabled) return read();
    const under = this.inflight.get(key);
    if (under && this.current(under.ticket)) {
      this.joined += 1;
      this.misses -= 1;
      return under.answer;
    }
    const ticket = this.ticket(topics);
    const answer = read().then((a) => {
      if (a) this.set(key, ticket, a);
      return a;
    });
    const entry = { ticket, answer };
    this.inflight.set(key, entry);
    try {
      return await answer;
    } finally {
      if (this.inflight.get(key) === entry) this.inflight.delete(key);
    }
  }

  /** Verify mode: the hit must equal a fresh read, unless a change was heard meanwhile. */
  private async check(
    key: string,
    topics: readonly Topic[],
    hit: CachedAnswer,
    read: () => Promise<CachedAnswer | null>,
  ): Promise<void> {
    const ticket = this.ticket(topics);
    const fresh = await read();
    if (fresh && Buffer.from(answerBody(fresh)).equals(Buffer.from(answerBody(hit)))) return;
    // A write that committed during the read is applied right after its commit: give it a turn.
    await new Promise((resolve) => setImmediate(resolve));
    if (this.current(ticket)) throw new StaleCacheError(key);
  }

  changed(changes: Changes): void {
    const bump = (topic: string) => this.versions.set(topic, ++this.clock);
    for (const id of changes.matches ?? []) bump(`matches:${id}`);
    if ((changes.matches ?? []).length > 0) bump('matches');
    for (const id of changes.decks ?? []) bump(`decks:${id}`);
    for (const id of changes.users ?? []) bump(`user:${id}`);
    if (changes.community) bump('community');
    if (changes.standings) bump('standings');
    if (changes.ratings) bump('ratings');
  }

  lost(): void {
    this.suspended = true;
    this.clear();
  }

  caughtUp(): void {
    this.clear();
    this.suspended = false;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.epoch += 1;
  }
}
