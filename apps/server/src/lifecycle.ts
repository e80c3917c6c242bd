import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';

/**
 * Graceful stop on SIGTERM and SIGINT: stop accepting connections, let in-flight requests
 * finish, answer requests still arriving on kept-alive connections with a 503 and
 * `Connection: close` (http/node-server.ts), close sockets (1001) and the database, then exit.
 * A stop that hangs is cut after 10 s.
 */
export function closeOnSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
