import { useState } from 'react';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { RankingTable } from '../../../components/ranking-table';
import { RANKING_PAGE_SIZE, useRanking, type RankingSort } from '../../../api/community';
import { pageCount, rankingRows } from '../ranking';
import { LoadError } from '../../../components/load-error';
import { useDrawnData } from '../../../lib/drawn-data';

export interface RankingViewProps {
  /** Accessible name of the table (the SPEC's title). */
  label: string;
  seasonId?: number | null;
  storeId?: number | null;
  /** What to say when nobody has points yet. */
  empty: string;
  /** The order (default by points); a Mitos Rating column comes with `showRating`. */
  sort?: RankingSort;
  showRating?: boolean;
}

/** A season's ranking from the server, a page of 50 at a time, with its loading and empty states. */
export function RankingView({
  label,
  seasonId = null,
  storeId = null,
  empty,
  sort = 'points',
  showRating = false,
}: RankingViewProps) {
  // A new season, store or order starts again on page 1 (the component is keyed by them).
  const [page, setPage] = useState(1);
  const ranking = useRanking({ seasonId, storeId, page, pageSize: RANKING_PAGE_SIZE, sort });
  // The table (50 rows) draws in a transition, in slices (docs/decisions/029): the screen's
  // heading and introduction are drawn, with the skeleton, as soon as the screen is, not in the
  // same long task as the rows once the answer arrives.
  const { drawn: data } = useDrawnData(ranking.data);

  if (ranking.isError) {
    return <LoadError onRetry={() => void ranking.refetch()} />;
  }
  if (!data) {
    return (
      <Box role="status" aria-busy aria-label={`Cargando ${label}`} sx={{ display: 'grid', gap: 1 }}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={44} />
        ))}
      </Box>
    );
  }
  if (data.season === null) {
    return (
      <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
        Todavía no hay una temporada abierta. Cuando un administrador la abra, el ranking aparecerá aquí.
      </Typography>
    );
  }
  if (data.total === 0) {
    return (
      <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  const pages = pageCount(data.total, data.pageSize);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <RankingTable label={label} rows={rankingRows(data.rows)} showRating={showRating} />
      {pages > 1 && (
        <Stack
          component="nav"
          aria-label={`Páginas de ${label}`}
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Button
            variant="outlined"
            disabled={data.page <= 1 || ranking.isPlaceholderData}
            onClick={() => setPage(data.page - 1)}
          >
            Anterior
          </Button>
          <Typography variant="body2" color="textSecondary" aria-live="polite">
            Página {data.page} de {pages}
          </Typography>
          <Button
            variant="outlined"
            disabled={data.page >= pages || ranking.isPlaceholderData}
            onClick={() => setPage(data.page + 1)}
          >
            Siguiente
          </Button>
        </Stack>
      )}
    </Box>
  );
}
