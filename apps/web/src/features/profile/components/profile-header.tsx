import { useId, type ReactNode } from 'react';
import { Alert, Box, Paper, Typography } from '@mui/material';
import * as MSG from '@mitos/domain/message-texts';
import { StatsTiles } from '../../../components/stats-tiles';
import { UserAvatar } from '../../../components/user-avatar';
import { formatMonthYear } from '../../../lib/dates';
import { PageTitle } from '../../../components/page-title';
import { usePlayerRating } from '../../../api/statistics';
import { useUserStats } from '../api/profile';

interface ProfileHeaderProps {
  user: { id: number; username: string; created_at: string };
  children?: ReactNode;
}

/** Avatar initial, username, ID number and Miembro desde (SPEC §2 Profile). */
export function ProfileHeader({ user, children }: ProfileHeaderProps) {
  return (
    <Paper
      variant="outlined"
      // minWidth 0: as a grid item the header must not grow to fit a long name on one line.
      sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center', minWidth: 0 }}
    >
      <PageTitle title={user.username} />
      <UserAvatar username={user.username} size={72} decorative />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="h1"
          noWrap
          title={user.username}
          sx={{ fontSize: { xs: '1.6rem', sm: undefined } }}
        >
          {user.username}
        </Typography>
        <Typography color="textSecondary">ID: {user.id}</Typography>
        <Typography color="textSecondary" variant="body2">
          Miembro desde {formatMonthYear(user.created_at)}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

/** A titled block of a profile page. */
export function ProfileSection({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    // One column that may shrink below its content: a wide table scrolls in its own box
    // instead of widening the page on a phone.
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 36 }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.15rem', flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** Estadísticas of a profile: the tiles with the all-time Mitos Rating, or the load error (SPEC §8). */
export function ProfileStats({ userId }: { userId: number }) {
  const stats = useUserStats(userId);
  const rating = usePlayerRating(userId);
  return (
    <ProfileSection title="Estadísticas">
      {stats.isError ? (
        <Alert severity="error">{MSG.loadError}</Alert>
      ) : (
        <StatsTiles
          stats={stats.data}
          loading={stats.isPending}
          rating={rating.data ? rating.data.allTime : undefined}
          ratingFailed={rating.isError}
        />
      )}
    </ProfileSection>
  );
}
