import { Box, MenuItem, TextField } from '@mui/material';
import { DEFAULT_RACE, LIMITS, RACES, type Race } from '@mitos/domain/constants';
import { RaceIcon } from '../race-chip';
import { GrowingTextField } from '../../lib/growing-text';

export interface DeckValues {
  name: string;
  description: string;
  raza: Race;
}

export const EMPTY_DECK: DeckValues = { name: '', description: '', raza: DEFAULT_RACE };

/** The request body for a deck: trimmed, and no description rather than an empty one. */
export function deckBody(values: DeckValues, withDescription: boolean) {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    raza: values.raza,
    ...(withDescription ? { description: description === '' ? null : description } : {}),
  };
}

interface DeckFieldsProps {
  values: DeckValues;
  onChange(values: DeckValues): void;
  /** Shown under the name once it means something to the user (typed into or left). */
  nameError: string | null;
  onNameBlur(): void;
  withDescription: boolean;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** Name, optional description and raza of a deck (SPEC §2 Decks). */
export function DeckFields({
  values,
  onChange,
  nameError,
  onNameBlur,
  withDescription,
  autoFocus,
  disabled,
}: DeckFieldsProps) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label="Nombre del mazo"
        name="name"
        value={values.name}
        onChange={(e) => onChange({ ...values, name: e.target.value })}
        onBlur={onNameBlur}
        error={nameError !== null}
        helperText={nameError ?? undefined}
        required
        fullWidth
        autoFocus={autoFocus}
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: LIMITS.deckNameMax } }}
      />
      {withDescription && (
        <GrowingTextField
          label="Descripción"
          name="description"
          value={values.description}
          onChange={(e) => onChange({ ...values, description: e.target.value })}
          minRows={2}
          maxRows={6}
          fullWidth
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: LIMITS.deckDescriptionMax } }}
        />
      )}
      <TextField
        select
        label="Raza"
        name="raza"
        value={values.raza}
        onChange={(e) => onChange({ ...values, raza: e.target.value as Race })}
        fullWidth
        disabled={disabled}
        slotProps={{
          select: {
            renderValue: (value) => (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <RaceIcon raza={String(value)} />
                {String(value)}
              </Box>
            ),
          },
        }}
      >
        {RACES.map((raza) => (
          <MenuItem key={raza} value={raza} sx={{ gap: 1.5 }}>
            <RaceIcon raza={raza} />
            {raza}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
