import { memo, type ReactNode } from 'react';
import {
  AvatarGroup,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { styled } from '@mui/material/styles';
import { Link } from 'react-router';
import { HIGHLIGHTS, UNKNOWN_HIGHLIGHT, tierColor } from '@mitos/domain/constants';
import { statusLabel } from '@mitos/domain/match-status';
import type { TMatch, TTeam } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { formatListDate } from '../lib/list-date';
import { RaceChip } from './race-chip';
import { PaletteChip } from './palette-chip';
import { UserAvatar } from './user-avatar';
import { LazyTooltip } from './lazy-tooltip';
import { DISPLAY } from '../lib/ui-constants';
import { BRAND_COLORS, PALETTE } from '../lib/brand-colors';

/** Chip colour of each match status label. */
export const STATUS_COLOR = {
  Cancelada: 'default',
  Rechazada: 'error',
  Pendiente: 'warning',
  Aprobada: 'success',
} as const;

/**
 * The card's styles, serialized once when this module loads (MUI's `styled` with a plain object),
 * not an `sx` on each of its twenty-odd parts at every render: a list draws up to 30 cards, and
 * each `sx` is computed, serialized and hashed again every time (docs/benchmarks.md, session 27).
 * The parts carry these classes.
 */
const C = {
  action: 'match-card__action',
  content: 'match-card__content',
  head: 'match-card__head',
  date: 'match-card__date',
  teams: 'match-card__teams',
  team: 'match-card__team',
  left: 'match-card__left',
  right: 'match-card__right',
  won: 'match-card__won',
  rejected: 'match-card__rejected',
  names: 'match-card__names',
  races: 'match-card__races',
  score: 'match-card__score',
  dash: 'match-card__dash',
  highlights: 'match-card__highlights',
  actions: 'match-card__actions',
} as const;

/** MUI's spacing unit (the theme keeps MUI's 8 px). */
const spacing = (n: number) => `${n * 8}px`;

const CardRoot = styled(Card)({
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  [`& .${C.action}`]: { flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch' },
  [`& .${C.content}`]: { flexGrow: 1, padding: spacing(2), '&:last-child': { paddingBottom: spacing(2) } },
  [`& .${C.head}`]: {
    display: 'flex',
    alignItems: 'center',
    gap: spacing(1),
    flexWrap: 'wrap',
    marginBottom: spacing(1.5),
  },
  [`& .${C.date}`]: { marginRight: 'auto' },
  [`& .${C.teams}`]: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
    // Avatars line up at the top even when one side's name wraps.
    alignItems: 'start',
    gap: spacing(1),
  },
  [`& .${C.team}`]: { display: 'flex', flexDirection: 'column', gap: spacing(0.75), minWidth: 0 },
  [`& .${C.left}`]: { alignItems: 'flex-start', textAlign: 'left' },
  [`& .${C.right}`]: { alignItems: 'flex-end', textAlign: 'right' },
  [`& .${C.left} .MuiAvatarGroup-root`]: { flexDirection: 'row-reverse', justifyContent: 'flex-start' },
  [`& .${C.right} .MuiAvatarGroup-root`]: { flexDirection: 'row', justifyContent: 'flex-end' },
  // The group's "+N" avatar; a UserAvatar sets its own size on its element.
  [`& .${C.team} .MuiAvatar-root`]: {
    width: 32,
    height: 32,
    fontSize: 14,
    borderColor: BRAND_COLORS.paper,
  },
  [`& .${C.team} .${C.rejected}`]: { outline: '2px solid', outlineColor: PALETTE.error },
  [`& .${C.names}`]: { maxWidth: '100%' },
  [`& .${C.names} > p`]: { fontWeight: 500, color: PALETTE.text.primary },
  [`& .${C.won} .${C.names} > p`]: { fontWeight: 700, color: BRAND_COLORS.primary },
  [`& .${C.races}`]: { display: 'flex', flexWrap: 'wrap', gap: spacing(0.5) },
  [`& .${C.left} .${C.races}`]: { justifyContent: 'flex-start' },
  [`& .${C.right} .${C.races}`]: { justifyContent: 'flex-end' },
  [`& .${C.score}`]: {
    fontSize: 24,
    fontWeight: 800,
    whiteSpace: 'nowrap',
    padding: `0 ${spacing(0.5)}`,
    lineHeight: '32px',
    color: PALETTE.text.primary,
  },
  [`& .${C.score} .${C.won}`]: { color: BRAND_COLORS.primary },
  [`& .${C.dash}`]: { color: PALETTE.text.secondary, margin: `0 ${spacing(0.75)}` },
  [`& .${C.highlights}`]: { display: 'flex', flexWrap: 'wrap', gap: spacing(0.5), marginTop: spacing(1.5) },
  [`& .${C.actions}`]: { padding: `0 ${spacing(2)} ${spacing(2)}` },
});

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
  return (
    <div className={`${C.team} ${align === 'left' ? C.left : C.right}${won ? ` ${C.won}` : ''}`}>
      <AvatarGroup max={DISPLAY.matchCardAvatars}>
        {team.players.map((p) => (
          <UserAvatar
            key={p.user_id}
            username={p.username}
            size={32}
            decorative
            className={rejectedIds.has(p.user_id) ? C.rejected : undefined}
          />
        ))}
      </AvatarGroup>
      {/* One name per line, cut with an ellipsis: the card is a summary, the detail has them whole. */}
      <div className={C.names}>
        {team.players.map((p) => (
          <Typography key={p.user_id} variant="body2" noWrap title={p.username}>
            {p.username || MSG.fallbackUser}
          </Typography>
        ))}
      </div>
      <div className={C.races}>
        {team.decks.map((d) => (
          <RaceChip key={`${d.user_id}-${d.deck_id ?? 'x'}`} raza={d.deck_raza} />
        ))}
      </div>
    </div>
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
    <CardRoot variant="outlined">
      <CardActionArea {...actionProps} aria-label={`Ver partida: ${summary}`} className={C.action}>
        <CardContent className={C.content}>
          <div className={C.head}>
            <Typography variant="caption" color="textSecondary" className={C.date}>
              {date}
            </Typography>
            {showStatus && <PaletteChip label={status} color={STATUS_COLOR[status]} />}
            <Chip size="small" variant="outlined" label={match.match_mode} />
            <PaletteChip label={match.tier} color={tierColor(match.tier)} />
          </div>
          <div className={C.teams}>
            <TeamSide team={team1} won={winner === 'team1'} align="left" rejectedIds={rejectedIds} />
            <Typography component="div" aria-hidden className={C.score}>
              <span className={winner === 'team1' ? C.won : undefined}>{team1.score}</span>
              <span className={C.dash}>-</span>
              <span className={winner === 'team2' ? C.won : undefined}>{team2.score}</span>
            </Typography>
            <TeamSide team={team2} won={winner === 'team2'} align="right" rejectedIds={rejectedIds} />
          </div>
          {match.highlights.length > 0 && (
            <div className={C.highlights}>
              {match.highlights.map((h, i) => {
                const { label, description } = highlightLabel(h.type);
                const chip = <PaletteChip color="secondary" variant="outlined" label={label} />;
                return description ? (
                  <LazyTooltip key={`${h.type}-${i}`} title={description}>
                    {chip}
                  </LazyTooltip>
                ) : (
                  <div key={`${h.type}-${i}`}>{chip}</div>
                );
              })}
            </div>
          )}
        </CardContent>
      </CardActionArea>
      {children && <div className={C.actions}>{children}</div>}
    </CardRoot>
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
