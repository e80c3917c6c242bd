import { Container, Typography } from '@mui/material';
import { PageHeading } from '../../components/page-heading';
import { RankingTable } from '../../components/ranking-table';
import { RANKING_PLAYERS } from './data/ranking-players';
import { rankingRows } from './ranking';

export default function GeneralRankingPage() {
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Ranking General" subtitle="Temporada Actual" backTo="/torneos" />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Ranking actualizado con los resultados de todos los torneos de la temporada
      </Typography>
      <RankingTable label="Ranking General" rows={rankingRows(RANKING_PLAYERS)} />
    </Container>
  );
}
