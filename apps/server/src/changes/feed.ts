import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Tx, Unlisten } from '../db/client';

/**
 * What changed, by the users it touches. Every process LISTENs for these, so a change made by any
 * process reaches the notification sockets and the read caches of every other one.
 */
export interface Changes {
  /** Users whose matches changed: their inbox, their own list and their count (and the home list). */
  matches?: readonly number[];
  /** Users whose decks changed. */
  decks?: readonly number[];
  /** Users whose account row changed (a role, for instance). */
  users?: readonly number[];
  /**
   * The community changed: a store, season, league or tournament, or a player's name. Read by
   * everyone, so one flag rather than ids.
   */
  community?: boolean;
  /**
   * A season's counts changed: a match that counts was approved or annulled (the rankings and
   * the metagame). Apart from `community`, so that the answers that show no count (a player's
   * lists and statistics, the stores, the tournaments) stay cached through an evening of
   * approvals (docs/decisions/028).
   */
  standings?: boolean;
  /** Mitos Ratings changed (rated matches, or a replay): rankings by rating, profiles. */
  ratings?: boolean;
  /** Users who subscribed a device to Web Push: who may receive one (push/subscribers.ts). */
  push?: readonly number[];
}

export const CHANGES_CHANNEL = 'mitos_changes';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_000;

type Wire = { m?: number[]; d?: number[]; u?: number[]; p?: number[]; c?: 1; s?: 1; r?: 1; o?: string };

function ids(list: readonly number[] | undefined): number[] {
  return [...new Set(list ?? [])].filter((id) => Number.isSafeInteger(id) && id > 0);
}

/**
 * The payloads announcing these changes: small enough for NOTIFY, none when nothing changed.
 * `origin` names the announcing process, which applied them already and skips them when heard.
 */
export function encodeChanges(changes: Changes, origin?: string): string[] {
  const wire: Wire = {};
  const parts: ['m' | 'd' | 'u' | 'p', number[]][] = [
    ['m', ids(changes.matches)],
    ['d', ids(changes.decks)],
    ['u', ids(changes.users)],
    ['p', ids(changes.push)],
  ];
  for (const [key, list] of parts) if (list.length > 0) wire[key] = list;
  if (changes.community) wire.c = 1;
  if (changes.standings) wire.s = 1;
  if (changes.ratings) wire.r = 1;
  if (Object.keys(wire).length === 0) return [];
  const tag = origin ? { o: origin } : {};
  // One payload for the usual small change; thousands of ids are split, a kind at a time.
  const whole = JSON.stringify({ ...wire, ...tag });
  if (whole.length < MAX_NOTIFY_BYTES) return [whole];
  const perPayload = Math.floor(MAX_NOTIFY_BYTES / 12);
  return parts
    .flatMap(([key, list]) => {
      const payloads: string[] = [];
      for (let i = 0; i < list.length; i += perPayload) {
        payloads.push(JSON.stringify({ [key]: list.slice(i, i + perPayload), ...tag }));
      }
      return payloads;
    })
    .concat(changes.community ? [JSON.stringify({ c: 1, ...tag })] : [])
    .concat(changes.standings ? [JSON.stringify({ s: 1, ...tag })] : [])
    .concat(changes.ratings ? [JSON.stringify({ r: 1, ...tag })] : []);
}

/** A payload read back; anything malformed reads as no change. */
export function decodeChanges(payload: string): Changes & { origin?: string } {
  try {
    const wire: unknown = JSON.parse(payload);
    if (typeof wire !== 'object' || wire === null || Array.isArray(wire)) return {};
    const read = (value: unknown) => (Array.isArray(value) ? ids(value as number[]) : []);
    const { m, d, u, p, c, s, r, o } = wire as Record<string, unknown>;
    const push = read(p);
    return {
      matches: read(m),
      decks: read(d),
      users: read(u),
      ...(push.length > 0 ? { push } : {}),
      ...(c === 1 ? { community: true } : {}),
      ...(s === 1 ? { standings: true } : {}),
      ...(r === 1 ? { ratings: true } : {}),
      ...(typeof o === 'string' ? { origin: o } : {}),
    };
  } catch {
    return {};
  }
}

export interface ChangeListener {
  /** A change, from this process or another. */
  changed(changes: Changes): void;
  /** The listening connection was lost: changes made elsewhere may go unseen until `caughtUp`. */
  lost?(): void;
  /** The listening connection is back; what was published meanwhile was missed. */
  caughtUp?(): void;
}

/**
 * Publishes and receives changes over PostgreSQL LISTEN/NOTIFY. The publishing process applies a
 * change as soon as it has committed, before answering, so a client reads its own writes here;
 * the other processes hear it moments later. The announcements of changes committed together are
 * merged into one NOTIFY, sent after the commit: a NOTIFY inside the writing transaction would hold
 * PostgreSQL's global notification lock through that transaction's commit, so that every writing
 * transaction of every process would commit one after the other (docs/benchmarks.md).
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private unlisten: Unlisten | null = null;
  /** Names this process in what it announces. */
  private readonly origin = randomBytes(9).toString('base64url');
  /** Committed changes not yet announced, and the announcement that will carry them. */
  private pending: Changes[] = [];
  private flushing: Promise<void> | null = null;
  /** Work that follows a commit announcing changes, before `commit` resolves (the ratings). */
  private readonly followUps: ((changes: readonly Changes[]) => Promise<void>)[] = [];

  constructor(
    private readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  async start(): Promise<void> {
    const heard = (payload: string) => {
      const { origin, ...changes } = decodeChanges(payload);
      // This process applied its own changes when they committed.
      if (origin !== this.origin) this.apply(changes);
    };
    this.unlisten = await this.database.listen(CHANGES_CHANNEL, heard, {
      onLost: () => this.each((l) => l.lost?.()),
      onReconnect: () => this.each((l) => l.caughtUp?.()),
    });
  }

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs `follow` after every commit that announced changes, before the writer is answered, so
   * that what derives from the committed data (the ratings) is read back by the same client. A
   * failure is logged, not thrown: the write itself is committed.
   */
  followCommits(follow: (changes: readonly Changes[]) => Promise<void>): void {
    this.followUps.push(follow);
  }

  /**
   * Runs `work` in one transaction; once it has committed the follow-ups run, then what it
   * announced is published (nothing when it rolls back).
   */
  async commit<T>(work: (tx: Tx, announce: (changes: Changes) => void) => Promise<T>): Promise<T> {
    const announced: Changes[] = [];
    const result = await this.database.transaction((tx) => work(tx, (changes) => announced.push(changes)));
    // The follow-ups first: a screen told of the change then reads what derives from it too.
    if (announced.length > 0)
      for (const follow of this.followUps) {
        try {
          await follow(announced);
        } catch (err) {
          this.log.error({ err }, 'a follow-up of a commit failed');
        }
      }
    for (const changes of announced) void this.publish(changes);
    return result;
  }

  /** Applies changes in this process at once. */
  apply(changes: Changes): void {
    const push = ids(changes.push);
    const each = {
      matches: ids(changes.matches),
      decks: ids(changes.decks),
      users: ids(changes.users),
      ...(push.length > 0 ? { push } : {}),
      ...(changes.community ? { community: true } : {}),
      ...(changes.standings ? { standings: true } : {}),
      ...(changes.ratings ? { ratings: true } : {}),
    };
    this.each((l) => l.changed(each));
  }

  /**
   * Applies committed changes here at once and announces them to the other processes with the
   * next NOTIFY (one for all the changes committed meanwhile). Resolves once announced. A failure
   * is logged, not thrown: the change itself is committed, and this process has applied it.
   */
  publish(changes: Changes): Promise<void> {
    this.apply(changes);
    this.pending.push(changes);
    this.flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.flush());
    return this.flushing;
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.flushing = null;
    const merged: Changes = {
      matches: batch.flatMap((c) => c.matches ?? []),
      decks: batch.flatMap((c) => c.decks ?? []),
      users: batch.flatMap((c) => c.users ?? []),
      push: batch.flatMap((c) => c.push ?? []),
      community: batch.some((c) => c.community === true),
      standings: batch.some((c) => c.standings === true),
      ratings: batch.some((c) => c.ratings === true),
    };
    try {
      for (const payload of encodeChanges(merged, this.origin))
        await this.database.notify(CHANGES_CHANNEL, payload);
    } catch (err) {
      this.log.error({ err }, 'could not publish changes');
    }
  }

  private each(run: (listener: ChangeListener) => void): void {
    for (const listener of this.listeners) {
      try {
        run(listener);
      } catch (err) {
        this.log.error({ err }, 'a change listener failed');
      }
    }
  }

  async close(): Promise<void> {
    await this.flushing;
    const unlisten = this.unlisten;
    this.unlisten = null;
    this.listeners.clear();
    if (unlisten) await unlisten().catch(() => {});
  }
}
