import { createTheme } from '@mui/material/styles';
import { esES } from '@mui/material/locale';
import { LAYOUT } from '../lib/ui-constants';
import { BRAND_COLORS } from './brand-colors';

/** Dark theme, primary blue and secondary gold (SPEC §1, §9). */
export const theme = createTheme(
  {
    palette: {
      mode: 'dark',
      primary: { main: BRAND_COLORS.primary, contrastText: '#0b1220' },
      secondary: { main: '#f5c542', contrastText: '#1a1405' },
      background: { default: BRAND_COLORS.background, paper: BRAND_COLORS.paper },
      success: { main: '#43c26b' },
      info: { main: '#3fa7f5' },
      warning: { main: '#ff9b3d' },
      error: { main: '#ff5a5f', contrastText: '#0b1220' },
      text: { primary: '#e8edf7', secondary: '#a9b4cc' },
      divider: 'rgba(169, 180, 204, 0.16)',
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
    },
  },
  esES,
);
