import type { ReactNode } from 'react';
import { Box, Chip, Paper, Skeleton, Typography } from '@mui/material';
import type { ApprovalHealth, UserStatistics } from '@mitos/domain/statistics';

const HEALTH_COLOR: Record<ApprovalHealth, 'success' | 'warning' | 'error'> = {
  Excelente: 'success',
  Regular: 'warning',
  Bajo: 'error',
};

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
        color="text.secondary"
        sx={{ lineHeight: 1.3, hyphens: 'auto' }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {loading ? <Skeleton width="60%" height={32} /> : children}
      </Box>
    </Paper>
  );
}

function Value({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" sx={{ fontSize: '1.5rem', fontWeight: 700, lineHeight: 1.2 }}>
      {children}
    </Typography>
  );
}

export interface StatsTilesProps {
  /** SPEC §9 statistics as GET /api/users/:id/stats returns them; absent while loading. */
  stats: UserStatistics | undefined;
  loading?: boolean;
}

/** The statistics tiles of /profile and /user/:id. */
export function StatsTiles({ stats, loading = false }: StatsTilesProps) {
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
        {stats && (
          <Chip size="small" label={stats.approvalHealth} color={HEALTH_COLOR[stats.approvalHealth]} />
        )}
      </Tile>
      <Tile label="Mitos Rating" loading={false}>
        <Chip size="small" label="Coming Soon" color="secondary" variant="outlined" />
      </Tile>
    </Box>
  );
}
