import { Box, Container, Paper, Typography } from '@mui/material';
import { useParams } from 'react-router';
import type { TTeam } from '@mitos/domain/matches';
import { PageHeading } from '../../components/page-heading';
import { LoadMore } from '../../components/load-more';
import { MatchGridSkeleton } from '../../components/match-grid';
import { formatListDate } from '../../lib/list-date';
import { useStore, useStoreMatches } from '../../api/community';
import { isNotFound, parseStoreId, teamNames } from './ranking';
import { StoreNotFound } from './store-not-found';
import { LoadError } from '../../components/load-error';

function Team({ team, won, align }: { team: TTeam; won: boolean; align: 'left' | 'right' }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, textAlign: align }}>
      <Typography
        sx={{
          fontWeight: won ? 700 : 400,
          color: won ? 'primary.main' : 'text.primary',
          overflowWrap: 'anywhere',
        }}
      >
        {teamNames(team)}
      </Typography>
      <Typography variant="h2" component="p" sx={{ color: won ? 'primary.main' : 'text.secondary' }}>
        {team.score}
      </Typography>
    </Box>
  );
}

/** Partidas - {store}: the store's approved matches, newest first, a page at a time. */
export default function StoreResultsPage() {
  const storeId = parseStoreId(useParams().storeId);
  const store = useStore(storeId);
  const matches = useStoreMatches(storeId);
  const missing = storeId === 0 || isNotFound(store.error) || isNotFound(matches.error);
  const list = matches.data?.pages.flatMap((p) => p.matches) ?? [];
  const retry = () => {
    void store.refetch();
    void matches.refetch();
  };

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading
        title={store.data ? `Partidas - ${store.data.name}` : 'Partidas'}
        backTo={missing ? '/torneos/tiendas' : `/torneos/tiendas/${storeId}`}
      />
      {missing ? (
        <StoreNotFound />
      ) : store.isError || matches.isError ? (
        <LoadError onRetry={retry} />
      ) : matches.isPending ? (
        <MatchGridSkeleton />
      ) : list.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
          Todavía no hay partidas aprobadas en esta tienda. Las partidas registradas aquí aparecerán cuando se
          aprueben.
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Partidas de la tienda"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}
        >
          {list.map((match) => (
            <Paper key={match.id} component="li" variant="outlined" sx={{ p: 2 }}>
              <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1 }}>
                {formatListDate(match.match_date)}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Team team={match.team1} won={match.team1.score > match.team2.score} align="left" />
                <Typography sx={{ fontWeight: 800, color: 'secondary.main' }}>VS</Typography>
                <Team team={match.team2} won={match.team2.score > match.team1.score} align="right" />
              </Box>
            </Paper>
          ))}
        </Box>
      )}
      {!missing && (
        <LoadMore
          hasMore={matches.hasNextPage}
          loading={matches.isFetchingNextPage}
          onLoadMore={() => void matches.fetchNextPage()}
        />
      )}
    </Container>
  );
}
