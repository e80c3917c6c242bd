import type { ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/**
 * The BETA mark, drawn as a small secondary MUI Chip is (same box, colours and type) but without
 * the Chip component, whose code would otherwise be a good part of what the login screen loads.
 */
function BetaBadge() {
  return (
    <Box
      component="span"
      sx={(theme) => ({
        ml: 1,
        height: 20,
        maxWidth: '100%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        verticalAlign: 'middle',
        boxSizing: 'border-box',
        borderRadius: '16px',
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontFamily: theme.typography.fontFamily,
        fontSize: theme.typography.pxToRem(13),
        fontWeight: 800,
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
      })}
    >
      <Box
        component="span"
        sx={{ px: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        BETA
      </Box>
    </Box>
  );
}

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
            <BetaBadge />
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
