import {
  Box,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import type { TLeague } from '@mitos/domain/community';
import { ScrollTable } from '../../../components/scroll-table';
import { formatDay } from '../../../lib/dates';
import { LeagueStatusChip } from '../../../components/league-status-chip';
import { StoreMark } from './store-mark';

export interface LeagueListProps {
  leagues: TLeague[];
  /** The stores' logos by id (null: the store has none, or is not listed). */
  logoOf(storeId: number): string | null;
  onEdit(league: TLeague): void;
  onDelete(league: TLeague): void;
  onFinish(league: TLeague): void;
  onParticipants(league: TLeague): void;
}

function StatusChip({ league }: { league: TLeague }) {
  return <LeagueStatusChip status={league.status} />;
}

/** Participants for everyone; edit, finish (a running league) and delete for who may manage it. */
function Actions({
  league,
  onEdit,
  onDelete,
  onFinish,
  onParticipants,
}: { league: TLeague } & LeagueListProps) {
  return (
    <>
      <IconButton
        aria-label={`Participantes de ${league.name}`}
        onClick={() => onParticipants(league)}
        size="small"
      >
        <GroupIcon fontSize="small" />
      </IconButton>
      {league.canManage && (
        <>
          <IconButton aria-label={`Editar ${league.name}`} onClick={() => onEdit(league)} size="small">
            <EditIcon fontSize="small" />
          </IconButton>
          {league.status === 'active' && (
            <IconButton aria-label={`Finalizar ${league.name}`} onClick={() => onFinish(league)} size="small">
              <DoneAllIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton
            aria-label={`Eliminar ${league.name}`}
            onClick={() => onDelete(league)}
            size="small"
            color="error"
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </>
      )}
    </>
  );
}

const EMPTY = 'Todavía no hay ligas. Crea la primera con Nueva Liga.';

/** The leagues table of SPEC §2, for screens wide enough to hold its six columns. */
export function LeagueTable(props: LeagueListProps) {
  const { leagues, logoOf } = props;
  return (
    <ScrollTable label="Ligas" outlined={false}>
      <Table size="small" aria-label="Ligas" sx={{ minWidth: 680 }}>
        <TableHead>
          <TableRow>
            <TableCell>Liga</TableCell>
            <TableCell>Tienda</TableCell>
            <TableCell>Fecha de Inicio</TableCell>
            <TableCell>Estado</TableCell>
            <TableCell align="right">Participantes</TableCell>
            <TableCell align="right">Acciones</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {leagues.length === 0 && (
            <TableRow>
              <TableCell colSpan={6}>
                <Typography variant="body2" color="textSecondary">
                  {EMPTY}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {leagues.map((league) => (
            <TableRow key={league.id}>
              <TableCell sx={{ fontWeight: 600 }}>{league.name}</TableCell>
              <TableCell>
                <StoreMark name={league.store} logoUrl={logoOf(league.storeId)} />
              </TableCell>
              <TableCell>{formatDay(league.startDate)}</TableCell>
              <TableCell>
                <StatusChip league={league} />
              </TableCell>
              <TableCell align="right">{league.participants}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions league={league} {...props} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTable>
  );
}

/** The same columns as labelled cards, so a phone sees every league whole without scrolling sideways. */
export function LeagueCards(props: LeagueListProps) {
  const { leagues, logoOf } = props;
  if (leagues.length === 0) return <Typography color="textSecondary">{EMPTY}</Typography>;
  return (
    <Box component="ul" aria-label="Ligas" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
      {leagues.map((league) => (
        <Paper key={league.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{league.name}</Typography>
            <StatusChip league={league} />
          </Box>
          <Box sx={{ mt: 1, color: 'text.secondary', typography: 'body2' }}>
            <StoreMark name={league.store} logoUrl={logoOf(league.storeId)} />
          </Box>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
              mt: 1,
            }}
          >
            <Box
              component="dl"
              sx={{
                m: 0,
                typography: 'body2',
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 1,
              }}
            >
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                Fecha de Inicio
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {formatDay(league.startDate)}
              </Box>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                Participantes
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {league.participants}
              </Box>
            </Box>
            <Box sx={{ whiteSpace: 'nowrap', ml: 'auto' }}>
              <Actions league={league} {...props} />
            </Box>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
