import { Alert, Button } from '@mui/material';
import { Link } from 'react-router';

/** Nothing can be run without a store: an admin creates the first, an organiser asks for theirs to open. */
export function NoStores({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button component={Link} to="/torneos/tiendas" color="inherit" size="small">
          Crea la primera tienda
        </Button>
      }
    >
      Todavía no hay tiendas activas: las ligas y los resultados pertenecen a una tienda.
    </Alert>
  ) : (
    <Alert severity="info" sx={{ mb: 2 }}>
      Tus tiendas no están activas: pide a un administrador que las abra.
    </Alert>
  );
}
