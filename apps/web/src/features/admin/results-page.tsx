import {
  Box,
  Button,
  Container,
  MenuItem,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { useAddResult, useAdminResults } from '../../api/admin';
import { useLeagues } from '../../api/leagues';
import { ChosenPlayer } from '../../components/chosen-player';
import { DayField } from '../../components/day-field';
import { PageHeading } from '../../components/page-heading';
import { PlayerSearch } from '../../components/player-search';
import { ScrollTable } from '../../components/scroll-table';
import { formatDay } from '../../lib/dates';
import { ADMIN_MSG, EMPTY_RESULT_FORM, validateResult, type ResultFormValues } from './admin-rules';
import { AddFormCard, useAddForm } from './components/add-form';
import { NoStores } from './components/no-stores';
import { LoadError } from './components/status-views';
import { StoreMark } from './components/store-mark';
import { TimedAlert } from './components/timed-alert';
import { useRunnableStores } from './use-runnable-stores';

type Player = NonNullable<ResultFormValues['player1']>;

/** One of the two players: the server-side search, then the chosen player with a way to take them out. */
function PlayerSlot({
  label,
  player,
  onChange,
}: {
  label: string;
  player: Player | null;
  onChange(player: Player | null): void;
}) {
  return (
    <Box role="group" aria-label={label}>
      {player ? (
        <>
          <Typography variant="caption" color="textSecondary">
            {label}
          </Typography>
          <ChosenPlayer username={player.username} onRemove={() => onChange(null)} />
        </>
      ) : (
        <PlayerSearch label={label} onSelect={(u) => onChange({ id: u.id, username: u.username })} />
      )}
    </Box>
  );
}

function ResultForm() {
  const runnable = useRunnableStores();
  const addResult = useAddResult();
  const form = useAddForm({
    empty: EMPTY_RESULT_FORM,
    validate: validateResult,
    add: (v) =>
      addResult.mutateAsync({
        storeId: v.storeId!,
        leagueId: v.leagueId,
        round: Number(v.round),
        player1Id: v.player1!.id,
        player2Id: v.player2!.id,
        winnerId: v.winnerId!,
        date: v.date,
      }),
    success: ADMIN_MSG.resultAdded,
  });
  const { values, set, setValues } = form;
  const leagues = useLeagues({ storeId: values.storeId, enabled: values.storeId !== null });
  const running = leagues.data?.filter((l) => l.status === 'active') ?? [];
  const contenders = [values.player1, values.player2].filter(
    (p, i, all): p is Player => p !== null && all.findIndex((q) => q?.id === p.id) === i,
  );
  const setPlayer = (key: 'player1' | 'player2') => (player: Player | null) =>
    setValues((v) => {
      const next = { ...v, [key]: player };
      const offered = [next.player1?.id, next.player2?.id];
      return offered.includes(next.winnerId ?? undefined) ? next : { ...next, winnerId: null };
    });

  if (runnable.isError) return <LoadError onRetry={() => void runnable.refetch()} />;
  if (runnable.isPending) return <Skeleton variant="rectangular" height={280} sx={{ mb: 3 }} />;
  if (runnable.stores?.length === 0) return <NoStores isAdmin={runnable.isAdmin} />;

  return (
    <>
      <TimedAlert notice={form.notice} onClose={form.clearNotice} />
      <AddFormCard
        label="Agregar resultado"
        error={form.error}
        onSubmit={(e) => void form.submit(e)}
        columns="minmax(0, 1fr) minmax(0, 1fr)"
      >
        <TextField
          select
          label="Tienda"
          value={values.storeId ?? ''}
          onChange={(e) => setValues((v) => ({ ...v, storeId: Number(e.target.value), leagueId: null }))}
          required
        >
          {runnable.stores?.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              <StoreMark name={s.name} logoUrl={s.logoUrl} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Liga"
          value={values.leagueId ?? ''}
          onChange={(e) => set('leagueId')(e.target.value === '' ? null : Number(e.target.value))}
          disabled={values.storeId === null}
          helperText="Opcional: una liga en curso de la tienda"
        >
          <MenuItem value="">Sin liga</MenuItem>
          {running.map((l) => (
            <MenuItem key={l.id} value={l.id}>
              {l.name}
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
        <DayField label="Fecha" value={values.date} onChange={set('date')} required />
        <PlayerSlot label="Jugador 1" player={values.player1} onChange={setPlayer('player1')} />
        <PlayerSlot label="Jugador 2" player={values.player2} onChange={setPlayer('player2')} />
        <TextField
          select
          label="Ganador"
          value={values.winnerId ?? ''}
          onChange={(e) => set('winnerId')(Number(e.target.value))}
          required
          disabled={contenders.length === 0}
        >
          {contenders.map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.username}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddTaskIcon />}
            disabled={form.sending}
            fullWidth
          >
            Agregar Resultado
          </Button>
        </Box>
      </AddFormCard>
    </>
  );
}

function ResultList() {
  const results = useAdminResults();
  if (results.isError) return <LoadError onRetry={() => void results.refetch()} />;
  if (results.isPending)
    return (
      <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rectangular" height={40} />
        ))}
      </Box>
    );
  if (results.data.length === 0)
    return (
      <Typography color="textSecondary">
        Todavía no hay resultados cargados. Agrega el primero con el formulario de arriba.
      </Typography>
    );
  return (
    <ScrollTable label="Resultados cargados">
      <Table size="small" aria-label="Resultados cargados" sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            <TableCell>Tienda</TableCell>
            <TableCell align="right">Ronda</TableCell>
            <TableCell>Jugadores</TableCell>
            <TableCell>Ganador</TableCell>
            <TableCell>Fecha</TableCell>
            <TableCell>Cargado por</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.data.map((r) => (
            <TableRow key={r.matchId}>
              <TableCell>{r.store}</TableCell>
              <TableCell align="right">{r.round}</TableCell>
              <TableCell>
                {r.player1.username} vs {r.player2.username}
              </TableCell>
              <TableCell sx={{ color: 'primary.main', fontWeight: 600 }}>
                {r.winnerId === r.player1.id ? r.player1.username : r.player2.username}
              </TableCell>
              <TableCell>{formatDay(r.date)}</TableCell>
              <TableCell>{r.enteredBy?.username ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

export default function AdminResultsPage() {
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Resultados" backTo="/admin" />
      <ResultForm />
      <Typography variant="h2" sx={{ mb: 1.5 }}>
        Resultados cargados
      </Typography>
      <ResultList />
    </Container>
  );
}
