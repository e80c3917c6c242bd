import { Box, Chip, Paper, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { TBracketMatch } from '@mitos/domain/tournaments';
import { SLOT_STATE_COLORS, SLOT_STATE_LABELS, slotState } from '../tournament-view';

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
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minHeight: 28 }}>
      <Typography
        variant="body2"
        sx={{
          flex: 1,
          minWidth: 0,
          overflowWrap: 'anywhere',
          fontWeight: won ? 700 : 400,
          color: won ? 'primary.main' : player ? 'text.primary' : 'text.secondary',
          fontStyle: player ? 'normal' : 'italic',
        }}
      >
        {player?.username ?? empty}
      </Typography>
      {won && <EmojiEventsIcon fontSize="small" sx={{ color: 'secondary.main' }} titleAccess="Ganador" />}
      {score !== null && (
        <Typography variant="body2" sx={{ fontWeight: won ? 700 : 400, minWidth: 16, textAlign: 'right' }}>
          {score}
        </Typography>
      )}
    </Box>
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
    <Paper variant="outlined" component="article" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 0.5 }}>
        <Chip
          size="small"
          label={SLOT_STATE_LABELS[state]}
          color={SLOT_STATE_COLORS[state]}
          variant="outlined"
        />
      </Box>
      <PlayerLine player={match.player1} empty={empty} score={match.score1} won={wonBy(match.player1)} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', pl: 0.25 }}>
        vs
      </Typography>
      <PlayerLine player={match.player2} empty={empty} score={match.score2} won={wonBy(match.player2)} />
    </Paper>
  );
}
