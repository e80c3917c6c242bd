import { TextField, type TextFieldProps } from '@mui/material';

/** Whether the browser grows a text area with its text by itself (CSS `field-sizing: content`). */
const NATIVE_FIELD_SIZING =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

export type GrowingTextFieldProps = Omit<TextFieldProps, 'multiline' | 'rows' | 'minRows' | 'maxRows'> & {
  minRows: number;
  maxRows?: number;
  /** Tests only: whether the browser can (by default, what it says). */
  nativeFieldSizing?: boolean;
};

/**
 * A multiline TextField that grows with its text from `minRows` up to `maxRows` lines (then
 * scrolls). Where the browser can, CSS grows it, on a plain text area: MUI's own autosize
 * (TextareaAutosize) measures a hidden copy of the text area while React commits the screen, a
 * layout of the whole page inside the commit's task (on /decks, 24 ms unthrottled on the bench's
 * machine; docs/decisions/047). Elsewhere MUI's autosize does it, as before.
 */
export function GrowingTextField({
  minRows,
  maxRows,
  nativeFieldSizing = NATIVE_FIELD_SIZING,
  slotProps,
  sx,
  ...props
}: GrowingTextFieldProps) {
  if (!nativeFieldSizing) {
    return (
      <TextField {...props} multiline minRows={minRows} maxRows={maxRows} slotProps={slotProps} sx={sx} />
    );
  }
  const input = typeof slotProps?.input === 'object' ? slotProps.input : {};
  const htmlInput = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};
  return (
    <TextField
      {...props}
      multiline
      rows={minRows}
      slotProps={{
        ...slotProps,
        // A text area of the page's own: MUI takes any multiline field's to TextareaAutosize.
        input: { ...input, inputComponent: 'textarea' },
        htmlInput: { ...htmlInput, type: undefined },
      }}
      sx={[
        {
          '& textarea': {
            fieldSizing: 'content',
            minHeight: `${minRows}lh`,
            ...(maxRows === undefined ? {} : { maxHeight: `${maxRows}lh` }),
          },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
