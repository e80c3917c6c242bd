import { MenuItem } from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';

/**
 * The disabled entries of a player's deck select while the decks load (Cargando mazos...) or
 * after they failed (SPEC §8: No se pudieron cargar los mazos).
 */
export function deckStatusItems(decks: { isPending: boolean; isError: boolean }) {
  return [
    decks.isPending && (
      <MenuItem key="__loading" disabled value="__loading">
        Cargando mazos...
      </MenuItem>
    ),
    decks.isError && (
      <MenuItem key="__error" disabled value="__error">
        {MSG.playerDecksError}
      </MenuItem>
    ),
  ];
}
