import { Box, Container, Paper, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { formatListDate } from '../../lib/dates';
import { STORE_RESULTS, type StoreResultTeam } from './data/store-results';
import { findStore } from '../../lib/sample-stores';
import { latestFirst, teamNames } from './ranking';
import { StoreNotFound } from './store-not-found';

function Team({
  team,
  names,
  won,
  align,
}: {
  team: StoreResultTeam;
  names: Record<number, string>;
  won: boolean;
  align: 'left' | 'right';
}) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, textAlign: align }}>
      <Typography
        sx={{
          fontWeight: won ? 700 : 400,
          color: won ? 'primary.main' : 'text.primary',
          overflowWrap: 'anywhere',
        }}
      >
        {teamNames(team, names)}
      </Typography>
      <Typography variant="h2" component="p" sx={{ color: won ? 'primary.main' : 'text.secondary' }}>
        {team.score}
      </Typography>
    </Box>
  );
}

export default function StoreResultsPage() {
  const { storeId } = useParams();
  const store = findStore(storeId);
  if (!store) {
    return (
      <Container maxWidth="md" sx={{ py: 2 }}>
        <PageHeading title="Partidas" backTo="/torneos/tiendas" />
        <StoreNotFound />
      </Container>
    );
  }
  const results = STORE_RESULTS[store.id] ?? { players: {}, matches: [] };
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title={`Partidas - ${store.name}`} backTo={`/torneos/tiendas/${store.id}`} />
      {results.matches.length === 0 && (
        <Typography color="text.secondary">Todavía no hay partidas.</Typography>
      )}
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
        {latestFirst(results.matches).map((match) => (
          <Paper key={match.id} component="li" variant="outlined" sx={{ p: 2 }}>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
              {formatListDate(match.match_date)}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Team
                team={match.team1}
                names={results.players}
                won={match.team1.score > match.team2.score}
                align="left"
              />
              <Typography sx={{ fontWeight: 800, color: 'secondary.main' }}>VS</Typography>
              <Team
                team={match.team2}
                names={results.players}
                won={match.team2.score > match.team1.score}
                align="right"
              />
            </Box>
          </Paper>
        ))}
      </Box>
    </Container>
  );
}
