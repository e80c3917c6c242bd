import { useState, type FormEvent } from 'react';
import {
  Alert,
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
import { EMPTY_LEAGUE_FORM, validateLeague, type LeagueFormValues } from '../admin-rules';
import { StoreMark } from './store-mark';

export interface StoreOption {
  id: number;
  name: string;
  logoUrl: string | null;
}

export interface LeagueDialogProps {
  open: boolean;
  /** Editing when given; creating otherwise. */
  initial: LeagueFormValues | null;
  /** The stores the caller may put a league in. */
  stores: StoreOption[];
  onClose(): void;
  /** Sends the league; the server's refusal (in Spanish) when it failed, null when saved. */
  onSubmit(values: LeagueFormValues): Promise<string | null>;
}

/**
 * Nueva Liga / Editar Liga. Each opening mounts a fresh form, so that closing resets the form and
 * its error (SPEC §4); the form of the last opening stays while the dialog fades out, so the
 * dialog keeps its title (and its accessible name) until it is gone.
 */
export function LeagueDialog({ open, initial, stores, onClose, onSubmit }: LeagueDialogProps) {
  const [wasOpen, setWasOpen] = useState(false);
  const [opening, setOpening] = useState<{ key: number; initial: LeagueFormValues | null } | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpening({ key: (opening?.key ?? 0) + 1, initial });
  }
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="league-dialog-title">
      {opening && (
        <LeagueForm
          key={opening.key}
          initial={opening.initial}
          stores={stores}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      )}
    </Dialog>
  );
}

function LeagueForm({ initial, stores, onClose, onSubmit }: Omit<LeagueDialogProps, 'open'>) {
  const [values, setValues] = useState<LeagueFormValues>(initial ?? EMPTY_LEAGUE_FORM);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = initial !== null;
  // The message goes as soon as the form is fixed, not at the next submit (issue 14 item 14).
  const set =
    <K extends keyof LeagueFormValues>(key: K) =>
    (value: LeagueFormValues[K]) => {
      const next = { ...values, [key]: value };
      setValues(next);
      if (error !== null && validateLeague(next) === null) setError(null);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLeague(values);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    const refusal = await onSubmit(values);
    setSaving(false);
    setError(refusal);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
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
            value={values.storeId ?? ''}
            onChange={(e) => set('storeId')(Number(e.target.value))}
            required
            fullWidth
          >
            {stores.map((store) => (
              <MenuItem key={store.id} value={store.id}>
                <StoreMark name={store.name} logoUrl={store.logoUrl} size={28} />
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
        <Button type="submit" variant="contained" disabled={saving}>
          {editing ? 'Guardar Cambios' : 'Crear Liga'}
        </Button>
      </DialogActions>
    </form>
  );
}
