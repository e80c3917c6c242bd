import type { TStore } from '@mitos/domain/community';
import type { OrganiserRow, StoreRow } from './repository';

/** The logo's versioned URL: a new logo gets a new URL, so each can be cached for a year. */
export function logoUrl(store: Pick<StoreRow, 'id' | 'logoVersion' | 'hasLogo'>): string | null {
  return store.hasLogo && store.logoVersion !== null
    ? `/api/stores/${store.id}/logo?v=${store.logoVersion}`
    : null;
}

export function presentStore(row: StoreRow, organisers: readonly OrganiserRow[]): TStore {
  return {
    id: row.id,
    name: row.name,
    location: { neighborhood: row.neighborhood, city: row.city },
    address: row.address,
    active: row.active,
    logoUrl: logoUrl(row),
    organisers: organisers
      .filter((o) => o.storeId === row.id)
      .map((o) => ({ id: o.id, username: o.username })),
  };
}
