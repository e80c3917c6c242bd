import {
  Box,
  Chip,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { formatDay } from '../../../lib/dates';
import { STORES } from '../../../lib/sample-stores';
import { LEAGUE_STATUS_COLORS, LEAGUE_STATUS_LABELS, type League } from '../leagues';

export interface LeagueListProps {
  leagues: League[];
  onEdit(league: League): void;
  onDelete(league: League): void;
}

function StoreName({ name }: { name: string }) {
  const logo = STORES.find((s) => s.name === name)?.logo;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {logo && <Box component="img" src={logo} alt="" sx={{ width: 24, height: 24, flexShrink: 0 }} />}
      {name}
    </Box>
  );
}

function StatusChip({ league }: { league: League }) {
  return (
    <Chip
      size="small"
      label={LEAGUE_STATUS_LABELS[league.status]}
      color={LEAGUE_STATUS_COLORS[league.status]}
    />
  );
}

function Actions({ league, onEdit, onDelete }: { league: League } & Omit<LeagueListProps, 'leagues'>) {
  return (
    <>
      <IconButton aria-label={`Editar ${league.name}`} onClick={() => onEdit(league)} size="small">
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={`Eliminar ${league.name}`}
        onClick={() => onDelete(league)}
        size="small"
        color="error"
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </>
  );
}

const EMPTY = 'Todavía no hay ligas.';

/** The leagues table of SPEC §2, for screens wide enough to hold its six columns. */
export function LeagueTable({ leagues, onEdit, onDelete }: LeagueListProps) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
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
                <Typography variant="body2" color="text.secondary">
                  {EMPTY}
                </Typography>
              </TableCell>
            </TableRow>
          )}
          {leagues.map((league) => (
            <TableRow key={league.id}>
              <TableCell sx={{ fontWeight: 600 }}>{league.name}</TableCell>
              <TableCell>
                <StoreName name={league.store} />
              </TableCell>
              <TableCell>{formatDay(league.startDate)}</TableCell>
              <TableCell>
                <StatusChip league={league} />
              </TableCell>
              <TableCell align="right">{league.participants}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions league={league} onEdit={onEdit} onDelete={onDelete} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The same columns as labelled cards, so a phone sees every league whole without scrolling sideways. */
export function LeagueCards({ leagues, onEdit, onDelete }: LeagueListProps) {
  if (leagues.length === 0) return <Typography color="text.secondary">{EMPTY}</Typography>;
  return (
    <Box component="ul" aria-label="Ligas" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1.5 }}>
      {leagues.map((league) => (
        <Paper key={league.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
            <Typography sx={{ fontWeight: 700 }}>{league.name}</Typography>
            <StatusChip league={league} />
          </Box>
          <Box sx={{ mt: 1, color: 'text.secondary', typography: 'body2' }}>
            <StoreName name={league.store} />
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 1 }}>
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
            <Box sx={{ whiteSpace: 'nowrap' }}>
              <Actions league={league} onEdit={onEdit} onDelete={onDelete} />
            </Box>
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
