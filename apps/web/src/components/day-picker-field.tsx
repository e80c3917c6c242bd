import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LIMITS } from '@mitos/domain/constants';
import { dayjs, isIsoDay } from '../lib/dates';
import { DateLocalization } from './date-localization';
import type { DayFieldProps } from './day-field';

const MIN_DAY = dayjs(LIMITS.minDate);
const MAX_DAY = dayjs(LIMITS.maxDate);

/** YYYY-MM-DD of a complete, real day within the bounds, else ''. */
function isoOf(day: Dayjs | null): string {
  if (!day || !day.isValid()) return '';
  const iso = day.format('YYYY-MM-DD');
  return isIsoDay(iso) ? iso : '';
}

/**
 * A day, written DD/MM/YYYY in Spanish whatever the browser's language (issue 14 item 14): the
 * same MUI date picker as the home search, bounded to 1900–2099 (SPEC §9). The form sees a
 * YYYY-MM-DD string, '' until the day typed is complete and real. Loaded with the module that
 * imports it; DayField (day-field.tsx) loads it on demand.
 */
export function DayPickerField({
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  fullWidth,
  size,
}: DayFieldProps) {
  // The picker keeps what is being typed (an incomplete day) while the form only sees whole days.
  const [typed, setTyped] = useState<Dayjs | null>(() => (isIsoDay(value) ? dayjs(value) : null));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The form changed the value itself (a reset, an edit dialog opening).
    setShown(value);
    if (value !== isoOf(typed)) setTyped(isIsoDay(value) ? dayjs(value) : null);
  }

  return (
    <DateLocalization>
      <DatePicker
        label={label}
        value={typed}
        format="DD/MM/YYYY"
        minDate={MIN_DAY}
        maxDate={MAX_DAY}
        onChange={(day) => {
          setTyped(day);
          const iso = isoOf(day);
          setShown(iso);
          onChange(iso);
        }}
        slotProps={{ textField: { error, helperText, required, fullWidth, size } }}
      />
    </DateLocalization>
  );
}
