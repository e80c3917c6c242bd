import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import { Link } from 'react-router';
import { DECKS_LOADING } from '../../../components/deck-status-items';
import * as MSG from '@mitos/domain/message-texts';
import type { TTournament } from '@mitos/domain/tournaments';
import { useMyDecks } from '../../../api/decks';
import { useSession } from '../../../api/session';
import { useDropParticipant, useSignUp, useWithdraw } from '../../../api/tournaments';
import { errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import { notStarted, TOURNAMENT_MSG } from '../tournament-view';
import { ConfirmDialog } from './confirm-dialog';

const SIGNED_UP = 'Inscripción confirmada';

/** The deck list of the sign-up: the player's decks, their default chosen until they pick another. */
function SignUpForm({ tournament, onClose }: { tournament: TTournament; onClose(): void }) {
  const decks = useMyDecks();
  const signUp = useSignUp(tournament.id);
  const { enqueueSnackbar } = useSnackbar();
  const [picked, setPicked] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const list = decks.data ?? [];
  const deckId = picked ?? list.find((d) => d.is_default)?.id ?? list[0]?.id ?? null;
  const full = tournament.participants >= tournament.playerCap;

  const submit = async () => {
    if (deckId === null) return;
    setRefusal(null);
    try {
      const now = await signUp.mutateAsync(deckId);
      onClose();
      if (now.me?.status === 'waitlisted') enqueueSnackbar(MSG.tournamentWaitlisted, { variant: 'info' });
      else enqueueSnackbar(SIGNED_UP, { variant: 'success' });
    } catch (err) {
      setRefusal(errorMessage(err, TOURNAMENT_MSG.saveError));
    }
  };

  return (
    <>
      <DialogTitle id="signup-title">Inscribirse</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>Elige el mazo con el que vas a jugar {tournament.name}.</DialogContentText>
          {full && <Alert severity="info">El torneo está completo: quedarás en la lista de espera.</Alert>}
          {refusal && <Alert severity="error">{refusal}</Alert>}
          {decks.isPending ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CircularProgress size={20} aria-hidden /> {DECKS_LOADING}
            </Box>
          ) : decks.isError ? (
            <Alert severity="error">No se pudieron cargar los mazos</Alert>
          ) : list.length === 0 ? (
            <Alert
              severity="warning"
              action={
                <Button component={Link} to="/decks" color="inherit" size="small">
                  Crear mi Primer Mazo
                </Button>
              }
            >
              Necesitas un mazo para inscribirte.
            </Alert>
          ) : (
            <TextField
              select
              label="Mazo"
              value={deckId ?? ''}
              onChange={(e) => setPicked(Number(e.target.value))}
              fullWidth
            >
              {list.map((deck) => (
                <MenuItem key={deck.id} value={deck.id}>
                  {deck.name} ({deck.raza}){deck.is_default ? ' · por defecto' : ''}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={deckId === null || signUp.isPending}
        >
          Inscribirme
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * The player's part in the tournament: Inscribirse while the sign-up is open, then their place
 * (inscripto, or the waiting list with its position) with Retirarme before the start, and
 * Abandonar el torneo once it runs (from the next pairing on; results stay).
 */
export function SignUpPanel({ tournament }: { tournament: TTournament }) {
  const { user } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [signingUp, setSigningUp] = useState(false);
  const [confirming, setConfirming] = useState<'withdraw' | 'drop' | null>(null);
  const withdraw = useWithdraw(tournament.id);
  const drop = useDropParticipant(tournament.id);
  const me = tournament.me;
  if (!user || tournament.status === 'finished') return null;

  const refused = (err: unknown) =>
    enqueueSnackbar(errorMessage(err, TOURNAMENT_MSG.saveError), { variant: 'error' });
  const confirm = () => {
    const done = () => setConfirming(null);
    if (confirming === 'withdraw') {
      withdraw.mutate(undefined, {
        onSuccess: () => enqueueSnackbar('Te retiraste del torneo', { variant: 'success' }),
        onError: refused,
        onSettled: done,
      });
    } else if (confirming === 'drop') {
      drop.mutate(user.id, {
        onSuccess: () => enqueueSnackbar('Abandonaste el torneo', { variant: 'success' }),
        onError: refused,
        onSettled: done,
      });
    }
  };

  let panel;
  if (!me) {
    if (tournament.status === 'registration') {
      panel = (
        <Button
          variant="contained"
          color="secondary"
          startIcon={<HowToRegIcon />}
          fullWidth
          onClick={() => setSigningUp(true)}
        >
          Inscribirse
        </Button>
      );
    } else if (tournament.status === 'upcoming') {
      panel = <Alert severity="info">{MSG.tournamentRegistrationClosed}</Alert>;
    } else {
      return null;
    }
  } else if (me.status === 'dropped') {
    panel = <Alert severity="info">Abandonaste el torneo.</Alert>;
  } else {
    const deck = tournament.participantList.find((p) => p.userId === user.id)?.deck;
    const waitlisted = me.status === 'waitlisted';
    const before = notStarted(tournament);
    panel = (
      <Alert
        severity={waitlisted ? 'warning' : 'success'}
        // On a phone the button goes under the message instead of squeezing it to a word a line.
        sx={{ flexWrap: 'wrap', '& .MuiAlert-message': { flex: '1 1 12rem' } }}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => setConfirming(before ? 'withdraw' : 'drop')}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {before ? 'Retirarme' : 'Abandonar el torneo'}
          </Button>
        }
      >
        {waitlisted
          ? `Estás en la lista de espera: posición ${me.waitlistPosition ?? '?'}.`
          : `Estás inscripto${deck ? ` con ${deck.name}` : ''}.`}
        {!waitlisted && me.checkedIn && ' Acreditado.'}
      </Alert>
    );
  }

  return (
    <Box sx={{ mb: 2 }}>
      {panel}
      <Dialog
        open={signingUp}
        onClose={() => setSigningUp(false)}
        fullWidth
        maxWidth="xs"
        aria-labelledby="signup-title"
      >
        {signingUp && <SignUpForm tournament={tournament} onClose={() => setSigningUp(false)} />}
      </Dialog>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'drop' ? '¿Abandonar el torneo?' : '¿Retirarte del torneo?'}
        confirmLabel={confirming === 'drop' ? 'Abandonar' : 'Retirarme'}
        busy={withdraw.isPending || drop.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        {confirming === 'drop'
          ? 'No te emparejarán en las próximas rondas; tus resultados quedan en las posiciones.'
          : 'Liberas tu lugar en el torneo. Puedes volver a inscribirte mientras la inscripción siga abierta.'}
      </ConfirmDialog>
    </Box>
  );
}
