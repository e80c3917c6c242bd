import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link } from 'react-router';

export interface LinkCardProps {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
}

/** A whole card that opens another screen: icon, title, one line of text and a chevron. Render inside a list. */
export function LinkCard({ to, title, text, icon }: LinkCardProps) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box
            aria-hidden
            sx={{
              width: 48,
              height: 48,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(245, 197, 66, 0.12)',
              color: 'secondary.main',
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
              {title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {text}
            </Typography>
          </Box>
          <ChevronRightIcon color="action" aria-hidden />
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
