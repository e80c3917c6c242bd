import type { FastifyReply } from 'fastify';
import type { ReadCache, Topic } from '../cache/read-cache';

export interface Answer {
  payload: unknown;
  headers?: Record<string, string>;
}

/**
 * Answers a read from the cache, or reads it, serializes it with the route's own response schema
 * (so a cached answer is byte for byte what the route would send) and keeps it.
 */
export async function sendCached(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  topics: readonly Topic[],
  read: () => Promise<Answer>,
): Promise<FastifyReply> {
  return (await sendCachedIfFound(reply, cache, key, topics, read))!;
}

/** As sendCached; a read that answers null (nothing to show) is neither kept nor sent: the caller answers. */
export async function sendCachedIfFound(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  topics: readonly Topic[],
  read: () => Promise<Answer | null>,
): Promise<FastifyReply | null> {
  const answer = await cache.through(key, topics, async () => {
    const found = await read();
    if (!found) return null;
    return {
      body: reply.serialize(found.payload) as string,
      ...(found.headers ? { headers: found.headers } : {}),
    };
  });
  if (!answer) return null;
  if (answer.headers) reply.headers(answer.headers);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
