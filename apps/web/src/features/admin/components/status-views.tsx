import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { LoadError as SharedLoadError } from '../../../components/load-error';
import { ADMIN_MSG } from '../admin-rules';

/** A load that failed: the SPEC's text and a retry. */
export function LoadError({ onRetry }: { onRetry(): void }) {
  return <SharedLoadError onRetry={onRetry} message={ADMIN_MSG.loadError} sx={{ mb: 2 }} />;
}

/**
 * Someone who may not use the screen: said where they are, with the way back (a 403 is shown,
 * never sent to /login: decision 011).
 */
export function NoAccess({
  title = 'No tienes acceso a la administración',
  text = 'La administración es para los organizadores de tiendas y los administradores.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <PageTitle title={title} />
      <Typography variant="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        {text}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Volver a Inicio
      </Button>
    </Box>
  );
}
