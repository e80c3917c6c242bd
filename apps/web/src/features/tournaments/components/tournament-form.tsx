import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  BEST_OF,
  PLAYER_CAP_MAX,
  TOP_CUTS,
  TOURNAMENT_TIERS,
  TOURNAMENT_TYPE_LABELS,
  TOURNAMENT_TYPES,
  type BestOf,
  type TopCut,
  type TournamentTier,
  type TournamentType,
} from '@mitos/domain/tournament-rules';
import { DayPickerField } from '../../../components/day-picker-field';
import { GrowingTextField } from '../../../lib/growing-text';
import { TimeOfDayField } from './time-of-day-field';
import {
  EMPTY_TOURNAMENT_FORM,
  validateTournamentForm,
  type TournamentFormErrors,
  type TournamentFormValues,
} from '../tournament-view';
import type { TournamentFormDialogProps } from './tournament-form-dialog';
import { TournamentFormTitle } from './tournament-form-title';

const BEST_OF_LABELS: Record<BestOf, string> = { 1: 'Al mejor de 1', 3: 'Al mejor de 3' };
const TOP_CUT_LABELS: Record<TopCut, string> = { 0: 'Sin corte', 4: 'Top 4', 8: 'Top 8' };
const TIER_HELP: Record<TournamentTier, string> = {
  Torneo: 'Sus partidas suman puntos de Torneo',
  Arena: 'Un evento más chico: sus partidas suman puntos de Arena',
};

/** The form of Crear Torneo / Editar torneo, inside its dialog (tournament-form-dialog). */
export function TournamentForm({
  initial,
  stores,
  started = false,
  onClose,
  onSubmit,
}: TournamentFormDialogProps) {
  const editing = initial !== null;
  const [values, setValues] = useState<TournamentFormValues>(
    () => initial ?? { ...EMPTY_TOURNAMENT_FORM, storeId: stores.length === 1 ? stores[0]!.id : null },
  );
  const [errors, setErrors] = useState<TournamentFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // A field's message goes as soon as the field is fixed, not at the next submit (issue 14 item 14).
  const set = <K extends keyof TournamentFormValues>(key: K, value: TournamentFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (Object.keys(errors).length === 0) return;
    const check = validateTournamentForm(next);
    const still = check.ok ? {} : check.errors;
    setErrors((shown) => {
      const kept: TournamentFormErrors = {};
      for (const field of Object.keys(shown) as (keyof TournamentFormValues)[]) {
        if (still[field]) kept[field] = still[field];
      }
      return kept;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const check = validateTournamentForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const refused = await onSubmit(check.input);
    setSaving(false);
    setRefusal(refused);
  };

  const swiss = values.type === 'swiss';
  const field = (key: keyof TournamentFormValues) => ({
    error: Boolean(errors[key]),
    helperText: errors[key],
  });

  return (
    // A flex column that may shrink: the fields scroll between the title and the buttons, which
    // stay in view on a phone.
    <Box
      component="form"
      onSubmit={(e: FormEvent) => void submit(e)}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
    >
      <TournamentFormTitle editing={editing} />
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {refusal && <Alert severity="error">{refusal}</Alert>}
          <TextField
            label="Nombre del Torneo"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            {...field('name')}
            required
            autoFocus
            fullWidth
          />
          <TextField
            select
            label="Tienda"
            value={values.storeId ?? ''}
            onChange={(e) => set('storeId', Number(e.target.value))}
            {...field('storeId')}
            disabled={started}
            required
            fullWidth
          >
            {stores.map((store) => (
              <MenuItem key={store.id} value={store.id}>
                {store.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Tipo de Torneo"
            value={values.type}
            onChange={(e) => set('type', e.target.value as TournamentType)}
            disabled={started}
            fullWidth
          >
            {TOURNAMENT_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {TOURNAMENT_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' } }}>
            <DayPickerField
              label="Fecha de Inicio"
              value={values.startDate}
              onChange={(value) => set('startDate', value)}
              {...field('startDate')}
              required
              fullWidth
            />
            <TimeOfDayField
              label="Hora de inicio"
              value={values.startTime}
              onChange={(value) => set('startTime', value)}
              {...field('startTime')}
              required
              fullWidth
            />
          </Box>
          <GrowingTextField
            label="Reglas (opcional)"
            value={values.rules}
            onChange={(e) => set('rules', e.target.value)}
            {...field('rules')}
            helperText={errors.rules ?? 'Admite Markdown: **negrita**, listas y enlaces'}
            minRows={3}
            fullWidth
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label="Cupo de jugadores"
              value={values.playerCap}
              onChange={(e) => set('playerCap', e.target.value)}
              {...field('playerCap')}
              disabled={started}
              slotProps={{ htmlInput: { inputMode: 'numeric', min: 2, max: PLAYER_CAP_MAX } }}
              fullWidth
            />
            <TextField
              select
              label="Partidas"
              value={values.bestOf}
              onChange={(e) => set('bestOf', Number(e.target.value) as BestOf)}
              disabled={started}
              fullWidth
            >
              {BEST_OF.map((n) => (
                <MenuItem key={n} value={n}>
                  {BEST_OF_LABELS[n]}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            select
            label="Tipo de partida"
            value={values.tier}
            onChange={(e) => set('tier', e.target.value as TournamentTier)}
            helperText={TIER_HELP[values.tier]}
            disabled={started}
            fullWidth
          >
            {TOURNAMENT_TIERS.map((tier) => (
              <MenuItem key={tier} value={tier}>
                {tier}
              </MenuItem>
            ))}
          </TextField>
          {swiss && (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                label="Rondas del suizo (opcional)"
                value={values.swissRounds}
                onChange={(e) => set('swissRounds', e.target.value)}
                {...field('swissRounds')}
                helperText={errors.swissRounds ?? 'Vacío: según la cantidad de jugadores'}
                disabled={started}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                fullWidth
              />
              <TextField
                select
                label="Corte a eliminación"
                value={values.topCut}
                onChange={(e) => set('topCut', Number(e.target.value) as TopCut)}
                disabled={started}
                fullWidth
              >
                {TOP_CUTS.map((n) => (
                  <MenuItem key={n} value={n}>
                    {TOP_CUT_LABELS[n]}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          )}
          <FormControlLabel
            control={
              <Switch
                checked={values.registrationOpen}
                onChange={(e) => set('registrationOpen', e.target.checked)}
                disabled={started}
              />
            }
            label="Inscripción abierta"
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {editing ? 'Guardar Cambios' : 'Crear Torneo'}
        </Button>
      </DialogActions>
    </Box>
  );
}
