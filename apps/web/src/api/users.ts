import { ZUserSummaryList, parseUserSearch } from '@mitos/domain/users';
import { api } from '../lib/api-client';

/** SPEC §5 player search; an empty query (or a lone @) asks nothing. */
export function searchUsers(query: string, signal?: AbortSignal) {
  if (parseUserSearch(query).kind === 'none') return Promise.resolve([]);
  return api('/api/users/search', { query: { q: query.trim() }, schema: ZUserSummaryList, signal });
}
