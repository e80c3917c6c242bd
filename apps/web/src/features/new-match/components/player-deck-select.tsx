import { FormControl, FormHelperText, InputLabel, ListItemText, MenuItem, Select } from '@mui/material';
import { sortDecks } from '@mitos/domain/decks';
import * as MSG from '@mitos/domain/message-texts';
import type { FormDeck } from '../form-state';
import { usePlayerDecks } from '../../../api/decks';
import { DECKS_LOADING, deckStatusItems } from '../../../components/deck-status-items';

export interface PlayerDeckSelectProps {
  userId: number;
  username: string;
  deck: FormDeck | null;
  onChange(deck: FormDeck): void;
  disabled?: boolean;
}

/** The deck a player used: their default at first, any other of theirs on request. */
export function PlayerDeckSelect({ userId, username, deck, onChange, disabled }: PlayerDeckSelectProps) {
  const decks = usePlayerDecks(userId);
  const options: FormDeck[] = decks.data
    ? sortDecks(decks.data).map((d) => ({ id: d.id, name: d.name, raza: d.raza }))
    : [];
  if (deck && !options.some((d) => d.id === deck.id)) options.unshift(deck);
  const id = `deck-${userId}`;

  return (
    <FormControl size="small" fullWidth error={decks.isError || deck === null} disabled={disabled}>
      <InputLabel id={`${id}-label`}>{`Mazo de ${username}`}</InputLabel>
      <Select
        labelId={`${id}-label`}
        id={id}
        label={`Mazo de ${username}`}
        value={deck ? String(deck.id) : ''}
        displayEmpty
        renderValue={(value) => {
          if (value === '') return decks.isPending ? DECKS_LOADING : 'Seleccionar mazo';
          const chosen = options.find((d) => String(d.id) === value);
          return chosen ? `${chosen.name} · ${chosen.raza}` : 'Seleccionar mazo';
        }}
        onChange={(e) => {
          const chosen = options.find((d) => String(d.id) === e.target.value);
          if (chosen) onChange(chosen);
        }}
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 280 } } } }}
      >
        {options.map((d) => (
          <MenuItem key={d.id} value={String(d.id)}>
            <ListItemText primary={d.name} secondary={d.raza} />
          </MenuItem>
        ))}
        {deckStatusItems(decks)}
      </Select>
      {decks.isError && <FormHelperText>{MSG.playerDecksError}</FormHelperText>}
    </FormControl>
  );
}
