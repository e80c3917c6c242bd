/**
 * The boot's second stage (src/boot.ts): MUI's styling (Emotion, the theme's functions, the
 * baseline) and the layout's boxes, which the app's frame renders with.
 */
export { Box, CssBaseline, ThemeProvider, createTheme } from '@mui/material';
