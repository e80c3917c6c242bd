import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Container,
  Skeleton,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import PlaceIcon from '@mui/icons-material/Place';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { StoreLogo } from '../../components/store-logo';
import { useCommunityMe, useStores } from '../../api/community';
import { storeLocation } from './ranking';
import { StoreDialog } from './components/store-dialog';
import { LoadError } from '../../components/load-error';

const grid = {
  m: 0,
  p: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
} as const;

/** Tiendas Participantes: the active stores, each to its page; admins add stores here. */
export default function StoresPage() {
  const stores = useStores();
  const isAdmin = useCommunityMe().data?.isAdmin === true;
  const [creating, setCreating] = useState(false);
  const newStore = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
      Nueva Tienda
    </Button>
  );

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading
        title="Tiendas Participantes"
        backTo="/torneos"
        actions={isAdmin && stores.data && stores.data.length > 0 ? newStore : undefined}
      />
      {stores.isPending && (
        <Box sx={grid} aria-busy aria-label="Cargando tiendas">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ aspectRatio: '3 / 4', height: 'auto' }} />
          ))}
        </Box>
      )}
      {stores.isError && <LoadError onRetry={() => void stores.refetch()} />}
      {stores.data?.length === 0 &&
        (isAdmin ? (
          <Box sx={{ py: 3, textAlign: 'center', display: 'grid', gap: 2, justifyItems: 'center' }}>
            <Typography variant="h2">Crea la primera tienda</Typography>
            <Typography color="textSecondary">
              Las tiendas reúnen a sus jugadores, sus ligas y su ranking de la temporada.
            </Typography>
            {newStore}
          </Box>
        ) : (
          <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
            Todavía no hay tiendas participantes. Cuando un administrador agregue una, aparecerá aquí.
          </Typography>
        ))}
      {stores.data && stores.data.length > 0 && (
        <Box component="ul" sx={grid}>
          {stores.data.map((store) => (
            <Card key={store.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
              <CardActionArea component={Link} to={`/torneos/tiendas/${store.id}`} sx={{ height: '100%' }}>
                <Box
                  sx={{
                    aspectRatio: '1',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    p: 2,
                    bgcolor: 'rgba(255,255,255,0.03)',
                  }}
                >
                  <StoreLogo store={store} size={96} sx={{ width: '100%', height: '100%', maxWidth: 160 }} />
                </Box>
                <CardContent sx={{ p: 1.5 }}>
                  <Typography
                    component="h2"
                    sx={{ fontWeight: 700, fontSize: '1rem', overflowWrap: 'anywhere' }}
                  >
                    {store.name}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="textSecondary"
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 0.5,
                      mt: 0.5,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    <PlaceIcon sx={{ fontSize: 16, flexShrink: 0 }} aria-hidden /> {storeLocation(store)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
      {creating && <StoreDialog store={null} onClose={() => setCreating(false)} />}
    </Container>
  );
}
