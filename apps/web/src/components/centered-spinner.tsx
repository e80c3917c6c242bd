import { Box, CircularProgress } from '@mui/material';

/** A page-high spinner while a screen's data (or the session) loads. */
export function CenteredSpinner({ label = 'Cargando' }: { label?: string }) {
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
