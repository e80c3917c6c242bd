import { communityDay, isAdmin, seesAdmin } from '@mitos/domain/community-rules';
import type { TAdminSummary } from '@mitos/domain/community';
import { MSG } from '@mitos/domain/messages';
import type { SessionUser } from '../auth/session';
import { communityActor } from '../community/actor';
import type { AppContext } from '../context';
import { forbidden } from '../errors';
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
