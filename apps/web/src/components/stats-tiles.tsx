import type { ReactNode } from 'react';
import { Box, Paper, Skeleton, Typography } from '@mui/material';
import type { TRatingLine } from '@mitos/domain/player-statistics';
import type { ApprovalHealth, UserStatistics } from '@mitos/domain/statistics';
import { PaletteChip } from './palette-chip';

const HEALTH_COLOR: Record<ApprovalHealth, 'success' | 'warning' | 'error'> = {
  Excelente: 'success',
  Regular: 'warning',
  Bajo: 'error',
};

/** A tile's figure's line; its placeholder takes the same line, so the tiles keep their height when it comes. */
const VALUE_LINE = { fontSize: '1.5rem', lineHeight: 1.2 } as const;

function Tile({ label, children, loading }: { label: string; children: ReactNode; loading: boolean }) {
  return (
    <Paper
      component="div"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}
    >
      <Typography
        component="dt"
        variant="caption"
        color="textSecondary"
        sx={{ lineHeight: 1.3, hyphens: 'auto' }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {loading ? <Skeleton width="60%" sx={VALUE_LINE} /> : children}
      </Box>
    </Paper>
  );
}

function Value({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" sx={{ ...VALUE_LINE, fontWeight: 700 }}>
      {children}
    </Typography>
  );
}

export interface StatsTilesProps {
  /** SPEC §9 statistics as GET /api/users/:id/stats returns them; absent while loading. */
  stats: UserStatistics | undefined;
  loading?: boolean;
  /** The all-time Mitos Rating: undefined while it loads, null before the first rated match. */
  rating?: TRatingLine | null;
  /** The rating could not be read. */
  ratingFailed?: boolean;
}

/** The mark of a rating too few matches back yet. */
export function ProvisionalChip() {
  return <PaletteChip label="Provisional" color="warning" variant="outlined" />;
}

/** A rating's number, and Provisional while too few matches back it. */
export function RatingValue({ line }: { line: TRatingLine }) {
  return (
    <>
      <Value>{line.rating}</Value>
      {line.provisional && <ProvisionalChip />}
    </>
  );
}

function RatingTile({ rating, failed }: { rating: TRatingLine | null | undefined; failed: boolean }) {
  let content: ReactNode;
  if (failed) content = <Typography color="textSecondary">No disponible</Typography>;
  else if (rating === null) content = <Typography color="textSecondary">Sin partidas</Typography>;
  else if (rating) content = <RatingValue line={rating} />;
  return (
    <Tile label="Mitos Rating" loading={content === undefined}>
      {content}
    </Tile>
  );
}

/** The statistics tiles of /profile and /user/:id. */
export function StatsTiles({ stats, loading = false, rating, ratingFailed = false }: StatsTilesProps) {
  const busy = loading || !stats;
  return (
    <Box
      component="dl"
      aria-label="Estadísticas"
      aria-busy={busy}
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      <Tile label="Partidas" loading={busy}>
        <Value>{stats?.matches}</Value>
      </Tile>
      <Tile label="Victorias" loading={busy}>
        <Value>{stats?.wins}</Value>
      </Tile>
      <Tile label="Derrotas" loading={busy}>
        <Value>{stats?.losses}</Value>
      </Tile>
      <Tile label="Porcentaje de victorias" loading={busy}>
        <Value>{stats?.winRate}%</Value>
      </Tile>
      <Tile label="Tasa de aprobación" loading={busy}>
        <Value>{stats?.approvalRate}%</Value>
        {stats && <PaletteChip label={stats.approvalHealth} color={HEALTH_COLOR[stats.approvalHealth]} />}
      </Tile>
      <RatingTile rating={rating} failed={ratingFailed} />
    </Box>
  );
}
