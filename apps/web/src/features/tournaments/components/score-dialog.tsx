import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { scoreRefusal, type BestOf, type GameScore } from '@mitos/domain/tournament-rules';
import type { TPairing } from '@mitos/domain/tournaments';

export interface ScoreDialogProps {
  /** The pairing whose result is entered; the dialog is closed without one. */
  pairing: TPairing | null;
  /** Corregir resultado (a decided pairing) rather than Reportar resultado. */
  correcting: boolean;
  bestOf: BestOf;
  allowsDraws: boolean;
  onClose(): void;
  /** Sends the score; the refusal to show when it failed, null otherwise. */
  onSubmit(score: GameScore): Promise<string | null>;
}

/** A typed count of games: a whole number, else NaN (which the score rule refuses). */
const games = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

function ScoreForm({
  pairing,
  correcting,
  bestOf,
  allowsDraws,
  onClose,
  onSubmit,
}: ScoreDialogProps & { pairing: TPairing }) {
  const start = pairing.result;
  const [values, setValues] = useState({
    games1: String(start?.games1 ?? 0),
    games2: String(start?.games2 ?? 0),
    gamesDrawn: String(start?.gamesDrawn ?? 0),
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const name1 = pairing.player1.username;
  const name2 = pairing.player2?.username ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const score = {
      games1: games(values.games1),
      games2: games(values.games2),
      gamesDrawn: games(values.gamesDrawn),
    };
    // The same rule the server applies: a score that cannot stand is not sent.
    const refused = scoreRefusal(score, bestOf, allowsDraws);
    setRefusal(refused);
    if (refused) return;
    setSending(true);
    const answer = await onSubmit(score);
    setSending(false);
    setRefusal(answer);
  };

  const field = (key: keyof typeof values, label: string) => (
    <TextField
      label={label}
      type="number"
      value={values[key]}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      slotProps={{ htmlInput: { min: 0, max: bestOf, inputMode: 'numeric' } }}
      fullWidth
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogTitle id="score-title">{correcting ? 'Corregir resultado' : 'Reportar resultado'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>
            Mesa {pairing.table}: {name1} vs {name2}, al mejor de {bestOf}.
            {!correcting && ' Si lo carga un jugador, el rival lo aprueba desde la partida.'}
          </DialogContentText>
          {refusal && <Alert severity="error">{refusal}</Alert>}
          {field('games1', `Juegos ganados por ${name1}`)}
          {field('games2', `Juegos ganados por ${name2}`)}
          {field('gamesDrawn', 'Juegos empatados')}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={sending}>
          {correcting ? 'Guardar corrección' : 'Enviar resultado'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** Reportar / Corregir resultado: games won by each player and drawn games, checked before sending. */
export function ScoreDialog(props: ScoreDialogProps) {
  const { pairing, onClose } = props;
  return (
    <Dialog open={pairing !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="score-title">
      {pairing && <ScoreForm key={pairing.id} {...props} pairing={pairing} />}
    </Dialog>
  );
}
