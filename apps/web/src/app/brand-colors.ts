/**
 * The dark theme's page colours, shared by the MUI theme and the build (the web app manifest's
 * theme and background colours, the maskable and Apple icons' background).
 */
export const BRAND_COLORS = {
  background: '#0b1220',
  paper: '#131c31',
  primary: '#4f8cff',
} as const;
