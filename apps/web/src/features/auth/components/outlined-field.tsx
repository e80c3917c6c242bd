import {
  useId,
  type Ref,
  type ChangeEventHandler,
  type FocusEventHandler,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

export interface OutlinedFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The input element: the forms focus their first field through it (useFocusAfterPaint). */
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  fullWidth?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
}

/**
 * An outlined text field with TextField's markup, look, ids and aria (label `for`, helper text
 * as `aria-describedby`), built from its parts: TextField itself also brings its select mode
 * (Select, Menu, Popover, Modal), which the sign-in forms never use, into their first download.
 */
export function OutlinedField({
  label,
  helperText,
  error = false,
  required = false,
  fullWidth = false,
  inputMode,
  ...input
}: OutlinedFieldProps) {
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      error={error}
      required={required}
      fullWidth={fullWidth}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        inputProps={inputMode ? { inputMode } : undefined}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
