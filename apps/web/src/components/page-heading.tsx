import type { ReactNode } from 'react';
import { Box, IconButton, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link } from 'react-router';
import { PageTitle } from './page-title';

export interface PageHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where the back arrow goes; no arrow without it. */
  backTo?: string;
  /** A button or two on the right (wraps below the title on narrow screens). */
  actions?: ReactNode;
}

/** A screen's title, with a back arrow and actions when it has them. */
export function PageHeading({ title, subtitle, backTo, actions }: PageHeadingProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
      {typeof title === 'string' && <PageTitle title={title} />}
      {backTo && (
        <IconButton component={Link} to={backTo} aria-label="Volver" edge="start">
          <ArrowBackIcon />
        </IconButton>
      )}
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="textSecondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
