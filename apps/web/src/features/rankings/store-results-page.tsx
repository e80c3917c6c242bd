import { Box, Container, Paper, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useParams } from 'react-router';
import type { TTeam } from '@mitos/domain/matches';
import { PageHeading } from '../../components/page-heading';
import { LoadMore } from '../../components/load-more';
import { MatchGridSkeleton } from '../../components/match-grid';
import { formatListDate } from '../../lib/list-date';
import { withNameBreaks } from '../../lib/name-breaks';
import { BRAND_COLORS, PALETTE } from '../../lib/brand-colors';
import { useStore, useStoreMatches } from '../../api/community';
import { isNotFound, parseStoreId, teamNames } from './ranking';
import { StoreNotFound } from './store-not-found';
import { LoadError } from '../../components/load-error';

/**
 * A result card's styles, serialized once when this module loads (MUI's `styled` with a plain
 * object), not an `sx` on each of its ten parts at every render: the list grows by a page at each
 * Cargar más. The parts carry these classes; the winning side is a data attribute.
 */
const C = {
  date: 'store-result__date',
  teams: 'store-result__teams',
  team: 'store-result__team',
  names: 'store-result__names',
  score: 'store-result__score',
  vs: 'store-result__vs',
} as const;

const ResultCard = styled(Paper)({
  padding: 16,
  [`& .${C.date}`]: { marginBottom: 8 },
  [`& .${C.teams}`]: { display: 'flex', alignItems: 'center', gap: 12 },
  // On a phone each side has about 120 px: a tighter card leaves a usual username (cami_martinez,
  // in bold) whole on one line instead of its last letter on the next.
  '@media (max-width: 599.95px)': { padding: 12, [`& .${C.teams}`]: { gap: 8 } },
  [`& .${C.team}`]: { flex: 1, minWidth: 0 },
  [`& .${C.names}`]: { overflowWrap: 'anywhere', color: PALETTE.text.primary },
  [`& .${C.score}`]: { color: PALETTE.text.secondary },
  [`& .${C.team}[data-won] .${C.names}`]: { fontWeight: 700, color: BRAND_COLORS.primary },
  [`& .${C.team}[data-won] .${C.score}`]: { color: BRAND_COLORS.primary },
  [`& .${C.vs}`]: { fontWeight: 800, color: PALETTE.secondary },
  // Paper's own props, `component` with them, which `styled` does not type.
}) as typeof Paper;

function Team({ team, won, align }: { team: TTeam; won: boolean; align: 'left' | 'right' }) {
  return (
    <div className={C.team} data-won={won || undefined} style={{ textAlign: align }}>
      <Typography className={C.names}>{withNameBreaks(teamNames(team))}</Typography>
      <Typography variant="h2" component="p" className={C.score}>
        {team.score}
      </Typography>
    </div>
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
            <ResultCard key={match.id} component="li" variant="outlined">
              <Typography variant="caption" color="textSecondary" component="p" className={C.date}>
                {formatListDate(match.match_date)}
              </Typography>
              <div className={C.teams}>
                <Team team={match.team1} won={match.team1.score > match.team2.score} align="left" />
                <Typography className={C.vs}>VS</Typography>
                <Team team={match.team2} won={match.team2.score > match.team1.score} align="right" />
              </div>
            </ResultCard>
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
