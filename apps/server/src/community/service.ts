import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { isAdmin, seesAdmin } from '@mitos/domain/community-rules';
import type { TCommunityMe } from '@mitos/domain/community';
import type { CachedRead } from '../cache/cached-read';
import type { SessionUser } from '../auth/session';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { matchPlayers, matches, storeOrganisers, stores } from '../db/schema/index';
import { communityActor } from './actor';

/** How many of the player's latest matches say which stores are theirs, and how many are offered. */
const RECENT_MATCHES = 50;
const USUAL_STORES = 5;

/** The active stores of the player's latest matches, most used first (then most recent). */
async function usualStores(db: Db, userId: number) {
  const recent = db
    .select({ storeId: matches.storeId, matchDate: matches.matchDate })
    .from(matchPlayers)
    .innerJoin(matches, eq(matches.id, matchPlayers.matchId))
    .where(and(eq(matchPlayers.userId, userId), sql`${matches.storeId} is not null`))
    .orderBy(desc(matches.matchDate), desc(matches.id))
    .limit(RECENT_MATCHES)
    .as('recent');
  return db
    .select({ id: stores.id, name: stores.name })
    .from(recent)
    .innerJoin(stores, eq(stores.id, recent.storeId))
    .where(eq(stores.active, true))
    .groupBy(stores.id, stores.name)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${recent.matchDate})`), asc(stores.id))
    .limit(USUAL_STORES);
}

async function organisedStores(db: Db, userId: number) {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .where(
      inArray(
        stores.id,
        db
          .select({ id: storeOrganisers.storeId })
          .from(storeOrganisers)
          .where(eq(storeOrganisers.userId, userId)),
      ),
    )
    .orderBy(asc(sql`lower(${stores.name})`), asc(stores.id));
}

export async function communityMe(ctx: AppContext, user: SessionUser): Promise<TCommunityMe> {
  const db = ctx.database.db;
  const actor = await communityActor(db, user);
  return {
    seesAdmin: seesAdmin(actor),
    isAdmin: isAdmin(actor),
    organises: await organisedStores(db, user.id),
    usualStores: await usualStores(db, user.id),
  };
}

/**
 * GET /api/community/me: follows the community (organisers, store names) and the caller's own
 * matches (their usual stores); the role comes from the session, so it is in the key.
 */
export const communityMeRead: CachedRead<AppContext, SessionUser> = {
  key: (user) => `community-me:${user.id}:${user.role}`,
  topics: (user) => ['community', `matches:${user.id}`],
  read: async (ctx, user) => ({ payload: await communityMe(ctx, user) }),
};
