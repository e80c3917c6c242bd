import { communityDay, isAdmin, seesAdmin } from '@mitos/domain/community-rules';
import type { TAdminSummary, TServerMetrics } from '@mitos/domain/community';
import { MSG } from '@mitos/domain/messages';
import type { SessionUser } from '../auth/session';
import { communityActor } from '../community/actor';
import type { AppContext } from '../context';
import { forbidden } from '../errors';
import { watchEventLoop } from './event-loop';
import { adminCounters } from './repository';

/**
 * The three counters: torneos en curso (started, not finished), partidas de hoy (matches played today, not cancelled) and reportes pendientes
 * (rejected matches waiting for their creator). An organiser sees their stores' figures.
 */
export async function adminSummary(ctx: AppContext, user: SessionUser): Promise<TAdminSummary> {
  const actor = await communityActor(ctx.database.db, user);
  if (!seesAdmin(actor)) throw forbidden(MSG.organiserOnly);
  const counters = await adminCounters(ctx.database.db, {
    today: communityDay(new Date()),
    stores: isAdmin(actor) ? null : actor.organises,
  });
  return counters;
}

/** The process's read cache, memory and event loop, for an operator (admins only; organisers run a store, not the server). */
export async function serverMetrics(ctx: AppContext, user: SessionUser): Promise<TServerMetrics> {
  const actor = await communityActor(ctx.database.db, user);
  if (!isAdmin(actor)) throw forbidden(MSG.adminOnly);
  const memory = process.memoryUsage();
  const cpu = process.cpuUsage();
  const cache = ctx.cache.stats;
  // A miss that joined a read under way cost no read of its own: served like a hit.
  const lookups = cache.hits + cache.joined + cache.misses;
  return {
    process: {
      pid: process.pid,
      uptimeSeconds: process.uptime(),
      rssBytes: memory.rss,
      heapTotalBytes: memory.heapTotal,
      heapUsedBytes: memory.heapUsed,
      externalBytes: memory.external,
      cpuMs: (cpu.user + cpu.system) / 1000,
    },
    eventLoop: watchEventLoop().stats(),
    database: ctx.database.kind,
    readCache: { ...cache, hitRate: lookups === 0 ? null : (cache.hits + cache.joined) / lookups },
  };
}
