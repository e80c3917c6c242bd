import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';
import { LAYOUT } from '../lib/ui-constants';
import { BRAND_COLORS, PALETTE } from '../lib/brand-colors';

/** How every button shows it is pressed and that it has the keyboard's focus, without a ripple. */
export const BUTTON_STATES = {
  '&:active:not(.Mui-disabled)': {
    backgroundImage: 'linear-gradient(rgb(255 255 255 / 0.14), rgb(255 255 255 / 0.14))',
  },
  '&.Mui-focusVisible': { outline: `2px solid ${BRAND_COLORS.primary}`, outlineOffset: 2 },
} as const;

/** Dark theme, primary blue and secondary gold (SPEC §1, §9). */
const buildTheme = () =>
  createTheme(
    {
      palette: {
        mode: 'dark',
        primary: { main: BRAND_COLORS.primary, contrastText: '#0b1220' },
        secondary: { main: PALETTE.secondary, contrastText: '#1a1405' },
        background: { default: BRAND_COLORS.background, paper: BRAND_COLORS.paper },
        success: { main: PALETTE.success },
        info: { main: PALETTE.info },
        warning: { main: PALETTE.warning },
        error: { main: PALETTE.error, contrastText: '#0b1220' },
        text: PALETTE.text,
        divider: PALETTE.divider,
      },
      shape: { borderRadius: 12 },
      typography: {
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
        h1: { fontSize: '1.75rem', fontWeight: 700 },
        h2: { fontSize: '1.5rem', fontWeight: 700 },
        h3: { fontSize: '1.25rem', fontWeight: 700 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } },
        MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
        MuiToolbar: { styleOverrides: { root: { minHeight: LAYOUT.topBarHeight } } },
        // No ripple (decision 052): a press is drawn by CSS alone, a tint while the finger or the
        // button is down, and the keyboard's focus by an outline, where MUI's ripple rendered
        // React twice per tap (on the touch and on its release).
        MuiButtonBase: {
          defaultProps: { disableRipple: true },
          styleOverrides: { root: BUTTON_STATES },
        },
        // A switch's button is clipped by its track: its focus is drawn around the thumb instead.
        MuiSwitch: {
          styleOverrides: {
            switchBase: {
              '&.Mui-focusVisible': { outline: 'none' },
              '&.Mui-focusVisible .MuiSwitch-thumb': BUTTON_STATES['&.Mui-focusVisible'],
            },
          },
        },
      },
    },
    esES,
  );

let built: ReturnType<typeof buildTheme> | undefined;

/**
 * The theme, built at its first use (the providers' first render, which React runs in slices)
 * rather than while the entry's modules run: one long task fewer milliseconds on a phone.
 */
export function appTheme() {
  return (built ??= buildTheme());
}
