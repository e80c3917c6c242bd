import type { TCommunityMe } from '@mitos/domain/community';

/** What /api/community/me answers for the test user (lucia, 7) as organiser of store 1, or as a player. */
export const organiserMe: TCommunityMe = {
  seesAdmin: true,
  isAdmin: false,
  organises: [{ id: 1, name: 'Dragón Dorado' }],
  usualStores: [],
};
export const playerMe: TCommunityMe = { seesAdmin: false, isAdmin: false, organises: [], usualStores: [] };
