import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { TSeason } from '@mitos/domain/community';
import { useCloseSeason, useOpenSeason } from '../../api/admin';
import { useCommunityMe, useSeasons } from '../../api/community';
import { DayField } from '../../components/day-field';
import { PageHeading } from '../../components/page-heading';
import { ScrollTable } from '../../components/scroll-table';
import { errorMessage } from '../../lib/api-client';
import { formatDay } from '../../lib/dates';
import { ADMIN_MSG, validateSeason, type SeasonFormValues } from './admin-rules';
import { LoadError, NoAccess } from './components/status-views';
import { TimedAlert, useTimedNotice } from './components/timed-alert';
import { PaletteChip } from '../../components/palette-chip';

const EMPTY: SeasonFormValues = { name: '', startsOn: '', endsOn: '' };

function NewSeasonForm({ onClose, onOpened }: { onClose(): void; onOpened(): void }) {
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const open = useOpenSeason();
  const set = (key: keyof SeasonFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSeason(values);
    setError(problem);
    if (problem) return;
    open.mutate(
      { name: values.name.trim(), startsOn: values.startsOn, endsOn: values.endsOn },
      { onSuccess: onOpened, onError: (err) => setError(errorMessage(err, ADMIN_MSG.saveError)) },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id="season-dialog-title">Nueva temporada</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <TextField
            label="Nombre"
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
            placeholder="Temporada 2027"
            required
            autoFocus
            fullWidth
          />
          <DayField
            label="Fecha de inicio"
            value={values.startsOn}
            onChange={set('startsOn')}
            required
            fullWidth
          />
          <DayField label="Fecha de fin" value={values.endsOn} onChange={set('endsOn')} required fullWidth />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained" disabled={open.isPending}>
          Crear temporada
        </Button>
      </DialogActions>
    </form>
  );
}

/** Closing ends the season's ranking for good: asked once before it is sent. */
function CloseSeasonDialog({
  season,
  open,
  onCancel,
  onClosed,
}: {
  season: TSeason | null;
  open: boolean;
  onCancel(): void;
  onClosed(): void;
}) {
  const close = useCloseSeason();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!season) return;
    close.mutate(season.id, {
      onSuccess: () => {
        setError(null);
        onClosed();
      },
      onError: (err) => setError(errorMessage(err, ADMIN_MSG.saveError)),
    });
  };
  return (
    <Dialog
      open={open}
      onClose={() => {
        setError(null);
        onCancel();
      }}
      aria-labelledby="close-season-title"
    >
      <DialogTitle id="close-season-title">¿Cerrar {season?.name}?</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>
          Cerrar la temporada termina su ranking: no se registran más partidas en ella y sus puntos quedan
          como están. No se puede deshacer.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          onClick={() => {
            setError(null);
            onCancel();
          }}
        >
          Cancelar
        </Button>
        <Button variant="contained" color="error" onClick={confirm} disabled={close.isPending}>
          Cerrar temporada
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SeasonTable({ seasons, onClose }: { seasons: TSeason[]; onClose(season: TSeason): void }) {
  if (seasons.length === 0)
    return (
      <Typography color="textSecondary">
        Todavía no hay temporadas: crea la primera con Nueva temporada.
      </Typography>
    );
  return (
    <ScrollTable label="Temporadas">
      <Table size="small" aria-label="Temporadas" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>Temporada</TableCell>
            <TableCell>Inicio</TableCell>
            <TableCell>Fin</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {seasons.map((s) => (
            <TableRow key={s.id}>
              <TableCell sx={{ fontWeight: 600, overflowWrap: 'break-word' }}>{s.name}</TableCell>
              <TableCell>{formatDay(s.startsOn)}</TableCell>
              <TableCell>{formatDay(s.endsOn)}</TableCell>
              <TableCell>
                {s.current ? (
                  <PaletteChip color="success" label="Temporada Actual" />
                ) : (
                  <Chip size="small" label="Cerrada" />
                )}
              </TableCell>
              <TableCell align="right">
                {s.current && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onClose(s)}
                    aria-label={`Cerrar temporada ${s.name}`}
                  >
                    Cerrar temporada
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

/** Temporadas (admins): open one season at a time, close the current one. */
export default function SeasonsPage() {
  const me = useCommunityMe();
  const seasons = useSeasons();
  const [creating, setCreating] = useState<{ open: boolean; key: number }>({ open: false, key: 0 });
  const [closing, setClosing] = useState<{ open: boolean; season: TSeason | null }>({
    open: false,
    season: null,
  });
  const { notice, show, clear } = useTimedNotice();

  if (me.data && !me.data.isAdmin)
    return (
      <NoAccess
        title="Solo un administrador puede gestionar las temporadas"
        text="Las temporadas las abren y cierran los administradores."
      />
    );

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading
        title="Temporadas"
        backTo="/admin"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setCreating((c) => ({ open: true, key: c.key + 1 }))}
          >
            Nueva temporada
          </Button>
        }
      />
      <TimedAlert notice={notice} onClose={clear} />
      {seasons.isError ? (
        <LoadError onRetry={() => void seasons.refetch()} />
      ) : seasons.isPending ? (
        <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
          {[0, 1].map((i) => (
            <Skeleton key={i} variant="rectangular" height={40} />
          ))}
        </Box>
      ) : (
        <SeasonTable seasons={seasons.data} onClose={(season) => setClosing({ open: true, season })} />
      )}
      <Dialog
        open={creating.open}
        onClose={() => setCreating((c) => ({ ...c, open: false }))}
        aria-labelledby="season-dialog-title"
        fullWidth
        maxWidth="xs"
      >
        <NewSeasonForm
          key={creating.key}
          onClose={() => setCreating((c) => ({ ...c, open: false }))}
          onOpened={() => {
            setCreating((c) => ({ ...c, open: false }));
            show(ADMIN_MSG.seasonOpened);
          }}
        />
      </Dialog>
      <CloseSeasonDialog
        open={closing.open}
        season={closing.season}
        onCancel={() => setClosing((c) => ({ ...c, open: false }))}
        onClosed={() => {
          setClosing((c) => ({ ...c, open: false }));
          show(ADMIN_MSG.seasonClosed);
        }}
      />
    </Container>
  );
}
