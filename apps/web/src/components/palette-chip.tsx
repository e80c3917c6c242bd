import type { CSSProperties } from 'react';
import { Chip, type ChipProps } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import type { BadgeColor } from '@mitos/domain/constants';

/** A chip's palette colour: the badges' (BadgeColor) and the theme's primary and secondary. */
export type ChipColour = BadgeColor | 'primary' | 'secondary';

/**
 * A chip in a palette colour, the colour set on its element: every such chip shares the one class
 * of its variant and size, where a `color` made each colour a class of its own with all of the
 * chip's 10–26 rules inserted again (docs/benchmarks.md, sessions 31 and 50). Filled and small
 * unless told. Filled, the colour is its background and the colour's contrast text its text;
 * outlined, the colour is its text and, at 70 %, its border, as MUI draws a coloured chip. An icon
 * keeps its own colour (give it `color: inherit` to take the chip's). The rest of a chip's props
 * (a tooltip's handlers and ref among them) pass through. Only for chips that are not clickable
 * (the colour's hover and focus shades are not set).
 */
export function PaletteChip({
  color,
  variant = 'filled',
  size = 'small',
  style,
  ...chip
}: Omit<ChipProps, 'color' | 'variant'> & { color: ChipColour; variant?: 'filled' | 'outlined' }) {
  const { palette } = useTheme();
  let colour: CSSProperties | undefined;
  if (color !== 'default') {
    const { main, contrastText } = palette[color];
    colour =
      variant === 'outlined'
        ? { color: main, borderColor: alpha(main, 0.7) }
        : { backgroundColor: main, color: contrastText };
  }
  return <Chip {...chip} variant={variant} size={size} style={colour ? { ...style, ...colour } : style} />;
}
