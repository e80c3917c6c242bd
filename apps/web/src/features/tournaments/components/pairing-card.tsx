import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Link } from 'react-router';
import type { TPairing } from '@mitos/domain/tournaments';
import { formatGames, PAIRING_STATE_COLORS, PAIRING_STATE_LABELS, pairingState } from '../tournament-view';

const OUTCOME_NOTES = { draw: 'Empate', double_loss: 'Derrota para ambos' } as const;

function Player({ name, won }: { name: string; won: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography
        variant="body2"
        sx={{
          overflowWrap: 'anywhere',
          fontWeight: won ? 700 : 400,
          color: won ? 'primary.main' : 'text.primary',
        }}
      >
        {name}
      </Typography>
      {won && <EmojiEventsIcon fontSize="small" sx={{ color: 'secondary.main' }} titleAccess="Ganador" />}
    </Box>
  );
}

export interface PairingCardProps {
  pairing: TPairing;
  /** The caller runs the tournament: Corregir and Revertir on decided results. */
  canManage: boolean;
  onReport(pairing: TPairing): void;
  onCorrect(pairing: TPairing): void;
  onReverse(pairing: TPairing): void;
}

/**
 * One table of a round: its players, the result or its state (Pendiente, Esperando aprobación,
 * Finalizado, Anulada, Bye), and what the caller may do with it. A reported result is a real
 * match: the opponent approves it on /match/{id} like any other.
 */
export function PairingCard({ pairing, canManage, onReport, onCorrect, onReverse }: PairingCardProps) {
  const state = pairingState(pairing);
  const result = pairing.result;
  const won = (side: 'player1' | 'player2') => result?.outcome === side && state !== 'void';
  const note =
    result && result.outcome in OUTCOME_NOTES
      ? OUTCOME_NOTES[result.outcome as keyof typeof OUTCOME_NOTES]
      : null;
  const played = pairing.player2 !== null;

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={`Mesa ${pairing.table}`}
      sx={{ p: 1.5, listStyle: 'none' }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" color="text.secondary">
          Mesa {pairing.table}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={PAIRING_STATE_LABELS[state]}
          color={PAIRING_STATE_COLORS[state]}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: 1 }}>
        <Box>
          <Player name={pairing.player1.username} won={won('player1')} />
          <Typography variant="caption" color="text.secondary">
            vs
          </Typography>
          {pairing.player2 ? (
            <Player name={pairing.player2.username} won={won('player2')} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              Bye
            </Typography>
          )}
        </Box>
        {!result && pairing.reported && played && (
          <Box sx={{ textAlign: 'right' }}>
            <Typography sx={{ fontWeight: 700, color: 'text.secondary' }}>
              {formatGames(pairing.reported)}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              reportado
            </Typography>
          </Box>
        )}
        {result && played && (
          <Box sx={{ textAlign: 'right' }}>
            <Typography sx={{ fontWeight: 700, textDecoration: state === 'void' ? 'line-through' : 'none' }}>
              {formatGames(result)}
            </Typography>
            {note && (
              <Typography variant="caption" color="text.secondary">
                {note}
              </Typography>
            )}
          </Box>
        )}
      </Box>
      {played && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {state === 'pending' && pairing.canReport && (
            <Button size="small" variant="contained" onClick={() => onReport(pairing)}>
              Reportar resultado
            </Button>
          )}
          {pairing.matchId !== null && (state === 'reported' || state === 'decided') && (
            <Button size="small" component={Link} to={`/match/${pairing.matchId}`}>
              Ver partida
            </Button>
          )}
          {state === 'decided' && canManage && (
            <>
              <Button size="small" variant="outlined" onClick={() => onCorrect(pairing)}>
                Corregir
              </Button>
              <Button size="small" variant="outlined" color="warning" onClick={() => onReverse(pairing)}>
                Revertir
              </Button>
            </>
          )}
        </Box>
      )}
    </Paper>
  );
}
