import type { Topic } from './read-cache';

/** What a read answers: the payload (serialized by the route's own schema) and any headers. */
export interface Answer {
  payload: unknown;
  headers?: Record<string, string>;
}

/**
 * A read whose answer the read cache keeps, declared once next to its query: the key naming its
 * answer, the changes (topics) it depends on, and the read itself. Routes only send it; the topics
 * are written nowhere else, and the API tests (READ_CACHE_VERIFY) compare every hit with a fresh
 * read, so a change the declaration misses fails them. A read answering null sends nothing.
 */
export interface CachedRead<C, A> {
  key(args: A): string;
  topics(args: A): readonly Topic[];
  read(ctx: C, args: A): Promise<Answer | null>;
}
