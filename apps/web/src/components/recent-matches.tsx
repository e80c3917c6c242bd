import { Box, Button, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import type { TMatch } from '@mitos/domain/matches';
import { allPlayers, playerEntry } from '@mitos/domain/match-rules';
import * as MSG from '@mitos/domain/message-texts';
import { MatchCard } from './match-card';

export interface RecentMatchesProps {
  matches: readonly TMatch[];
  userId: number;
  /** Only matches every player approved. */
  onlyApproved?: boolean;
  limit?: number;
}

/** SPEC §2: the user's own matches, newest first as given, with an empty text and a way to all of them. */
export function recentMatchesOf(
  matches: readonly TMatch[],
  userId: number,
  onlyApproved = false,
  limit = Number.POSITIVE_INFINITY,
): TMatch[] {
  return matches
    .filter((m) => playerEntry(m, userId) !== undefined || m.created_by === userId)
    .filter((m) => !onlyApproved || allPlayers(m).every((p) => p.approval_status === 'approved'))
    .slice(0, limit);
}

export function RecentMatches({ matches, userId, onlyApproved = false, limit }: RecentMatchesProps) {
  const shown = recentMatchesOf(matches, userId, onlyApproved, limit);
  if (shown.length === 0) {
    return (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography color="textSecondary">{MSG.noMatches}</Typography>
        <Button component={Link} to="/my-matches" variant="outlined" size="small">
          Ver Mis Partidas
        </Button>
      </Stack>
    );
  }
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
      {shown.map((m) => (
        <li key={m.id}>
          <MatchCard match={m} showStatus currentUserId={userId} />
        </li>
      ))}
    </Box>
  );
}
