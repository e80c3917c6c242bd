import { lazy, Suspense } from 'react';
import { Skeleton } from '@mui/material';

export interface DayFieldProps {
  label: string;
  /** YYYY-MM-DD, '' when empty or not a real day. */
  value: string;
  onChange(value: string): void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
}

/**
 * The date picker and its Spanish localization (about 47 kB gzipped) load on their own, not
 * with the screen that shows a day field: the admin's Ligas, Resultados and Temporadas draw
 * first, the field a moment later (docs/decisions/041).
 */
const DayPickerField = lazy(() => import('./day-picker-field').then((m) => ({ default: m.DayPickerField })));

/**
 * A day, written DD/MM/YYYY in Spanish (see DayPickerField). Until the picker has loaded, a
 * placeholder of the field's size says what is coming. A form that opens on demand and loads on
 * its own (the tournament form) imports DayPickerField itself.
 */
export function DayField(props: DayFieldProps) {
  return (
    <Suspense fallback={<DayFieldLoading {...props} />}>
      <DayPickerField {...props} />
    </Suspense>
  );
}

function DayFieldLoading({ label, fullWidth, size }: DayFieldProps) {
  return (
    <Skeleton
      variant="rounded"
      role="progressbar"
      aria-label={`Cargando ${label}`}
      height={size === 'small' ? 40 : 56}
      sx={{ width: fullWidth ? '100%' : 'auto', minWidth: 220, maxWidth: '100%' }}
    />
  );
}
