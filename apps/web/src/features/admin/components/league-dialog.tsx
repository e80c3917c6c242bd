import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { DayField } from '../../../components/day-field';
import { STORES } from '../../../lib/sample-stores';
import { EMPTY_LEAGUE_FORM, validateLeague, type LeagueFormValues } from '../leagues';

export interface LeagueDialogProps {
  open: boolean;
  /** Editing when given; creating otherwise. */
  initial: LeagueFormValues | null;
  onClose(): void;
  /** Stores the league; an error message when that failed. */
  onSubmit(values: LeagueFormValues): string | null;
}

/**
 * Nueva Liga / Editar Liga. Each opening mounts a fresh form, so that closing resets the form and
 * its error (SPEC §4); the form of the last opening stays while the dialog fades out, so the
 * dialog keeps its title (and its accessible name) until it is gone.
 */
export function LeagueDialog({ open, initial, onClose, onSubmit }: LeagueDialogProps) {
  const [wasOpen, setWasOpen] = useState(false);
  const [opening, setOpening] = useState<{ key: number; initial: LeagueFormValues | null } | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening({ key: (opening?.key ?? 0) + 1, initial });
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="league-dialog-title">
      {opening && (
        <LeagueForm key={opening.key} initial={opening.initial} onClose={onClose} onSubmit={onSubmit} />
      )}
    </Dialog>
  );
}

function LeagueForm({ initial, onClose, onSubmit }: Omit<LeagueDialogProps, 'open'>) {
  const [values, setValues] = useState<LeagueFormValues>(initial ?? EMPTY_LEAGUE_FORM);
  const [error, setError] = useState<string | null>(null);
  const editing = initial !== null;
  // The message goes as soon as the form is fixed, not at the next submit (issue 14 item 14).
  const set = (key: keyof LeagueFormValues) => (value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (error !== null && validateLeague(next) === null) setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(validateLeague(values) ?? onSubmit(values));
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="league-dialog-title">{editing ? 'Editar Liga' : 'Nueva Liga'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Nombre de la Liga"
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
            required
            autoFocus
            fullWidth
          />
          <TextField
            select
            label="Tienda"
            value={values.store}
            onChange={(e) => set('store')(e.target.value)}
            required
            fullWidth
          >
            {STORES.map((store) => (
              <MenuItem key={store.id} value={store.name}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Box
                    component="img"
                    src={store.logo}
                    alt=""
                    sx={{ width: 28, height: 28, borderRadius: 1 }}
                  />
                  {store.name}
                </Box>
              </MenuItem>
            ))}
          </TextField>
          <DayField
            label="Fecha de Inicio"
            value={values.startDate}
            onChange={set('startDate')}
            required
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained">
          {editing ? 'Guardar Cambios' : 'Crear Liga'}
        </Button>
      </DialogActions>
    </form>
  );
}
