import { Box, Button, Container, Paper, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { RankingTable } from '../../components/ranking-table';
import { RANKING_PLAYERS } from './data/ranking-players';
import { findStore, storeLocation } from '../../lib/sample-stores';
import { storeRankingRows } from './ranking';
import { StoreNotFound } from './store-not-found';

export default function StoreDetailPage() {
  const store = findStore(useParams().storeId);
  if (!store) {
    return (
      <Container maxWidth="md" sx={{ py: 2 }}>
        <PageHeading title="Tiendas Participantes" backTo="/torneos/tiendas" />
        <StoreNotFound />
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title={store.name} backTo="/torneos/tiendas" />
      <Paper
        variant="outlined"
        sx={{ p: 2, mb: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
      >
        <Box component="img" src={store.logo} alt={`Logo de ${store.name}`} sx={{ width: 96, height: 96 }} />
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Typography variant="h2" component="p" sx={{ fontSize: '1.25rem' }}>
            {store.name}
          </Typography>
          <Typography
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
          >
            <PlaceIcon fontSize="small" aria-hidden /> {storeLocation(store)}
          </Typography>
        </Box>
        <Button
          component={Link}
          to={`/torneos/tiendas/${store.id}/resultados`}
          variant="contained"
          startIcon={<SportsEsportsIcon />}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          Ver Partidas
        </Button>
      </Paper>
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Ranking de la Temporada
      </Typography>
      <RankingTable label="Ranking de la Temporada" rows={storeRankingRows(RANKING_PLAYERS, store.id)} />
    </Container>
  );
}
