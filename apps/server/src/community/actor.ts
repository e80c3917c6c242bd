import { eq } from 'drizzle-orm';
import type { CommunityActor } from '@mitos/domain/community-rules';
import type { SessionUser } from '../auth/session';
import type { Db, Tx } from '../db/client';
import { storeOrganisers } from '../db/schema';

/** The stores a user organises, by id. */
export async function storesOrganisedBy(db: Db | Tx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ storeId: storeOrganisers.storeId })
    .from(storeOrganisers)
    .where(eq(storeOrganisers.userId, userId));
  return rows.map((r) => r.storeId);
}

/** The signed-in user as the community rules see them: role and organised stores. */
export async function communityActor(
  db: Db | Tx,
  user: Pick<SessionUser, 'id' | 'role'>,
): Promise<CommunityActor> {
  return { id: user.id, role: user.role, organises: await storesOrganisedBy(db, user.id) };
}
