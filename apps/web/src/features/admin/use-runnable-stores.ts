import type { TStore } from '@mitos/domain/community';
import { useCommunityMe, useStores } from '../../api/community';

/**
 * The active stores the caller runs (every one for admins, their own for organisers): where they
 * may create leagues and enter results.
 */
export function useRunnableStores() {
  const me = useCommunityMe();
  const stores = useStores();
  const runs = (store: TStore) =>
    me.data?.isAdmin === true || (me.data?.organises.some((o) => o.id === store.id) ?? false);
  return {
    stores: stores.data?.filter(runs),
    isAdmin: me.data?.isAdmin ?? false,
    isPending: stores.isPending || me.isPending,
    isError: stores.isError || me.isError,
    refetch: () => Promise.all([stores.refetch(), me.refetch()]),
  };
}
