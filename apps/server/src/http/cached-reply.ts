import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Answer, CachedRead } from '../cache/cached-read';
import { answerBody, type CachedAnswer, type ReadCache, type Topic } from '../cache/read-cache';
import type { AppContext } from '../context';

const GZIP_FROM_BYTES = 1024;

/** Whether the client accepts gzip (`Accept-Encoding: gzip` or `*`, not with q=0). */
export function acceptsGzip(request: Pick<FastifyRequest, 'headers'>): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  const codings = new Map<string, number>();
  for (const part of String(header).split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    codings.set(coding.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  return (codings.get('gzip') ?? codings.get('*') ?? 0) > 0;
}

/**
 * Sends a declared cached read: from the cache, or read, serialized with the route's own response
 * schema (so a cached answer is byte for byte what the route would send) and kept. Answers whether
 * it sent anything: a read answering null is neither kept nor sent, and the caller answers. (Not
 * the reply itself: a reply is thenable, and awaiting it waits for the response to end.)
 */
export function sendRead<A>(
  reply: FastifyReply,
  ctx: AppContext,
  read: CachedRead<AppContext, A>,
  args: A,
): Promise<boolean> {
  return sendCachedIfFound(reply, ctx.cache, read.key(args), read.topics(args), () => read.read(ctx, args));
}

async function sendCachedIfFound(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  topics: readonly Topic[],
  read: () => Promise<Answer | null>,
): Promise<boolean> {
  const answer = await cache.through(key, topics, async (): Promise<CachedAnswer | null> => {
    const found = await read();
    if (!found) return null;
    const body = Buffer.from(reply.serialize(found.payload) as string);
    const headers = found.headers ? { headers: found.headers } : {};
    // Compressed once per change rather than once per request: a page of matches shrinks about
    // nine times, which a phone on a store's weak signal feels, and so does the cache's memory.
    // With the cache off the answer is for this client alone: gzipped only if it accepts that.
    const gzipped = body.length >= GZIP_FROM_BYTES && (cache.enabled || acceptsGzip(reply.request));
    return gzipped ? { gzip: gzipSync(body, { level: 6 }), ...headers } : { body, ...headers };
  });
  if (!answer) return false;
  if (answer.headers) reply.headers(answer.headers);
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (answer.gzip && acceptsGzip(reply.request)) {
    reply.header('content-encoding', 'gzip').send(answer.gzip);
  } else {
    reply.send(answerBody(answer));
  }
  return true;
}
