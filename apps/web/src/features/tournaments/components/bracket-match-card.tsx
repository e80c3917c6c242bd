import { Paper, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { TBracketMatch } from '@mitos/domain/tournaments';
import { BRAND_COLORS, PALETTE } from '../../../lib/brand-colors';
import { SLOT_STATE_COLORS, SLOT_STATE_LABELS, slotState } from '../tournament-view';
import { withNameBreaks } from '../../../lib/name-breaks';
import { PaletteChip } from '../../../components/palette-chip';

/**
 * The card's styles, serialized once when this module loads (MUI's `styled` with a plain object),
 * not an `sx` on each part at every render: a bracket of 256 players draws 255 of these cards. The
 * parts carry these classes; a line's state is its data attributes.
 */
const C = {
  state: 'bracket-match__state',
  line: 'bracket-match__line',
  name: 'bracket-match__name',
  trophy: 'bracket-match__trophy',
  score: 'bracket-match__score',
  vs: 'bracket-match__vs',
} as const;

const CardRoot = styled(Paper)({
  padding: 12,
  [`& .${C.state}`]: { display: 'flex', justifyContent: 'flex-end', marginBottom: 4 },
  [`& .${C.line}`]: { display: 'flex', alignItems: 'center', gap: 6, minHeight: 28 },
  [`& .${C.name}`]: { flex: 1, minWidth: 0, overflowWrap: 'anywhere', color: PALETTE.text.primary },
  [`& .${C.line}[data-empty] .${C.name}`]: { color: PALETTE.text.secondary, fontStyle: 'italic' },
  [`& .${C.line}[data-won] .${C.name}`]: { color: BRAND_COLORS.primary },
  [`& .${C.line}[data-won] .${C.name}, & .${C.line}[data-won] .${C.score}`]: { fontWeight: 700 },
  [`& .${C.trophy}`]: { color: PALETTE.secondary },
  [`& .${C.score}`]: { minWidth: 16, textAlign: 'right' },
  [`& .${C.vs}`]: { display: 'block', paddingLeft: 2 },
  // Paper's own props, `component` with them, which `styled` does not type.
}) as typeof Paper;

function PlayerLine({
  player,
  empty,
  score,
  won,
}: {
  player: TBracketMatch['player1'];
  /** What an empty seat reads: Bye, or Por definir while the player is not known. */
  empty: string;
  score: number | null;
  won: boolean;
}) {
  return (
    <div className={C.line} data-won={won || undefined} data-empty={player ? undefined : true}>
      <Typography variant="body2" className={C.name}>
        {player ? withNameBreaks(player.username) : empty}
      </Typography>
      {won && <EmojiEventsIcon fontSize="small" className={C.trophy} titleAccess="Ganador" />}
      {score !== null && (
        <Typography variant="body2" className={C.score}>
          {score}
        </Typography>
      )}
    </div>
  );
}

/** One bracket match: both players (or Bye, or Por definir), the score, the winner, and its status. */
export function BracketMatchCard({ match }: { match: TBracketMatch }) {
  const state = slotState(match);
  const empty = state === 'bye' ? 'Bye' : 'Por definir';
  // A bye advances its player without a game: no trophy for that.
  const wonBy = (player: TBracketMatch['player1']) =>
    state === 'finished' && player !== null && match.winnerId === player.id;
  return (
    <CardRoot variant="outlined" component="article">
      <div className={C.state}>
        <PaletteChip label={SLOT_STATE_LABELS[state]} color={SLOT_STATE_COLORS[state]} variant="outlined" />
      </div>
      <PlayerLine player={match.player1} empty={empty} score={match.score1} won={wonBy(match.player1)} />
      <Typography variant="caption" color="textSecondary" className={C.vs}>
        vs
      </Typography>
      <PlayerLine player={match.player2} empty={empty} score={match.score2} won={wonBy(match.player2)} />
    </CardRoot>
  );
}
