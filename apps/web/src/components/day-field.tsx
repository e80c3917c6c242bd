import { TextField, type TextFieldProps } from '@mui/material';
import { LIMITS } from '@mitos/domain/constants';

export type DayFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'slotProps'> & {
  /** YYYY-MM-DD, '' when empty. */
  value: string;
  onChange(value: string): void;
};

/** A labelled day input bounded to 1900–2099 (SPEC §9); the browser's own picker keeps it light. */
export function DayField({ value, onChange, ...props }: DayFieldProps) {
  return (
    <TextField
      {...props}
      type="date"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: LIMITS.minDate, max: LIMITS.maxDate } }}
    />
  );
}
