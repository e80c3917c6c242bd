import { useId } from 'react';
import { Box, Link as MuiLink, Paper, Skeleton, Typography } from '@mui/material';
import { ProvisionalChip } from '../../../components/stats-tiles';
import { Link } from 'react-router';
import type { TRatingLine } from '@mitos/domain/player-statistics';
import { RATING_PROVISIONAL_MATCHES } from '@mitos/domain/rating';
import { usePlayerRating } from '../../../api/statistics';
import { LoadError } from '../../../components/load-error';

export const matchesText = (n: number) => `${n} ${n === 1 ? 'partida' : 'partidas'}`;

function RatingFigure({
  label,
  line,
  empty = 'Sin partidas',
}: {
  label: string;
  line: TRatingLine | null;
  /** What reads instead of a number. */
  empty?: string;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="dt">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {line === null ? (
          <Typography color="textSecondary">{empty}</Typography>
        ) : (
          <>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography component="span" sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>
                {line.rating}
              </Typography>
              {line.provisional && <ProvisionalChip />}
            </Box>
            <Typography variant="body2" color="textSecondary">
              {matchesText(line.matches)}
            </Typography>
          </>
        )}
      </Box>
    </Box>
  );
}

/** Mitos Rating: the all-time rating beside the current season's, each Provisional while young. */
export function RatingSummary({ userId }: { userId: number }) {
  const id = useId();
  const rating = usePlayerRating(userId);
  const data = rating.data;
  const provisional = data && (data.allTime?.provisional || data.seasonRating?.provisional);
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={id} component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
        Mitos Rating
      </Typography>
      {rating.isPending && <Skeleton variant="rounded" height={88} />}
      {rating.isError && <LoadError onRetry={() => void rating.refetch()} />}
      {data && (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Box
            component="dl"
            sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}
          >
            <RatingFigure label="Histórico" line={data.allTime} />
            <RatingFigure
              label={data.season ? data.season.name : 'Temporada'}
              line={data.season ? data.seasonRating : null}
              empty={data.season ? 'Sin partidas' : 'Sin temporada abierta'}
            />
          </Box>
          <Typography variant="body2" color="textSecondary">
            {provisional ? `Provisional hasta sumar ${RATING_PROVISIONAL_MATCHES} partidas aprobadas. ` : ''}
            <MuiLink component={Link} to="/help">
              ¿Cómo se calcula?
            </MuiLink>
          </Typography>
        </Paper>
      )}
    </Box>
  );
}
