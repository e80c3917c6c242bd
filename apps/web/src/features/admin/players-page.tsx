import {
  Button,
  Container,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { PageHeading } from '../../components/page-heading';
import { formatListDate } from '../../lib/dates';
import { ADMIN_MSG, createPlayer, validatePlayer, type PlayerFormValues } from './admin-rules';
import { AddFormCard, useAddForm } from './components/add-form';
import { TimedAlert } from './components/timed-alert';
import { useAdminPlayers } from './use-admin-data';
import { ScrollTable } from '../../components/scroll-table';

const EMPTY: PlayerFormValues = { name: '', torCode: '' };

export default function AdminPlayersPage() {
  const [players, save] = useAdminPlayers();
  const form = useAddForm({
    empty: EMPTY,
    validate: validatePlayer,
    add: (values) => save([...players, createPlayer(players, values, new Date())]),
    success: ADMIN_MSG.playerAdded,
  });

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Jugadores" backTo="/admin" />
      <TimedAlert notice={form.notice} onClose={form.clearNotice} />
      <AddFormCard label="Agregar jugador" error={form.error} onSubmit={form.submit} columns="2fr 1fr auto">
        <TextField
          label="Nombre"
          value={form.values.name}
          onChange={(e) => form.set('name')(e.target.value)}
          required
        />
        <TextField
          label="Código TOR"
          value={form.values.torCode}
          onChange={(e) => form.set('torCode')(e.target.value)}
          placeholder="TOR016"
          required
        />
        <Button type="submit" variant="contained" startIcon={<PersonAddIcon />} sx={{ height: 56 }}>
          Agregar Jugador
        </Button>
      </AddFormCard>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Jugadores registrados
      </Typography>
      {players.length === 0 ? (
        <Typography color="text.secondary">Todavía no hay jugadores registrados.</Typography>
      ) : (
        <ScrollTable label="Jugadores registrados">
          <Table size="small" aria-label="Jugadores registrados">
            <TableHead>
              <TableRow>
                <TableCell>Jugador</TableCell>
                <TableCell>Código TOR</TableCell>
                <TableCell>Alta</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {players.map((p) => (
                <TableRow key={p.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{p.name}</TableCell>
                  <TableCell>{p.torCode}</TableCell>
                  <TableCell>{formatListDate(p.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollTable>
      )}
    </Container>
  );
}
