/**
 * The boot's second stage (src/boot.ts): MUI's styling (Emotion, the theme's functions, the
 * baseline) and the layout's boxes, which the app's frame renders with. Nothing imports these
 * names from here: they are exported so that the bundler keeps the modules that hold them in this
 * stage's file (vite.config.ts's `ui` group); MUI says it has no side effects, so a bare import
 * would be dropped.
 */
export { Box, CssBaseline, ThemeProvider, createTheme } from '@mui/material';
