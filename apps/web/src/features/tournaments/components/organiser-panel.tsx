import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { Link, useNavigate } from 'react-router';
import type { TTournament, TTournamentInput } from '@mitos/domain/tournaments';
import { useStores } from '../../../api/community';
import {
  useBuildPlayoff,
  useCloseRound,
  useDeleteTournament,
  usePairRound,
  useStartTournament,
  useUpdateTournament,
} from '../../../api/tournaments';
import { errorMessage } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/snackbar';
import {
  creatableStores,
  formValuesOf,
  notStarted,
  offersPlayoff,
  plannedSwissRounds,
  TOURNAMENT_MSG,
} from '../tournament-view';
import { useTournamentActor } from '../use-tournament-actor';
import { ConfirmDialog } from './confirm-dialog';
import { Section } from './section';
import { TournamentFormDialog } from './tournament-form-dialog';

type Unplayed = 'draw' | 'double_loss';

/** Cerrar ronda: the round's matches without a result become draws, or losses for both players. */
function CloseRoundDialog({
  round,
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  round: number;
  open: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirm(unplayed: Unplayed): void;
}) {
  const [unplayed, setUnplayed] = useState<Unplayed>('draw');
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="close-round-title">
      <DialogTitle id="close-round-title">Cerrar ronda {round}</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id="unplayed-label">Las partidas sin resultado cuentan como</FormLabel>
          <RadioGroup
            aria-labelledby="unplayed-label"
            value={unplayed}
            onChange={(e) => setUnplayed(e.target.value as Unplayed)}
          >
            <FormControlLabel value="draw" control={<Radio />} label="Empate" />
            <FormControlLabel value="double_loss" control={<Radio />} label="Derrota para ambos" />
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button variant="contained" onClick={() => onConfirm(unplayed)} disabled={busy}>
          Cerrar ronda
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type Asking = 'start' | 'delete' | 'close' | null;

/**
 * What the people who run a tournament do from its page: start it, pair the next Swiss round,
 * close the round in play, build the top cut, edit or delete it. Drops and check-in are on
 * Participantes; results on Partidas.
 */
export function OrganiserPanel({ tournament }: { tournament: TTournament }) {
  if (!tournament.canManage || tournament.status === 'finished') return null;
  return <OrganiserControls tournament={tournament} />;
}

function OrganiserControls({ tournament }: { tournament: TTournament }) {
  const id = tournament.id;
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const actor = useTournamentActor();
  const stores = useStores();
  const start = useStartTournament(id);
  const pair = usePairRound(id);
  const close = useCloseRound(id);
  const playoff = useBuildPlayoff(id);
  const update = useUpdateTournament(id);
  const remove = useDeleteTournament(id);
  const [asking, setAsking] = useState<Asking>(null);
  const [editing, setEditing] = useState(false);

  const before = notStarted(tournament);
  const swissRound = tournament.type === 'swiss' && tournament.phase === 'swiss' ? tournament.round : null;
  const nextRound = (tournament.round ?? 0) + 1;
  const planned = tournament.type === 'swiss' ? plannedSwissRounds(tournament) : null;
  const refused = (err: unknown) =>
    enqueueSnackbar(errorMessage(err, TOURNAMENT_MSG.saveError), { variant: 'error' });
  const done = (message: string) => () => enqueueSnackbar(message, { variant: 'success' });
  const settle = () => setAsking(null);

  const storeChoices = [
    tournament.store,
    ...(actor ? creatableStores(stores.data ?? [], actor) : []).filter((s) => s.id !== tournament.store.id),
  ];
  const save = async (input: TTournamentInput): Promise<string | null> => {
    try {
      await update.mutateAsync(input);
      setEditing(false);
      enqueueSnackbar('Cambios guardados', { variant: 'success' });
      return null;
    } catch (err) {
      return errorMessage(err, TOURNAMENT_MSG.saveError);
    }
  };

  return (
    <Section title="Organización">
      {swissRound !== null && (
        <Typography sx={{ mb: 1 }}>
          Ronda {swissRound}
          {planned !== null && ` de ${planned}`}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {before && (
          <Button variant="contained" onClick={() => setAsking('start')}>
            Comenzar torneo
          </Button>
        )}
        {tournament.canPairNext && (
          <Button
            variant="contained"
            disabled={pair.isPending}
            onClick={() =>
              pair.mutate(nextRound, { onSuccess: done(`Ronda ${nextRound} emparejada`), onError: refused })
            }
          >
            Emparejar ronda {nextRound}
          </Button>
        )}
        {swissRound !== null && (
          <Button variant="outlined" onClick={() => setAsking('close')}>
            Cerrar ronda
          </Button>
        )}
        {offersPlayoff(tournament) && (
          <Button
            variant="contained"
            disabled={playoff.isPending}
            onClick={() =>
              playoff.mutate(undefined, {
                onSuccess: done(`Top ${tournament.topCut} armado`),
                onError: refused,
              })
            }
          >
            Armar Top {tournament.topCut}
          </Button>
        )}
        <Button variant="outlined" component={Link} to={`/tournaments/${id}/participants`}>
          {before ? 'Participantes y acreditación' : 'Dar de baja jugadores'}
        </Button>
        <Button variant="outlined" onClick={() => setEditing(true)}>
          Editar torneo
        </Button>
        {before && (
          <Button variant="outlined" color="error" onClick={() => setAsking('delete')}>
            Eliminar torneo
          </Button>
        )}
      </Box>

      <ConfirmDialog
        open={asking === 'start'}
        title="¿Comenzar el torneo?"
        confirmLabel="Comenzar"
        busy={start.isPending}
        onCancel={settle}
        onConfirm={() =>
          start.mutate(undefined, {
            onSuccess: done('El torneo comenzó'),
            onError: refused,
            onSettled: settle,
          })
        }
      >
        Se cierra la inscripción, se ordenan los jugadores y se arma{' '}
        {tournament.type === 'swiss' ? 'la primera ronda' : 'el bracket'}. No se puede deshacer.
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'delete'}
        title="¿Eliminar el torneo?"
        confirmLabel="Eliminar"
        busy={remove.isPending}
        onCancel={settle}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              enqueueSnackbar('Torneo eliminado', { variant: 'success' });
              void navigate('/tournaments');
            },
            onError: refused,
            onSettled: settle,
          })
        }
      >
        Se borran el torneo, sus inscriptos y sus comunicados.
      </ConfirmDialog>
      {swissRound !== null && (
        <CloseRoundDialog
          round={swissRound}
          open={asking === 'close'}
          busy={close.isPending}
          onCancel={settle}
          onConfirm={(unplayed) =>
            close.mutate(
              { round: swissRound, unplayed },
              { onSuccess: done(`Ronda ${swissRound} cerrada`), onError: refused, onSettled: settle },
            )
          }
        />
      )}
      <TournamentFormDialog
        open={editing}
        initial={formValuesOf(tournament)}
        stores={storeChoices}
        started={!before}
        onClose={() => setEditing(false)}
        onSubmit={save}
      />
    </Section>
  );
}
