const variant = process.argv[2];
const t0 = performance.now();
const { createTheme } = await import('@mui/material/styles');
const { esES } = await import('@mui/material/locale');
const t1 = performance.now();
const palette = {
  mode: 'dark',
  primary: { main: '#4f8cff', contrastText: '#0b1220' },
  secondary: { main: '#f5c542', contrastText: '#1a1405' },
  background: { default: '#0b1220', paper: '#131c31' },
  success: { main: '#43c26b' }, info: { main: '#3fa7f5' }, warning: { main: '#ff9b3d' },
  error: { main: '#ff5a5f', contrastText: '#0b1220' },
  text: { primary: '#e8edf7', secondary: '#a9b4cc' }, divider: 'rgba(169, 180, 204, 0.16)',
};
const opts = { palette, shape: { borderRadius: 12 }, typography: { fontFamily: 'system-ui', h1: { fontSize: '1.75rem', fontWeight: 700 }, button: { textTransform: 'none', fontWeight: 600 } },
  components: { MuiAppBar: { styleOverrides: { root: { backgroundImage: 'none' } } }, MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } } } };
const t2 = performance.now();
const theme = variant === 'nolocale' ? createTheme(opts) : createTheme(opts, esES);
const t3 = performance.now();
createTheme(opts, esES);
const t4 = performance.now();
console.log(variant, 'import', (t1 - t0).toFixed(1), 'first createTheme', (t3 - t2).toFixed(1), 'second', (t4 - t3).toFixed(1));
