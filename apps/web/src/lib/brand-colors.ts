/**
 * The dark theme's page colours, shared by the MUI theme and the build (the web app manifest's
 * theme and background colours, the maskable and Apple icons' background).
 */
export const BRAND_COLORS = {
  background: '#0b1220',
  paper: '#131c31',
  primary: '#4f8cff',
} as const;

/**
 * The rest of the dark theme's palette (app/theme builds MUI's palette from these), for the styles
 * serialized once when a module loads, which cannot read the theme (components/match-card).
 */
export const PALETTE = {
  secondary: '#f5c542',
  success: '#43c26b',
  info: '#3fa7f5',
  warning: '#ff9b3d',
  error: '#ff5a5f',
  text: { primary: '#e8edf7', secondary: '#a9b4cc' },
  divider: 'rgba(169, 180, 204, 0.16)',
} as const;
