import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';

export default function NotFoundPage() {
  return (
    <Box sx={{ p: 3, textAlign: 'center' }}>
      <PageTitle title="Página no encontrada" />
      <Typography variant="h1" gutterBottom>
        Página no encontrada
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2 }}>
        La dirección que buscas no existe.
      </Typography>
      <Button component={Link} to="/" variant="contained">
        Volver al inicio
      </Button>
    </Box>
  );
}
