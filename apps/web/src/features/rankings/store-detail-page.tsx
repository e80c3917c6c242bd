import { useState } from 'react';
import { Box, Button, Container, Paper, Skeleton, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PlaceIcon from '@mui/icons-material/Place';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { Link, useParams } from 'react-router';
import type { TCommunityMe, TStore } from '@mitos/domain/community';
import { PageHeading } from '../../components/page-heading';
import { StoreLogo } from '../../components/store-logo';
import { useCommunityMe, useStore } from '../../api/community';
import { isNotFound, parseStoreId, storeLocation } from './ranking';
import { StoreNotFound } from './store-not-found';
import { RankingView } from './components/ranking-view';
import { StoreDialog } from './components/store-dialog';
import { StoreLeagues } from './components/store-leagues';
import { LoadError } from '../../components/load-error';

/** Admins edit every store; an organiser edits theirs. */
export function editsStore(me: TCommunityMe | undefined, storeId: number): boolean {
  return me !== undefined && (me.isAdmin || me.organises.some((s) => s.id === storeId));
}

function StoreCard({ store, canEdit }: { store: TStore; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <StoreLogo store={store} size={96} />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Typography variant="h2" component="p" sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}>
          {store.name}
        </Typography>
        <Typography color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
          <PlaceIcon fontSize="small" aria-hidden /> {storeLocation(store)}
        </Typography>
        {store.address && (
          <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {store.address}
          </Typography>
        )}
        {!store.active && (
          <Typography variant="body2" color="warning" sx={{ mt: 0.5 }}>
            Esta tienda ya no participa: se muestran sus resultados pasados.
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
        <Button
          component={Link}
          to={`/torneos/tiendas/${store.id}/resultados`}
          variant="contained"
          startIcon={<SportsEsportsIcon />}
          sx={{ flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
        >
          Ver Partidas
        </Button>
        {canEdit && (
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={() => setEditing(true)}
            sx={{ flex: { xs: '1 1 auto', sm: '0 0 auto' } }}
          >
            Editar tienda
          </Button>
        )}
      </Box>
      {editing && <StoreDialog store={store} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** A store: logo, name, location, Ver Partidas and its Ranking de la Temporada. */
export default function StoreDetailPage() {
  const storeId = parseStoreId(useParams().storeId);
  const store = useStore(storeId);
  const me = useCommunityMe();
  const missing = storeId === 0 || isNotFound(store.error);

  if (missing || store.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 2 }}>
        <PageHeading title="Tiendas Participantes" backTo="/torneos/tiendas" />
        {missing ? <StoreNotFound /> : <LoadError onRetry={() => void store.refetch()} />}
      </Container>
    );
  }
  if (store.isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 2 }} aria-busy aria-label="Cargando tienda">
        <Skeleton variant="text" width="60%" height={48} />
        <Skeleton variant="rounded" height={128} sx={{ mb: 3 }} />
        <Skeleton variant="rounded" height={240} />
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title={store.data.name} backTo="/torneos/tiendas" />
      <StoreCard store={store.data} canEdit={editsStore(me.data, store.data.id)} />
      <StoreLeagues storeId={store.data.id} />
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Ranking de la Temporada
      </Typography>
      <RankingView
        label="Ranking de la Temporada"
        storeId={store.data.id}
        empty="Nadie sumó puntos en esta tienda todavía esta temporada. Las partidas aprobadas jugadas aquí suman al ranking."
      />
    </Container>
  );
}
