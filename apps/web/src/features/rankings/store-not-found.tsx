import { Alert, Button } from '@mui/material';
import { Link } from 'react-router';

export function StoreNotFound() {
  return (
    <Alert
      severity="error"
      action={
        <Button component={Link} to="/torneos/tiendas" color="inherit" size="small">
          Ver tiendas
        </Button>
      }
    >
      Tienda no encontrada
    </Alert>
  );
}
