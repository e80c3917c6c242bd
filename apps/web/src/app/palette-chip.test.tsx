import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { appTheme } from './theme';
import { PaletteChip } from '../components/palette-chip';
import { rgb } from '../test/colours';

const theme = appTheme();

/** The chip's root element, its class and its colours as drawn. */
function drawn(
  label: string,
  color: Parameters<typeof PaletteChip>[0]['color'],
  variant: 'filled' | 'outlined' = 'filled',
) {
  const { unmount } = render(
    <ThemeProvider theme={theme}>
      <PaletteChip label={label} color={color} variant={variant} />
    </ThemeProvider>,
  );
  const chip = screen.getByText(label).closest('.MuiChip-root') as HTMLElement;
  const look = {
    className: chip.className,
    background: chip.style.backgroundColor,
    text: chip.style.color,
    border: chip.style.borderColor,
  };
  unmount();
  return look;
}

describe('PaletteChip', () => {
  it('draws each palette colour on chips of one shared class', () => {
    const chips = [
      drawn('Aprobada', 'success'),
      drawn('Pendiente', 'warning'),
      drawn('Rechazada', 'error'),
      drawn('Amistoso c/ Arbitro', 'info'),
    ];
    expect(new Set(chips.map((c) => c.className)).size).toBe(1);
    expect(chips.map((c) => c.background)).toEqual(
      [theme.palette.success, theme.palette.warning, theme.palette.error, theme.palette.info].map((p) =>
        rgb(p.main),
      ),
    );
    // The text takes each colour's contrast text, as MUI's coloured chips do (dark on these).
    expect(chips[2]!.text).toBe(rgb(theme.palette.error.contrastText));
    expect(chips.every((c) => c.text !== '')).toBe(true);
  });

  it('draws outlined chips of every colour, the secondary too, on the one class of an outlined chip', () => {
    const chips = [
      drawn('Provisional', 'warning', 'outlined'),
      drawn('Por defecto', 'secondary', 'outlined'),
      drawn('MVP', 'success', 'outlined'),
      drawn('Amistoso', 'default', 'outlined'),
    ];
    expect(new Set(chips.map((c) => c.className)).size).toBe(1);
    expect(chips[0]!.className).toContain('MuiChip-outlined');
    expect(chips[0]!.className).not.toBe(drawn('Aprobada', 'success').className);
    // The colour is the text, and at 70 % the border, as MUI's coloured outlined chips have it.
    expect(chips.slice(0, 3).map((c) => c.text)).toEqual(
      [theme.palette.warning, theme.palette.secondary, theme.palette.success].map((p) => rgb(p.main)),
    );
    expect(chips[1]!.border).toBe(
      `${rgb(theme.palette.secondary.main).replace('rgb', 'rgba').slice(0, -1)}, 0.7)`,
    );
    expect(chips.every((c) => c.background === '')).toBe(true);
    // The default colour is the outlined chip's own.
    expect(chips[3]!.text).toBe('');
    expect(chips[3]!.border).toBe('');
  });

  it('leaves the default colour to the filled chip itself, in the same class', () => {
    const plain = drawn('Cancelada', 'default');
    expect(plain.background).toBe('');
    expect(plain.className).toBe(drawn('Aprobada', 'success').className);
  });

  it("passes a chip's other props through and keeps a caller's style beside the colour", () => {
    render(
      <ThemeProvider theme={theme}>
        <PaletteChip
          label="Aprobada"
          color="success"
          size="medium"
          style={{ minWidth: 96 }}
          data-testid="chip"
        />
        <PaletteChip label="Cancelada" color="default" style={{ minWidth: 80 }} />
      </ThemeProvider>,
    );
    const chip = screen.getByTestId('chip');
    expect(chip).toHaveClass('MuiChip-sizeMedium');
    expect(chip.style.minWidth).toBe('96px');
    expect(chip.style.backgroundColor).toBe(rgb(theme.palette.success.main));
    const plain = screen.getByText('Cancelada').closest('.MuiChip-root') as HTMLElement;
    expect(plain.style.minWidth).toBe('80px');
  });
});
