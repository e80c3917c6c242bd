import type { Database } from '../src/db/client';
import { storeOrganisers, stores } from '../src/db/schema/index';

let storeSequence = 0;

/** A store inserted directly, with its organisers. */
export async function createStore(
  database: Database,
  values: { name?: string; neighborhood?: string; organisers?: readonly { id: number }[] } = {},
): Promise<{ id: number; name: string }> {
  storeSequence += 1;
  const [store] = await database.db
    .insert(stores)
    .values({
      name: values.name ?? `Tienda ${storeSequence} ${Math.random().toString(36).slice(2, 6)}`,
      neighborhood: values.neighborhood ?? 'Palermo',
    })
    .returning({ id: stores.id, name: stores.name });
  for (const organiser of values.organisers ?? [])
    await database.db.insert(storeOrganisers).values({ storeId: store!.id, userId: organiser.id });
  return store!;
}
