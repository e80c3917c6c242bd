import type { TDeck } from '@mitos/domain/decks';
import type { DeckRow } from './repository';

export function presentDeck(row: DeckRow): TDeck {
  return {
    id: row.id,
    user_id: row.userId,
    name: row.name,
    raza: row.raza,
    description: row.description,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}
