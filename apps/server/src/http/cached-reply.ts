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
  await sendCachedIfFound(reply, cache, key, topics, read);
  return reply;
}

/**
 * As sendCached, answering whether it sent anything: a read that answers null (nothing to show)
 * is neither kept nor sent, and the caller answers. (Not the reply itself: a reply is thenable,
 * and awaiting it waits for the response to end and yields nothing.)
 */
export async function sendCachedIfFound(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  topics: readonly Topic[],
  read: () => Promise<Answer | null>,
): Promise<boolean> {
  const answer = await cache.through(key, topics, async () => {
    const found = await read();
    if (!found) return null;
    return {
      body: Buffer.from(reply.serialize(found.payload) as string),
      ...(found.headers ? { headers: found.headers } : {}),
    };
  });
  if (!answer) return false;
  if (answer.headers) reply.headers(answer.headers);
  reply.type('application/json; charset=utf-8').send(answer.body);
  return true;
}
