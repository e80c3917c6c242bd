import type { ReactNode } from 'react';
import { Box } from '@mui/material';
import { MatchCardSkeleton } from './match-card';

/** Match cards in one column on phones, two on tablets, three on wide screens. */
export function MatchGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          sm: 'repeat(2, minmax(0, 1fr))',
          lg: 'repeat(3, minmax(0, 1fr))',
        },
        '& > li': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

export function MatchGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <MatchGrid>
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <MatchCardSkeleton />
        </li>
      ))}
    </MatchGrid>
  );
}

/** The two teams side by side from tablet width, one above the other on phones. */
export function TeamColumns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}
