import { memo, type ReactNode } from 'react';
import {
  AvatarGroup,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { Link } from 'react-router';
import { HIGHLIGHTS, UNKNOWN_HIGHLIGHT, tierColor } from '@mitos/domain/constants';
import { statusLabel } from '@mitos/domain/match-status';
import type { TMatch, TTeam } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { formatListDate } from '../lib/list-date';
import { RaceChip } from './race-chip';
import { UserAvatar } from './user-avatar';
import { LazyTooltip } from './lazy-tooltip';
import { DISPLAY } from '../lib/ui-constants';

/** Chip colour of each match status label. */
export const STATUS_COLOR = {
  Cancelada: 'default',
  Rechazada: 'error',
  Pendiente: 'warning',
  Aprobada: 'success',
} as const;

export interface MatchCardProps {
  match: TMatch;
  /** Replaces the default navigation to /match/{id}. */
  onClick?: () => void;
  /** Shows the approval status chip (lists that mix statuses). */
  showStatus?: boolean;
  /** SPEC §4: on a rejected match, this user's avatar shows as rejected. */
  currentUserId?: number | null;
  /** Actions under the card (approve, reject…), outside its clickable area. */
  children?: ReactNode;
}

function playerNames(team: TTeam): string {
  return team.players.map((p) => p.username || MSG.fallbackUser).join(', ');
}

function TeamSide({
  team,
  won,
  align,
  rejectedIds,
}: {
  team: TTeam;
  won: boolean;
  align: 'left' | 'right';
  rejectedIds: ReadonlySet<number>;
}) {
  const justify = align === 'left' ? 'flex-start' : 'flex-end';
  return (
    <Stack spacing={0.75} sx={{ minWidth: 0, alignItems: justify, textAlign: align }}>
      <AvatarGroup
        max={DISPLAY.matchCardAvatars}
        sx={{
          flexDirection: align === 'left' ? 'row-reverse' : 'row',
          justifyContent: justify,
          '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14, borderColor: 'background.paper' },
        }}
      >
        {team.players.map((p) => (
          <UserAvatar
            key={p.user_id}
            username={p.username}
            size={32}
            decorative
            sx={rejectedIds.has(p.user_id) ? { outline: '2px solid', outlineColor: 'error.main' } : undefined}
          />
        ))}
      </AvatarGroup>
      {/* One name per line, cut with an ellipsis: the card is a summary, the detail has them whole. */}
      <Box sx={{ maxWidth: '100%' }}>
        {team.players.map((p) => (
          <Typography
            key={p.user_id}
            variant="body2"
            noWrap
            title={p.username}
            sx={{ fontWeight: won ? 700 : 500, color: won ? 'primary.main' : 'text.primary' }}
          >
            {p.username || MSG.fallbackUser}
          </Typography>
        ))}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, justifyContent: justify }}>
        {team.decks.map((d) => (
          <RaceChip key={`${d.user_id}-${d.deck_id ?? 'x'}`} raza={d.deck_raza} />
        ))}
      </Stack>
    </Stack>
  );
}

function highlightLabel(type: string): { label: string; description?: string } {
  const known = HIGHLIGHTS.find((h) => h.type === type);
  return known ? { label: known.type, description: known.description } : { label: UNKNOWN_HIGHLIGHT };
}

/**
 * One match at a glance: date, mode, tier, both teams with avatars, races and score, highlights.
 * Memoised: a list's refetch keeps the objects of unchanged matches (TanStack Query's structural
 * sharing), so only the cards whose match changed render again.
 */
export const MatchCard = memo(function MatchCard({
  match,
  onClick,
  showStatus = false,
  currentUserId,
  children,
}: MatchCardProps) {
  const { team1, team2 } = match;
  const winner = match.winning_team;
  const status = statusLabel(match.approval_status);
  const rejectedIds = new Set(
    [...team1.players, ...team2.players]
      .filter(
        (p) =>
          p.approval_status === 'rejected' ||
          (match.approval_status === 'rejected' && p.user_id === currentUserId),
      )
      .map((p) => p.user_id),
  );
  const date = formatListDate(match.match_date);
  const summary = `${playerNames(team1)} ${team1.score} - ${team2.score} ${playerNames(team2)}, ${date}`;
  const actionProps = onClick ? { onClick } : { component: Link, to: `/match/${match.id}` };

  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea
        {...actionProps}
        aria-label={`Ver partida: ${summary}`}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <CardContent sx={{ flexGrow: 1, p: 2, '&:last-child': { pb: 2 } }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
            <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto' }}>
              {date}
            </Typography>
            {showStatus && <Chip size="small" label={status} color={STATUS_COLOR[status]} />}
            <Chip size="small" variant="outlined" label={match.match_mode} />
            <Chip size="small" label={match.tier} color={tierColor(match.tier)} />
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
              // Avatars line up at the top even when one side's name wraps.
              alignItems: 'start',
              gap: 1,
            }}
          >
            <TeamSide team={team1} won={winner === 'team1'} align="left" rejectedIds={rejectedIds} />
            <Typography
              component="div"
              aria-hidden
              sx={{ fontSize: 24, fontWeight: 800, whiteSpace: 'nowrap', px: 0.5, lineHeight: '32px' }}
            >
              <Box component="span" sx={{ color: winner === 'team1' ? 'primary.main' : 'text.primary' }}>
                {team1.score}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', mx: 0.75 }}>
                -
              </Box>
              <Box component="span" sx={{ color: winner === 'team2' ? 'primary.main' : 'text.primary' }}>
                {team2.score}
              </Box>
            </Typography>
            <TeamSide team={team2} won={winner === 'team2'} align="right" rejectedIds={rejectedIds} />
          </Box>
          {match.highlights.length > 0 && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 1.5 }}>
              {match.highlights.map((h, i) => {
                const { label, description } = highlightLabel(h.type);
                const chip = <Chip size="small" color="secondary" variant="outlined" label={label} />;
                return description ? (
                  <LazyTooltip key={`${h.type}-${i}`} title={description}>
                    {chip}
                  </LazyTooltip>
                ) : (
                  <Box key={`${h.type}-${i}`}>{chip}</Box>
                );
              })}
            </Stack>
          )}
        </CardContent>
      </CardActionArea>
      {children && <Box sx={{ px: 2, pb: 2 }}>{children}</Box>}
    </Card>
  );
});

/** The placeholder of a match card while a list loads. */
export function MatchCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden>
      <CardContent>
        <Skeleton width="40%" />
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 1.5 }}>
          <Stack spacing={1}>
            <Skeleton variant="circular" width={32} height={32} />
            <Skeleton width={80} />
          </Stack>
          <Skeleton width={48} height={36} />
          <Stack spacing={1} sx={{ alignItems: 'flex-end' }}>
            <Skeleton variant="circular" width={32} height={32} />
            <Skeleton width={80} />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
