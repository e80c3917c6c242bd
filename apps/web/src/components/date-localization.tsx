import type { ReactNode } from 'react';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { esES } from '@mui/x-date-pickers/locales';
import '../lib/dates';

// The pickers' Spanish texts live here rather than in the app theme, so they load with them.
const localeText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * Wrap a screen that uses MUI date pickers in this, rather than the whole app: the pickers
 * then load with that screen's chunk and stay out of the first download.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es" localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}
