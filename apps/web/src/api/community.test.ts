import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { communityChanged, communityKeys, standingsChanged } from './community';
import { leagueKeys } from './leagues';
import { adminKeys } from './admin';
import { statisticsKeys, tournamentKeys } from './query-keys';

/** Every kind of query a community change may touch, with data in the cache. */
const KEYS = {
  me: communityKeys.me,
  stores: communityKeys.stores,
  store: communityKeys.store(1),
  storeMatches: communityKeys.storeMatches(1),
  seasons: communityKeys.seasons,
  ranking: communityKeys.ranking({ storeId: 1 }),
  standing: communityKeys.standing(7),
  leagues: leagueKeys.list(1),
  adminSummary: adminKeys.summary,
  adminResults: adminKeys.results,
  statistics: statisticsKeys.player(7, 'month'),
  rating: statisticsKeys.rating(7),
  metagame: statisticsKeys.metagame(),
  tournaments: tournamentKeys.list(),
  tournament: tournamentKeys.detail(3),
} as const;

async function invalidatedBy(change: (client: QueryClient) => Promise<void>): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
  await change(client);
  return Object.entries(KEYS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('what a community change reads again', () => {
  it('only the season counts changed: the rankings, standings, store results, admin counters and statistics', async () => {
    expect(await invalidatedBy(standingsChanged)).toEqual([
      'storeMatches',
      'ranking',
      'standing',
      'adminSummary',
      'adminResults',
      'statistics',
      'rating',
      'metagame',
    ]);
  });

  it('anything else changed: every community query, the tournaments and the statistics', async () => {
    expect(await invalidatedBy(communityChanged)).toEqual(Object.keys(KEYS));
  });
});
