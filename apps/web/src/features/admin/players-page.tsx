import { useEffect, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Container,
  IconButton,
  InputAdornment,
  Pagination,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import type { TAdminPlayer } from '@mitos/domain/community';
import { ADMIN_PLAYERS_PAGE_SIZE, useAddPlayer, useAdminPlayers } from '../../api/admin';
import { useCommunityMe } from '../../api/community';
import { PageHeading } from '../../components/page-heading';
import { ScrollTable } from '../../components/scroll-table';
import { formatDay } from '../../lib/dates';
import { TIMINGS } from '../../lib/ui-constants';
import { ADMIN_MSG, ROLE_LABELS, validatePlayer, type PlayerFormValues } from './admin-rules';
import { AddFormCard, useAddForm } from './components/add-form';
import { EditPlayerDialog, InvitationDialog } from './components/player-dialogs';
import { LoadError } from './components/status-views';
import { TimedAlert, useTimedNotice } from './components/timed-alert';

const EMPTY: PlayerFormValues = { name: '', torCode: '' };

/**
 * The table scrolls sideways on a phone (its cue says so): a name and the headers stay on one
 * line rather than breaking mid-word in a squeezed column.
 */
const TABLE_SX = { minWidth: 560, '& th, & td': { whiteSpace: 'nowrap' } } as const;

function pageLabel(type: string, page: number | null, selected: boolean) {
  if (type === 'page') return selected ? `Página ${page}` : `Ir a la página ${page}`;
  if (type === 'next') return 'Página siguiente';
  if (type === 'previous') return 'Página anterior';
  return '';
}

/** Jugadores' list: by name or TOR code, a page at a time; edit where the caller may. */
function PlayerList({
  canEdit,
  onEdit,
}: {
  canEdit(p: TAdminPlayer): boolean;
  onEdit(p: TAdminPlayer): void;
}) {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // Only a text that differs from the search shown starts one (back to page 1): the first draw
  // does not, so a page chosen before the debounce's delay passed is not taken back.
  useEffect(() => {
    if (input === q) return;
    const timer = setTimeout(() => {
      setQ(input);
      setPage(1);
    }, TIMINGS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [input, q]);
  const players = useAdminPlayers({ q, page });
  const pages = players.data ? Math.ceil(players.data.total / ADMIN_PLAYERS_PAGE_SIZE) : 0;

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
        <Typography variant="h2" sx={{ flex: '1 1 auto' }}>
          Jugadores registrados
        </Typography>
        <TextField
          type="search"
          label="Buscar jugador"
          size="small"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          sx={{ flex: '1 1 220px' }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {players.isError ? (
        <LoadError onRetry={() => void players.refetch()} />
      ) : players.isPending ? (
        <Box aria-busy sx={{ display: 'grid', gap: 1 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rectangular" height={40} />
          ))}
        </Box>
      ) : players.data.rows.length === 0 ? (
        <Typography color="textSecondary">
          {q.trim()
            ? 'Ningún jugador coincide con la búsqueda.'
            : 'Todavía no hay jugadores. Agrega el primero con el formulario de arriba.'}
        </Typography>
      ) : (
        <ScrollTable label="Jugadores registrados">
          <Table size="small" aria-label="Jugadores registrados" sx={TABLE_SX}>
            <TableHead>
              <TableRow>
                <TableCell>Jugador</TableCell>
                <TableCell>Código TOR</TableCell>
                <TableCell>Rol</TableCell>
                <TableCell>Alta</TableCell>
                <TableCell align="right">Acciones</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {players.data.rows.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    {p.name}
                    {p.placeholder && <Chip size="small" label="Sin cuenta" sx={{ ml: 1 }} />}
                  </TableCell>
                  <TableCell>{p.torCode ?? '—'}</TableCell>
                  <TableCell>{ROLE_LABELS[p.role]}</TableCell>
                  <TableCell>{formatDay(p.createdAt.slice(0, 10))}</TableCell>
                  <TableCell align="right">
                    {canEdit(p) && (
                      <IconButton size="small" aria-label={`Editar ${p.name}`} onClick={() => onEdit(p)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollTable>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => setPage(next)}
          getItemAriaLabel={pageLabel}
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </>
  );
}

export default function AdminPlayersPage() {
  const isAdmin = useCommunityMe().data?.isAdmin ?? false;
  const addPlayer = useAddPlayer();
  const [invitation, setInvitation] = useState<{ name: string; code: string } | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; player: TAdminPlayer | null }>({
    open: false,
    player: null,
  });
  const updated = useTimedNotice();
  const form = useAddForm({
    empty: EMPTY,
    validate: validatePlayer,
    add: async (values) => {
      const created = await addPlayer.mutateAsync({
        name: values.name.trim(),
        torCode: values.torCode.trim(),
      });
      setInvitation({ name: created.player.name, code: created.invitationCode });
    },
    success: ADMIN_MSG.playerAdded,
  });

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Jugadores" backTo="/admin" />
      <TimedAlert notice={form.notice} onClose={form.clearNotice} />
      <TimedAlert notice={updated.notice} onClose={updated.clear} />
      <AddFormCard
        label="Agregar jugador"
        error={form.error}
        onSubmit={(e) => void form.submit(e)}
        columns="2fr 1fr auto"
      >
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
          slotProps={{ htmlInput: { autoCapitalize: 'characters' } }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<PersonAddIcon />}
          disabled={form.sending}
          sx={{ height: 56 }}
        >
          Agregar Jugador
        </Button>
      </AddFormCard>

      <PlayerList
        canEdit={(p) => isAdmin || p.placeholder}
        onEdit={(player) => setEditing({ open: true, player })}
      />

      <InvitationDialog invitation={invitation} onClose={() => setInvitation(null)} />
      <EditPlayerDialog
        open={editing.open}
        player={editing.player}
        isAdmin={isAdmin}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={() => {
          setEditing((e) => ({ ...e, open: false }));
          updated.show(ADMIN_MSG.playerUpdated);
        }}
      />
    </Container>
  );
}
