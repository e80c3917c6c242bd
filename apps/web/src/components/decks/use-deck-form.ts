import { useState } from 'react';
import { deckNameError } from '@mitos/domain/decks';
import { EMPTY_DECK, type DeckValues } from './deck-fields';

/**
 * Form state of a deck with the SPEC §5 name rule against the user's other decks. The error
 * blocks saving at once but is shown only after the name was typed into or left.
 */
export function useDeckForm(
  decks: ReadonlyArray<{ id: number; name: string }>,
  initial: DeckValues = EMPTY_DECK,
  editingId?: number,
) {
  const [values, setValues] = useState<DeckValues>(initial);
  const [nameTouched, setNameTouched] = useState(false);
  const error = deckNameError(values.name, decks, editingId);
  return {
    values,
    setValues,
    error,
    shownError: nameTouched || values.name !== '' ? error : null,
    touchName: () => setNameTouched(true),
    reset: () => {
      setValues(initial);
      setNameTouched(false);
    },
  };
}
