import {
  Autocomplete,
  Box,
  Button,
  Container,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { DayField } from '../../components/day-field';
import { PageHeading } from '../../components/page-heading';
import { formatDay } from '../../lib/dates';
import { STORES } from '../../lib/sample-stores';
import {
  ADMIN_MSG,
  createResult,
  EMPTY_RESULT_FORM,
  resultContenders,
  validateResult,
  withOfferedWinner,
} from './admin-rules';
import { AddFormCard, useAddForm } from './components/add-form';
import { TimedAlert } from './components/timed-alert';
import { useAdminPlayers, useAdminResults } from './use-admin-data';
import { ScrollTable } from '../../components/scroll-table';

function PlayerField({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: string[];
  onChange(value: string): void;
}) {
  return (
    <Autocomplete
      freeSolo
      options={options}
      inputValue={value}
      onInputChange={(_, next) => onChange(next)}
      renderInput={(params) => <TextField {...params} label={label} required />}
    />
  );
}

export default function AdminResultsPage() {
  const [results, save] = useAdminResults();
  const [players] = useAdminPlayers();
  const form = useAddForm({
    empty: EMPTY_RESULT_FORM,
    validate: (values) => validateResult(withOfferedWinner(values)),
    add: (values) => save([createResult(results, withOfferedWinner(values)), ...results]),
    success: ADMIN_MSG.resultAdded,
  });
  const { values, set } = form;
  const names = players.map((p) => p.name);
  const contenders = resultContenders(values);

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Resultados" backTo="/admin" />
      <TimedAlert notice={form.notice} onClose={form.clearNotice} />
      <AddFormCard label="Agregar resultado" error={form.error} onSubmit={form.submit} columns="1fr 1fr">
        <TextField
          select
          label="Tienda"
          value={values.store}
          onChange={(e) => set('store')(e.target.value)}
          required
        >
          {STORES.map((s) => (
            <MenuItem key={s.id} value={s.name}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Ronda"
          type="number"
          value={values.round}
          onChange={(e) => set('round')(e.target.value)}
          required
          slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
        />
        <PlayerField label="Jugador 1" value={values.player1} options={names} onChange={set('player1')} />
        <PlayerField label="Jugador 2" value={values.player2} options={names} onChange={set('player2')} />
        <TextField
          select
          label="Ganador"
          value={withOfferedWinner(values).winner}
          onChange={(e) => set('winner')(e.target.value)}
          required
          disabled={contenders.length === 0}
        >
          {contenders.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <DayField label="Fecha" value={values.date} onChange={set('date')} required />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" startIcon={<AddTaskIcon />} fullWidth>
            Agregar Resultado
          </Button>
        </Box>
      </AddFormCard>

      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Resultados cargados
      </Typography>
      {results.length === 0 ? (
        <Typography color="text.secondary">Todavía no hay resultados cargados.</Typography>
      ) : (
        <ScrollTable label="Resultados cargados">
          <Table size="small" aria-label="Resultados cargados" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>Fecha</TableCell>
                <TableCell>Tienda</TableCell>
                <TableCell align="right">Ronda</TableCell>
                <TableCell>Jugador 1</TableCell>
                <TableCell>Jugador 2</TableCell>
                <TableCell>Ganador</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {results.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{formatDay(r.date)}</TableCell>
                  <TableCell>{r.store}</TableCell>
                  <TableCell align="right">{r.round}</TableCell>
                  <TableCell>{r.player1}</TableCell>
                  <TableCell>{r.player2}</TableCell>
                  <TableCell sx={{ color: 'primary.main', fontWeight: 600 }}>{r.winner}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollTable>
      )}
    </Container>
  );
}
