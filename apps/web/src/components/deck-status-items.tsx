import { MenuItem } from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';

/** SPEC §8's placeholder while a player's decks load. */
export const DECKS_LOADING = 'Cargando mazos...';

/**
 * The disabled entries of a player's deck select while the decks load (Cargando mazos...) or
 * after they failed (SPEC §8: No se pudieron cargar los mazos).
 */
export function deckStatusItems(decks: { isPending: boolean; isError: boolean }) {
  return [
    decks.isPending && (
      <MenuItem key="__loading" disabled value="__loading">
        {DECKS_LOADING}
      </MenuItem>
    ),
    decks.isError && (
      <MenuItem key="__error" disabled value="__error">
        {MSG.playerDecksError}
      </MenuItem>
    ),
  ];
}
