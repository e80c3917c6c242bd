import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What every API answer says to caches. Nearly every /api answer depends on who asks (the own
 * profile with the email, lists, counts, decks, even a 401), and an answer kept by a shared cache
 * or a phone's disk cache could be shown to the next person on a store's shared tablet.
 */
export const PRIVATE_ANSWER = 'private, no-store';

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Marks every /api answer `Cache-Control: private, no-store`, cached reads and errors included. */
export const privateAnswers = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiUrl(request.url)) reply.header('cache-control', PRIVATE_ANSWER);
    done();
  });
});
