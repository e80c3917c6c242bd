import { describe, expect, it } from 'vitest';
import { appTheme } from './theme';
import unused, { CssVarsProvider } from '../../build/mui-css-variables-unused';

const theme = appTheme();

describe('theme', () => {
  // The production build leaves out MUI's code for themes on CSS variables (vite.config.ts,
  // muiWithoutCssVariables): MUI's createTheme and ThemeProvider reach it only for a theme with
  // `cssVariables` or `colorSchemes`, which would then fail at start.
  it('is built without CSS variables or color schemes', () => {
    expect('vars' in theme).toBe(false);
    expect('colorSchemes' in theme).toBe(false);
    expect(theme.palette.mode).toBe('dark');
  });

  it('draws a press and the keyboard focus with CSS, without the ripple that renders on every tap', () => {
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(theme.components?.MuiButtonBase?.styleOverrides?.root).toMatchObject({
      '&:active:not(.Mui-disabled)': { backgroundImage: expect.stringContaining('linear-gradient') },
      '&.Mui-focusVisible': { outline: expect.stringContaining('2px solid') },
    });
  });

  it("the build's stand-in for MUI's CSS-variables code says what was left out if called", () => {
    expect(() => unused()).toThrow(/CSS variables/);
    expect(() => CssVarsProvider()).toThrow(/muiWithoutCssVariables/);
  });
});
