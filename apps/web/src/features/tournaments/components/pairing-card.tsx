import { Button, Paper, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Link } from 'react-router';
import type { TPairing } from '@mitos/domain/tournaments';
import { BRAND_COLORS, PALETTE } from '../../../lib/brand-colors';
import { formatGames, PAIRING_STATE_COLORS, PAIRING_STATE_LABELS, pairingState } from '../tournament-view';
import { withNameBreaks } from '../../../lib/name-breaks';
import { PaletteChip } from '../../../components/palette-chip';

const OUTCOME_NOTES = { draw: 'Empate', double_loss: 'Derrota para ambos' } as const;

/**
 * The card's styles, serialized once when this module loads (MUI's `styled` with a plain object),
 * not an `sx` on each part at every render: a round of 256 players draws 128 of these cards. The
 * parts carry these classes.
 */
const C = {
  head: 'pairing__head',
  body: 'pairing__body',
  player: 'pairing__player',
  name: 'pairing__name',
  trophy: 'pairing__trophy',
  bye: 'pairing__bye',
  games: 'pairing__games',
  score: 'pairing__score',
  actions: 'pairing__actions',
} as const;

const CardRoot = styled(Paper)({
  padding: 12,
  listStyle: 'none',
  [`& .${C.head}`]: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: 8,
    marginBottom: 8,
  },
  [`& .${C.body}`]: { display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', columnGap: 8 },
  [`& .${C.player}`]: { display: 'flex', alignItems: 'center', gap: 4, minWidth: 0 },
  [`& .${C.name}`]: { overflowWrap: 'anywhere', color: PALETTE.text.primary },
  [`& .${C.player}[data-won] .${C.name}`]: { fontWeight: 700, color: BRAND_COLORS.primary },
  [`& .${C.trophy}`]: { color: PALETTE.secondary },
  [`& .${C.bye}`]: { fontStyle: 'italic' },
  [`& .${C.games}`]: { textAlign: 'right' },
  [`& .${C.score}`]: { fontWeight: 700 },
  [`& .${C.score}[data-void]`]: { textDecoration: 'line-through' },
  [`& .${C.actions}`]: { display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 },
  // Paper's own props, `component` with them, which `styled` does not type.
}) as typeof Paper;

function Player({ name, won }: { name: string; won: boolean }) {
  return (
    <div className={C.player} data-won={won || undefined}>
      <Typography variant="body2" className={C.name}>
        {withNameBreaks(name)}
      </Typography>
      {won && <EmojiEventsIcon fontSize="small" className={C.trophy} titleAccess="Ganador" />}
    </div>
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
    <CardRoot component="li" variant="outlined" aria-label={`Mesa ${pairing.table}`}>
      <div className={C.head}>
        <Typography variant="subtitle2" color="textSecondary">
          Mesa {pairing.table}
        </Typography>
        <PaletteChip
          variant="outlined"
          label={PAIRING_STATE_LABELS[state]}
          color={PAIRING_STATE_COLORS[state]}
        />
      </div>
      <div className={C.body}>
        <div>
          <Player name={pairing.player1.username} won={won('player1')} />
          <Typography variant="caption" color="textSecondary">
            vs
          </Typography>
          {pairing.player2 ? (
            <Player name={pairing.player2.username} won={won('player2')} />
          ) : (
            <Typography variant="body2" color="textSecondary" className={C.bye}>
              Bye
            </Typography>
          )}
        </div>
        {!result && pairing.reported && played && (
          <div className={C.games}>
            <Typography color="textSecondary" className={C.score}>
              {formatGames(pairing.reported)}
            </Typography>
            <Typography variant="caption" color="textSecondary">
              reportado
            </Typography>
          </div>
        )}
        {result && played && (
          <div className={C.games}>
            <Typography className={C.score} data-void={state === 'void' || undefined}>
              {formatGames(result)}
            </Typography>
            {note && (
              <Typography variant="caption" color="textSecondary">
                {note}
              </Typography>
            )}
          </div>
        )}
      </div>
      {played && (
        <div className={C.actions}>
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
        </div>
      )}
    </CardRoot>
  );
}
