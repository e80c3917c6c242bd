import { Box, Chip, Paper, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { BYE, MATCH_STATUS_COLORS, MATCH_STATUS_LABELS, matchStatus, slotLabel, type Slot } from '../bracket';

export interface BracketMatchCardProps {
  player1: Slot;
  player2: Slot;
  winner: Slot;
  /** Shown above the players, e.g. the round. */
  caption?: string;
}

function PlayerLine({ slot, won }: { slot: Slot; won: boolean }) {
  const known = typeof slot === 'string';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minHeight: 28 }}>
      <Typography
        variant="body2"
        sx={{
          flex: 1,
          minWidth: 0,
          overflowWrap: 'anywhere',
          fontWeight: won ? 700 : 400,
          color: won ? 'primary.main' : known ? 'text.primary' : 'text.secondary',
          fontStyle: slot === BYE || !known ? 'italic' : 'normal',
        }}
      >
        {slotLabel(slot)}
      </Typography>
      {won && <EmojiEventsIcon fontSize="small" sx={{ color: 'secondary.main' }} titleAccess="Ganador" />}
    </Box>
  );
}

/** One bracket match: both players, the winner highlighted, and its status. */
export function BracketMatchCard({ player1, player2, winner, caption }: BracketMatchCardProps) {
  const status = matchStatus({ player1, player2, winner });
  const hasWinner = typeof winner === 'string';
  return (
    <Paper variant="outlined" component="article" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
        <Chip
          size="small"
          label={MATCH_STATUS_LABELS[status]}
          color={MATCH_STATUS_COLORS[status]}
          variant="outlined"
        />
      </Box>
      <PlayerLine slot={player1} won={hasWinner && winner === player1} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 0.25 }}>
        vs
      </Typography>
      <PlayerLine slot={player2} won={hasWinner && winner === player2} />
    </Paper>
  );
}
