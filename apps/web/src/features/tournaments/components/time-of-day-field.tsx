import { useState } from 'react';
import type { Dayjs } from 'dayjs';
import { TimeField } from '@mui/x-date-pickers/TimeField';
import { DateLocalization } from '../../../components/date-localization';
import { dayjs } from '../../../lib/dates';

export interface TimeOfDayFieldProps {
  label: string;
  /** HH:MM, '' while incomplete. */
  value: string;
  onChange(value: string): void;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  fullWidth?: boolean;
}

/** The time of an HH:MM string on any day (only its hours and minutes matter), or null. */
function timeOf(value: string): Dayjs | null {
  if (!/^\d{2}:\d{2}$/.test(value)) return null;
  const time = dayjs(`2000-01-01T${value}`);
  return time.isValid() ? time : null;
}

/**
 * A time of day written 24-hour HH:mm whatever the browser's language (as the DayField writes
 * days DD/MM/YYYY): a native time input would show "06:00 PM" in an English browser. The form
 * sees an HH:MM string, '' until the time typed is complete.
 */
export function TimeOfDayField({
  label,
  value,
  onChange,
  error,
  helperText,
  required,
  fullWidth,
}: TimeOfDayFieldProps) {
  const [typed, setTyped] = useState<Dayjs | null>(() => timeOf(value));
  return (
    <DateLocalization>
      <TimeField
        label={label}
        value={typed}
        format="HH:mm"
        ampm={false}
        onChange={(time) => {
          setTyped(time);
          onChange(time && time.isValid() ? time.format('HH:mm') : '');
        }}
        error={error}
        helperText={helperText}
        required={required}
        fullWidth={fullWidth}
      />
    </DateLocalization>
  );
}
