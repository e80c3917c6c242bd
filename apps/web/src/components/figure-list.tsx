import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Labelled figures as a description list in a grid (a streak, a head-to-head record): each label
 * small, its value large. `columns`: how many across on a phone and from `sm` on.
 */
export function FigureList({
  figures,
  columns,
  valueSize,
}: {
  figures: readonly (readonly [label: string, value: ReactNode])[];
  columns: { xs: number; sm: number };
  valueSize: string;
}) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: `repeat(${columns.xs}, minmax(0, 1fr))`,
          sm: `repeat(${columns.sm}, minmax(0, 1fr))`,
        },
      }}
    >
      {figures.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: valueSize }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
