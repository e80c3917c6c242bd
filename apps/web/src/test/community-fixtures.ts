import type { TCommunityMe, TSeason } from '@mitos/domain/community';

/** What /api/community/me answers for the test user (lucia, 7) as organiser of store 1, or as a player. */
export const organiserMe: TCommunityMe = {
  seesAdmin: true,
  isAdmin: false,
  organises: [{ id: 1, name: 'Dragón Dorado' }],
  usualStores: [],
};
export const playerMe: TCommunityMe = { seesAdmin: false, isAdmin: false, organises: [], usualStores: [] };

/** Temporada Actual of the tests. */
export const currentSeason: TSeason = {
  id: 3,
  name: 'Temporada 2026',
  startsOn: '2026-01-01',
  endsOn: '2026-12-31',
  current: true,
  closedAt: null,
};
/** A closed season before it. */
export const pastSeason: TSeason = {
  id: 2,
  name: 'Temporada 2025',
  startsOn: '2025-01-01',
  endsOn: '2025-12-31',
  current: false,
  closedAt: '2025-12-31T23:00:00.000Z',
};
