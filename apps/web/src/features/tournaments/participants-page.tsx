import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import SaveIcon from '@mui/icons-material/Save';
import type { TTournament, TTournamentParticipant } from '@mitos/domain/tournaments';
import type { TUserSummary } from '@mitos/domain/users';
import {
  useCheckIn,
  useDropParticipant,
  useSaveParticipants,
  useTournamentParticipants,
} from '../../api/tournaments';
import { PlayerSearch } from '../../components/player-search';
import { ScrollTable } from '../../components/scroll-table';
import { UserAvatar } from '../../components/user-avatar';
import { errorMessage } from '../../lib/api-client';
import { useSnackbar } from '../../lib/snackbar';
import { ConfirmDialog } from './components/confirm-dialog';
import { TournamentLoadError, TournamentScreen } from './components/tournament-screen';
import { notStarted, PARTICIPANT_STATUS_LABELS, TOURNAMENT_MSG } from './tournament-view';
import { PaletteChip } from '../../components/palette-chip';

/** A row of the list being edited: a saved participant, or a player added since the last Guardar. */
interface Row {
  userId: number;
  username: string;
  deck: TTournamentParticipant['deck'];
}

const rowOf = (p: TTournamentParticipant): Row => ({ userId: p.userId, username: p.username, deck: p.deck });

const NO_DECK = 'Sin mazo elegido';
const STATUS_COLORS = { registered: 'success', waitlisted: 'warning', dropped: 'default' } as const;

function StatusChip({ participant }: { participant: TTournamentParticipant | null }) {
  if (!participant) return <Chip size="small" variant="outlined" label="Sin guardar" />;
  const label =
    participant.status === 'dropped' && participant.droppedAfterRound !== null
      ? `${PARTICIPANT_STATUS_LABELS.dropped} (ronda ${participant.droppedAfterRound})`
      : PARTICIPANT_STATUS_LABELS[participant.status];
  return <PaletteChip label={label} color={STATUS_COLORS[participant.status]} variant="outlined" />;
}

/**
 * The participants' table styles, once for the table rather than an `sx` on each row's parts: a
 * tournament of 256 players draws 256 rows. The cells carry these classes.
 */
const C = { player: 'participants__player', nowrap: 'participants__nowrap' } as const;

const TABLE_SX = {
  '& thead th:first-of-type': { width: 40 },
  [`& .${C.player}`]: { display: 'flex', alignItems: 'center', gap: 1 },
  [`& .${C.player} > .MuiAvatar-root`]: { flexShrink: 0 },
  [`& .${C.nowrap}, & .${C.player} > p`]: { whiteSpace: 'nowrap' },
} as const;

function PlayerCell({ username }: { username: string }) {
  return (
    <div className={C.player}>
      <UserAvatar username={username} size={24} decorative />
      <Typography variant="body2">{username}</Typography>
    </div>
  );
}

/** Acreditado: whether a registered player is present; saved at once, apart from Guardar. */
function CheckInSwitch({
  tournamentId,
  participant,
}: {
  tournamentId: number;
  participant: TTournamentParticipant;
}) {
  const checkIn = useCheckIn(tournamentId);
  const { enqueueSnackbar } = useSnackbar();
  return (
    <Switch
      checked={participant.checkedIn}
      disabled={participant.status !== 'registered' || checkIn.isPending}
      onChange={(e) =>
        checkIn.mutate(
          { userId: participant.userId, checkedIn: e.target.checked },
          {
            onError: (err) =>
              enqueueSnackbar(errorMessage(err, TOURNAMENT_MSG.saveError), { variant: 'error' }),
          },
        )
      }
      slotProps={{ input: { 'aria-label': `Acreditado: ${participant.username}` } }}
    />
  );
}

/**
 * Before the start, for the people who run it (SPEC §2): search and add players, remove them,
 * Guardar sends the whole list; Acreditado (check-in) is saved on its own.
 */
function ParticipantsEditor({
  tournament,
  participants,
}: {
  tournament: TTournament;
  participants: TTournamentParticipant[];
}) {
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveParticipants(tournament.id);
  const [draft, setDraft] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = draft ?? participants.map(rowOf);
  const savedOf = new Map(participants.map((p) => [p.userId, p]));

  const add = (user: TUserSummary) => {
    if (rows.some((r) => r.userId === user.id)) {
      setError(TOURNAMENT_MSG.duplicateParticipant);
      return;
    }
    setError(null);
    setDraft([...rows, { userId: user.id, username: user.username, deck: null }]);
  };

  const remove = (userId: number) => {
    setError(null);
    setDraft(rows.filter((r) => r.userId !== userId));
  };

  const submit = () => {
    if (!draft) return;
    setError(null);
    save.mutate(
      draft.map((r) => ({ userId: r.userId, deckId: r.deck?.id ?? null })),
      {
        onSuccess: () => {
          setDraft(null);
          enqueueSnackbar('Cambios guardados', { variant: 'success' });
        },
        onError: (err) => setError(errorMessage(err, TOURNAMENT_MSG.saveError)),
      },
    );
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <PlayerSearch label="Buscar usuario" onSelect={add} />
      </Paper>

      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}

      <ScrollTable label="Participantes del torneo" sx={{ mb: 2 }}>
        <Table size="small" aria-label="Participantes del torneo" sx={TABLE_SX}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Jugador</TableCell>
              <TableCell>Mazo</TableCell>
              <TableCell>Estado</TableCell>
              <TableCell>Acreditado</TableCell>
              <TableCell align="right" sx={{ width: 72 }}>
                Acciones
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6}>
                  <Typography color="textSecondary" variant="body2">
                    Todavía no hay participantes inscriptos.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((r, index) => {
              const saved = savedOf.get(r.userId) ?? null;
              return (
                <TableRow key={r.userId}>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>
                    <PlayerCell username={r.username} />
                  </TableCell>
                  <TableCell className={C.nowrap}>{r.deck?.name ?? NO_DECK}</TableCell>
                  <TableCell>
                    <StatusChip participant={saved} />
                  </TableCell>
                  <TableCell>
                    {saved ? <CheckInSwitch tournamentId={tournament.id} participant={saved} /> : '—'}
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={`Quitar a ${r.username}`}
                      onClick={() => remove(r.userId)}
                      size="small"
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollTable>

      <Button
        variant="contained"
        onClick={submit}
        disabled={save.isPending || draft === null}
        startIcon={
          save.isPending ? (
            <CircularProgress size={18} color="inherit" aria-label="Guardando" />
          ) : (
            <SaveIcon />
          )
        }
        fullWidth
      >
        Guardar
      </Button>
    </>
  );
}

/** The list as it stands: everyone's view, and the managers' once it started (with Dar de baja). */
function ParticipantsTable({
  tournament,
  participants,
}: {
  tournament: TTournament;
  participants: TTournamentParticipant[];
}) {
  const drop = useDropParticipant(tournament.id);
  const { enqueueSnackbar } = useSnackbar();
  const [dropping, setDropping] = useState<TTournamentParticipant | null>(null);
  const drops = tournament.canManage && tournament.status === 'in_progress';

  const confirmDrop = () => {
    if (!dropping) return;
    drop.mutate(dropping.userId, {
      onSuccess: () => enqueueSnackbar(`${dropping.username} abandonó el torneo`, { variant: 'success' }),
      onError: (err) => enqueueSnackbar(errorMessage(err, TOURNAMENT_MSG.saveError), { variant: 'error' }),
      onSettled: () => setDropping(null),
    });
  };

  return (
    <>
      <ScrollTable label="Participantes del torneo">
        <Table size="small" aria-label="Participantes del torneo" sx={TABLE_SX}>
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Jugador</TableCell>
              <TableCell>Mazo</TableCell>
              <TableCell>Estado</TableCell>
              {drops && <TableCell align="right">Acciones</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {participants.length === 0 && (
              <TableRow>
                <TableCell colSpan={drops ? 5 : 4}>
                  <Typography color="textSecondary" variant="body2">
                    Todavía no hay participantes inscriptos.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {participants.map((p, index) => (
              <TableRow key={p.userId}>
                <TableCell>{p.seed ?? index + 1}</TableCell>
                <TableCell>
                  <PlayerCell username={p.username} />
                </TableCell>
                <TableCell className={C.nowrap}>{p.deck?.name ?? NO_DECK}</TableCell>
                <TableCell>
                  <StatusChip participant={p} />
                </TableCell>
                {drops && (
                  <TableCell align="right">
                    {p.status === 'registered' && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDropping(p)}
                        aria-label={`Dar de baja a ${p.username}`}
                      >
                        Dar de baja
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTable>
      <ConfirmDialog
        open={dropping !== null}
        title={`¿Dar de baja a ${dropping?.username ?? ''}?`}
        confirmLabel="Dar de baja"
        busy={drop.isPending}
        onCancel={() => setDropping(null)}
        onConfirm={confirmDrop}
      >
        No se lo empareja en las próximas rondas; sus resultados quedan en las posiciones.
      </ConfirmDialog>
    </>
  );
}

function Participants({ tournament }: { tournament: TTournament }) {
  const participants = useTournamentParticipants(tournament.id);
  if (participants.isError) {
    return (
      <TournamentLoadError
        error={participants.error}
        notFound={TOURNAMENT_MSG.notFound}
        retry={participants.refetch}
      />
    );
  }
  if (!participants.data) return <CircularProgress aria-label="Cargando participantes" />;
  return tournament.canManage && notStarted(tournament) ? (
    <ParticipantsEditor tournament={tournament} participants={participants.data} />
  ) : (
    <ParticipantsTable tournament={tournament} participants={participants.data} />
  );
}

export default function ParticipantsPage() {
  return (
    <TournamentScreen title="Participantes">
      {(tournament) => <Participants key={tournament.id} tournament={tournament} />}
    </TournamentScreen>
  );
}
