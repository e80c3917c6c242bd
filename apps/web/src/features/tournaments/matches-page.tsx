import { useState, type ReactNode } from 'react';
import { Box, CircularProgress, MenuItem, TextField, Typography } from '@mui/material';
import { pairingAllowsDraws, type GameScore } from '@mitos/domain/tournament-rules';
import type { TPairing, TTournament } from '@mitos/domain/tournaments';
import {
  needsForceConfirmation,
  useCorrectResult,
  useReportResult,
  useReverseResult,
  useTournamentPairings,
} from '../../api/tournaments';
import { errorMessage } from '../../lib/api-client';
import { useSnackbar } from '../../lib/snackbar';
import { ConfirmDialog } from './components/confirm-dialog';
import { PairingCard } from './components/pairing-card';
import { ScoreDialog } from './components/score-dialog';
import { TournamentLoadError, TournamentScreen } from './components/tournament-screen';
import { bestOfOf, pairingRounds, TOURNAMENT_MSG, type PairingRound } from './tournament-view';

function RoundList({ round, children }: { round: PairingRound; children: (pairing: TPairing) => ReactNode }) {
  return (
    <Box component="section" aria-label={round.label} sx={{ mb: 3 }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
        {round.label}
      </Typography>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {round.pairings.map((p) => children(p))}
      </Box>
    </Box>
  );
}

/** A write that later matches depend on: the server's 409 asks first, then it is sent again with force. */
interface ForceQuestion {
  message: string;
  resend(): Promise<void>;
}

/**
 * Partidas: the tournament's pairings by round (a Swiss shows one round at a time, the latest
 * first), with Reportar resultado for its players and Corregir / Revertir for its organisers.
 */
function Pairings({ tournament }: { tournament: TTournament }) {
  const pairings = useTournamentPairings(tournament.id);
  const report = useReportResult(tournament.id);
  const correct = useCorrectResult(tournament.id);
  const reverse = useReverseResult(tournament.id);
  const { enqueueSnackbar } = useSnackbar();
  const [scoring, setScoring] = useState<{ pairing: TPairing; correcting: boolean } | null>(null);
  const [reversing, setReversing] = useState<TPairing | null>(null);
  const [forcing, setForcing] = useState<ForceQuestion | null>(null);
  const [chosenRound, setChosenRound] = useState<string | null>(null);

  if (pairings.isError) {
    return (
      <TournamentLoadError
        error={pairings.error}
        notFound={TOURNAMENT_MSG.notFound}
        retry={pairings.refetch}
      />
    );
  }
  if (!pairings.data) return <CircularProgress aria-label="Cargando partidas" />;
  const rounds = pairingRounds(pairings.data);
  if (rounds.length === 0) {
    return (
      <Typography color="textSecondary">
        Todavía no hay partidas: se arman cuando comienza el torneo.
      </Typography>
    );
  }

  const refused = (err: unknown) =>
    enqueueSnackbar(errorMessage(err, TOURNAMENT_MSG.saveError), { variant: 'error' });

  /** Sends a correction or reversal; a 409 over later matches asks before sending it with force. */
  const withForce = async (
    send: (force: boolean) => Promise<unknown>,
    done: string,
  ): Promise<string | null> => {
    const finish = () => {
      setScoring(null);
      setReversing(null);
      setForcing(null);
      enqueueSnackbar(done, { variant: 'success' });
    };
    try {
      await send(false);
      finish();
      return null;
    } catch (err) {
      if (!needsForceConfirmation(err)) return errorMessage(err, TOURNAMENT_MSG.saveError);
      setForcing({
        message: err.message,
        resend: () =>
          send(true).then(finish, (again: unknown) => {
            setForcing(null);
            refused(again);
          }),
      });
      return null;
    }
  };

  const submitScore = async (score: GameScore): Promise<string | null> => {
    if (!scoring) return null;
    const pairingId = scoring.pairing.id;
    if (scoring.correcting) {
      return withForce((force) => correct.mutateAsync({ pairingId, ...score, force }), 'Resultado corregido');
    }
    try {
      await report.mutateAsync({ pairingId, ...score });
      setScoring(null);
      enqueueSnackbar('Resultado enviado', { variant: 'success' });
      return null;
    } catch (err) {
      return errorMessage(err, TOURNAMENT_MSG.saveError);
    }
  };

  const confirmReverse = async () => {
    if (!reversing) return;
    const pairingId = reversing.id;
    const refusal = await withForce(
      (force) => reverse.mutateAsync({ pairingId, force }),
      'Resultado revertido',
    );
    if (refusal) {
      setReversing(null);
      enqueueSnackbar(refusal, { variant: 'error' });
    }
  };

  const swiss = tournament.type === 'swiss';
  const shownKey =
    chosenRound !== null && rounds.some((r) => r.key === chosenRound) ? chosenRound : rounds.at(-1)!.key;
  const shown = swiss ? rounds.filter((r) => r.key === shownKey) : rounds;
  const card = (p: TPairing) => (
    <PairingCard
      key={p.id}
      pairing={p}
      canManage={tournament.canManage}
      onReport={(pairing) => setScoring({ pairing, correcting: false })}
      onCorrect={(pairing) => setScoring({ pairing, correcting: true })}
      onReverse={setReversing}
    />
  );

  return (
    <>
      {swiss && rounds.length > 1 && (
        <TextField
          select
          label="Ronda"
          value={shownKey}
          onChange={(e) => setChosenRound(e.target.value)}
          size="small"
          sx={{ mb: 2, minWidth: 200 }}
        >
          {rounds.map((r) => (
            <MenuItem key={r.key} value={r.key}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
      )}
      {shown.map((round) => (
        <RoundList key={round.key} round={round}>
          {card}
        </RoundList>
      ))}

      <ScoreDialog
        pairing={scoring?.pairing ?? null}
        correcting={scoring?.correcting ?? false}
        bestOf={bestOfOf(tournament)}
        allowsDraws={scoring ? pairingAllowsDraws(tournament.type, scoring.pairing.stage) : false}
        onClose={() => setScoring(null)}
        onSubmit={submitScore}
      />
      <ConfirmDialog
        open={reversing !== null && forcing === null}
        title={`¿Revertir el resultado de la mesa ${reversing?.table ?? ''}?`}
        confirmLabel="Revertir"
        busy={reverse.isPending}
        onCancel={() => setReversing(null)}
        onConfirm={() => void confirmReverse()}
      >
        El resultado se anula y la partida vuelve a quedar pendiente.
      </ConfirmDialog>
      <ConfirmDialog
        open={forcing !== null}
        title="¿Anular las partidas posteriores?"
        confirmLabel="Confirmar"
        busy={correct.isPending || reverse.isPending}
        onCancel={() => {
          setForcing(null);
          setReversing(null);
        }}
        onConfirm={() => void forcing?.resend()}
      >
        {forcing?.message}
      </ConfirmDialog>
    </>
  );
}

export default function MatchesPage() {
  return (
    <TournamentScreen title="Partidas">
      {(tournament) => <Pairings tournament={tournament} />}
    </TournamentScreen>
  );
}
