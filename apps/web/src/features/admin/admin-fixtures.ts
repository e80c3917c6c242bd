import type { TCommunityMe, TLeague, TStore } from '@mitos/domain/community';
import { stubWebSocket } from '../../test/match-fixtures';
import { organiserMe, playerMe } from '../../test/community-fixtures';
import { mockFetch, signedIn, type MockHandler, type MockReply } from '../../test/fetch-mock';

/** Test data of the admin screens. */
export { organiserMe, playerMe };
export const adminMe: TCommunityMe = { ...organiserMe, isAdmin: true, organises: [] };

export function store(id: number, name: string, logoUrl: string | null = null): TStore {
  return {
    id,
    name,
    location: { neighborhood: 'Palermo', city: 'Buenos Aires' },
    address: null,
    active: true,
    logoUrl,
    organisers: [],
  };
}

export const STORES = [store(1, 'Dragón Dorado', '/api/stores/1/logo?v=1'), store(2, 'Torre de Cartas')];

export function league(overrides: Partial<TLeague> & Pick<TLeague, 'id' | 'name'>): TLeague {
  return {
    storeId: 1,
    store: 'Dragón Dorado',
    startDate: '2026-03-07',
    status: 'active',
    participants: 4,
    joined: false,
    canManage: true,
    ...overrides,
  };
}

export const USERS = [
  { id: 7, username: 'lucia' },
  { id: 8, username: 'beto' },
  { id: 9, username: 'carla' },
];

/** GET /api/users/search as the server answers it: by name or id. */
export const userSearch: MockHandler = ({ url }) => {
  const q = (url.searchParams.get('q') ?? '').replace(/^@/, '').toLowerCase();
  return { body: USERS.filter((u) => u.username.includes(q) || String(u.id) === q) };
};

/** A fetch mock for an admin screen: signed in, the caller's community part, the stores. */
export function mockAdminFetch(
  me: TCommunityMe,
  routes: Record<string, MockHandler | MockReply | MockReply[]> = {},
) {
  stubWebSocket();
  return mockFetch({
    'GET /api/auth/me': signedIn,
    'GET /api/community/me': { body: me },
    'GET /api/stores': { body: STORES },
    'GET /api/users/search': userSearch,
    ...routes,
  });
}

/** A server refusal as the API sends it. */
export const refusal = (status: number, message: string): MockReply => ({
  status,
  body: { success: false, error: message, message },
});
