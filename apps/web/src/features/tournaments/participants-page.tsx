import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SaveIcon from '@mui/icons-material/Save';
import { useSnackbar } from '../../lib/snackbar';
import { UserAvatar } from '../../components/user-avatar';
import { TournamentScreen } from './components/tournament-screen';
import { SAMPLE_USERS, type SampleUser } from './data/sample-users';
import type { Participant, Tournament } from './tournament';
import { addParticipant, removeParticipant, searchSampleUsers, TOURNAMENT_MSG } from './tournament-rules';
import { ScrollTable } from '../../components/scroll-table';
import { LAYOUT, TIMINGS } from '../../lib/ui-constants';

/** SPEC §9: saving participants is simulated and takes a second. */
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ParticipantsEditor({
  tournament,
  save,
}: {
  tournament: Tournament;
  save: (t: Tournament) => boolean;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [participants, setParticipants] = useState<Participant[]>(tournament.participants);
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const results = searchSampleUsers(SAMPLE_USERS, query);
  const dirty = participants !== tournament.participants;

  const add = (user: SampleUser) => {
    const result = addParticipant(participants, user);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setError(null);
    setParticipants(result.participants);
    setQuery('');
  };

  const remove = (id: number) => {
    setError(null);
    setParticipants((list) => removeParticipant(list, id));
  };

  const submit = async () => {
    setSaving(true);
    setError(null);
    await wait(TIMINGS.participantSaveMs);
    const stored = save({ ...tournament, participants });
    setSaving(false);
    if (stored) enqueueSnackbar('Cambios guardados', { variant: 'success' });
    else setError(TOURNAMENT_MSG.saveError);
  };

  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          label="Buscar usuario"
          helperText="Nombre de usuario, @usuario o ID"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          fullWidth
          autoComplete="off"
        />
        {query.trim() !== '' && (
          <List
            dense
            aria-label="Resultados de la búsqueda"
            sx={{ maxHeight: LAYOUT.searchResultsMaxHeight, overflowY: 'auto', mt: 1 }}
          >
            {results.length === 0 && (
              <ListItem>
                <ListItemText secondary="No se encontraron usuarios" />
              </ListItem>
            )}
            {results.map((user) => (
              <ListItem
                key={user.id}
                secondaryAction={
                  <IconButton edge="end" aria-label={`Agregar a ${user.username}`} onClick={() => add(user)}>
                    <PersonAddIcon />
                  </IconButton>
                }
              >
                <ListItemAvatar sx={{ minWidth: 44 }}>
                  <UserAvatar username={user.username} size={32} decorative />
                </ListItemAvatar>
                <ListItemText primary={user.username} secondary={`ID ${user.id} · ${user.mainDeck}`} />
              </ListItem>
            ))}
          </List>
        )}
      </Paper>

      {error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error}
        </Alert>
      )}

      <ScrollTable label="Participantes del torneo" sx={{ mb: 2 }}>
        <Table size="small" aria-label="Participantes del torneo">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              <TableCell>Jugador</TableCell>
              <TableCell>Mazo</TableCell>
              <TableCell align="right" sx={{ width: 72 }}>
                Acciones
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {participants.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary" variant="body2">
                    Todavía no hay participantes inscriptos.
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {participants.map((p, index) => (
              <TableRow key={p.id}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <UserAvatar username={p.name} size={24} decorative sx={{ flexShrink: 0 }} />
                    <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                      {p.name}
                    </Typography>
                  </Box>
                </TableCell>
                <TableCell>{p.mainDeck}</TableCell>
                <TableCell align="right">
                  <IconButton aria-label={`Quitar a ${p.name}`} onClick={() => remove(p.id)} size="small">
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTable>

      <Button
        variant="contained"
        onClick={() => void submit()}
        disabled={saving || !dirty}
        startIcon={
          saving ? <CircularProgress size={18} color="inherit" aria-label="Guardando" /> : <SaveIcon />
        }
        fullWidth
      >
        Guardar
      </Button>
    </>
  );
}

export default function ParticipantsPage() {
  return (
    <TournamentScreen title="Participantes">
      {(tournament, save) => <ParticipantsEditor key={tournament.id} tournament={tournament} save={save} />}
    </TournamentScreen>
  );
}
