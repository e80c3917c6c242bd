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
import { TOURNAMENT_TYPES, TOURNAMENT_TYPE_LABELS, type TournamentType } from '../tournament';
import {
  EMPTY_TOURNAMENT_FORM,
  TOURNAMENT_MSG,
  validateTournamentForm,
  type TournamentFormErrors,
  type TournamentFormValues,
} from '../tournament-rules';

export interface CreateTournamentDialogProps {
  open: boolean;
  onClose(): void;
  /** Creates the tournament; false when it could not be stored. */
  onCreate(values: TournamentFormValues): boolean;
}

export function CreateTournamentDialog({ open, onClose, onCreate }: CreateTournamentDialogProps) {
  const [values, setValues] = useState(EMPTY_TOURNAMENT_FORM);
  const [errors, setErrors] = useState<TournamentFormErrors>({});
  const [saveError, setSaveError] = useState(false);

  const close = () => {
    setValues(EMPTY_TOURNAMENT_FORM);
    setErrors({});
    setSaveError(false);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTournamentForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (onCreate(values)) {
      setValues(EMPTY_TOURNAMENT_FORM);
      setSaveError(false);
    } else {
      setSaveError(true);
    }
  };

  // A field's message goes as soon as the field is fixed, not at the next submit (issue 14 item 14).
  const set = <K extends keyof TournamentFormValues>(key: K, value: TournamentFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (key in errors) {
      const found = validateTournamentForm(next);
      setErrors((shown) => {
        const kept = { ...shown };
        if (found[key as keyof TournamentFormErrors]) return kept;
        delete kept[key as keyof TournamentFormErrors];
        return kept;
      });
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-tournament-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-tournament-title">Crear Torneo</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {saveError && <Alert severity="error">{TOURNAMENT_MSG.createError}</Alert>}
            <TextField
              label="Nombre del Torneo"
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              required
              autoFocus
              fullWidth
            />
            <TextField
              select
              label="Tipo de Torneo"
              value={values.type}
              onChange={(e) => set('type', e.target.value as TournamentType)}
              fullWidth
            >
              {TOURNAMENT_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {TOURNAMENT_TYPE_LABELS[type]}
                </MenuItem>
              ))}
            </TextField>
            <DayField
              label="Fecha de Inicio"
              value={values.startDate}
              onChange={(value) => set('startDate', value)}
              error={Boolean(errors.startDate)}
              helperText={errors.startDate}
              required
              fullWidth
            />
            <TextField
              label="Reglas (opcional)"
              value={values.rules}
              onChange={(e) => set('rules', e.target.value)}
              multiline
              minRows={3}
              fullWidth
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Cancelar</Button>
          <Button type="submit" variant="contained">
            Crear Torneo
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
