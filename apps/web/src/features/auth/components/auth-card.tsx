import type { ReactNode } from 'react';
import { Box, Chip, Paper, Typography } from '@mui/material';

/** The centred frame of /login and /register, with the logo since no top bar shows there. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        py: { xs: 4, sm: 6 },
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, mb: 3 }}>
          <img src="/logo.svg" alt="" width={64} height={64} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, textAlign: 'center' }}>
            Mitos y Leyendas
            <Chip
              label="BETA"
              size="small"
              color="secondary"
              sx={{ ml: 1, height: 20, fontWeight: 800, verticalAlign: 'middle' }}
            />
          </Typography>
          <Typography variant="h1" sx={{ fontSize: '1.5rem', mt: 1 }}>
            {title}
          </Typography>
        </Box>
        {children}
      </Paper>
    </Box>
  );
}
