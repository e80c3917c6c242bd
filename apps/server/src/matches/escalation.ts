import type { TMatch } from '@mitos/domain/matches';
import type { AppContext } from '../context';
import type { SessionUser } from '../auth/session';
import { storesOrganisedBy } from '../community/actor';
import { escalatedIds } from '../jobs/repository';
import { loadMatches } from './repository/load';
import { presentMatch } from './presenter';

/** At most this many escalated matches are listed: an organiser confirms them as they come. */
const ESCALATED_LIMIT = 200;

/**
 * "Partidas para confirmar" (decision 020): the pending matches nobody finished answering that
 * went to the organisers of their store, oldest first; every store's for an admin, none for a
 * player who organises no store.
 */
export async function listEscalated(ctx: AppContext, user: SessionUser): Promise<TMatch[]> {
  const db = ctx.database.db;
  const stores = user.role === 'admin' ? null : await storesOrganisedBy(db, user.id);
  const ids = await escalatedIds(db, stores, ESCALATED_LIMIT);
  return (await loadMatches(db, ids)).map((m) => presentMatch(m, ctx.config.pendingMatchDelays));
}
