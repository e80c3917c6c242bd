import { useId, type ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** A titled block of the tournament screen, named by its heading for screen readers. */
export function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          mb: 1,
        }}
      >
        <Typography id={id} variant="h2" sx={{ fontSize: '1.2rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}
