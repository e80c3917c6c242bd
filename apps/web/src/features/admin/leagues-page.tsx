import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Container,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Skeleton,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { TLeague } from '@mitos/domain/community';
import { LEAGUE_UNDO_MS } from '@mitos/domain/community-rules';
import * as MSG from '@mitos/domain/message-texts';
import { useStores } from '../../api/community';
import {
  useCreateLeague,
  useDeleteLeague,
  useFinishLeague,
  useLeagues,
  useRestoreLeague,
  useUpdateLeague,
} from '../../api/leagues';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/api-client';
import { ADMIN_MSG, type LeagueFormValues } from './admin-rules';
import { LeagueDialog, type StoreOption } from './components/league-dialog';
import { LeagueCards, LeagueTable } from './components/league-list';
import { NoStores } from './components/no-stores';
import { ParticipantsDialog } from './components/participants-dialog';
import { LoadError } from './components/status-views';
import { TimedAlert, useTimedNotice } from './components/timed-alert';
import { useRunnableStores } from './use-runnable-stores';

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; league: TLeague };

const LEAGUE_FINISHED = 'Liga finalizada exitosamente';

function formValues(league: TLeague): LeagueFormValues {
  return { name: league.name, storeId: league.storeId, startDate: league.startDate };
}

/** Finishing ends a league for good: asked once before it is sent. */
function FinishDialog({
  league,
  onCancel,
  onConfirm,
}: {
  league: TLeague | null;
  onCancel(): void;
  onConfirm(league: TLeague): void;
}) {
  return (
    <Dialog open={league !== null} onClose={onCancel} aria-labelledby="finish-title">
      <DialogTitle id="finish-title">¿Finalizar {league?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          La liga queda Finalizada: no admite más partidas ni participantes. No se puede deshacer.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancelar</Button>
        <Button variant="contained" onClick={() => league && onConfirm(league)}>
          Finalizar
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export default function LeaguesPage() {
  const leagues = useLeagues();
  const runnable = useRunnableStores();
  const allStores = useStores();
  const create = useCreateLeague();
  const update = useUpdateLeague();
  const remove = useDeleteLeague();
  const restore = useRestoreLeague();
  const finish = useFinishLeague();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [finishing, setFinishing] = useState<TLeague | null>(null);
  const [participants, setParticipants] = useState<{ open: boolean; league: TLeague | null }>({
    open: false,
    league: null,
  });
  const [actionError, setActionError] = useState<string | null>(null);
  const { notice, show, clear } = useTimedNotice();
  const List = useMediaQuery(useTheme().breakpoints.down('sm')) ? LeagueCards : LeagueTable;

  const logoOf = (storeId: number) => allStores.data?.find((s) => s.id === storeId)?.logoUrl ?? null;
  const refused = (err: unknown) => setActionError(errorMessage(err, ADMIN_MSG.saveError));

  // The stores the dialog offers: those the caller runs, and the league's own when editing.
  const storeOptions: StoreOption[] = runnable.stores ?? [];
  const dialogStores =
    editing.mode === 'edit' && !storeOptions.some((s) => s.id === editing.league.storeId)
      ? [
          ...storeOptions,
          { id: editing.league.storeId, name: editing.league.store, logoUrl: logoOf(editing.league.storeId) },
        ]
      : storeOptions;

  const submit = async (values: LeagueFormValues): Promise<string | null> => {
    const input = { name: values.name.trim(), storeId: values.storeId!, startDate: values.startDate };
    try {
      if (editing.mode === 'edit') await update.mutateAsync({ id: editing.league.id, ...input });
      else await create.mutateAsync(input);
    } catch (err) {
      return errorMessage(err, ADMIN_MSG.saveError);
    }
    setEditing({ mode: 'closed' });
    show(editing.mode === 'edit' ? MSG.leagueUpdated : MSG.leagueCreated);
    return null;
  };

  const undo = (league: TLeague) => {
    clear();
    restore.mutate(league.id, {
      onSuccess: () => show(MSG.leagueRestored),
      onError: refused,
    });
  };

  // SPEC §2: deleting asks for no confirmation; Deshacer stays as long as the server allows it.
  const del = (league: TLeague) => {
    setActionError(null);
    remove.mutate(league.id, {
      onSuccess: () =>
        show(MSG.leagueDeleted, {
          ms: LEAGUE_UNDO_MS,
          action: (
            <Button color="inherit" size="small" onClick={() => undo(league)}>
              Deshacer
            </Button>
          ),
        }),
      onError: refused,
    });
  };

  const confirmFinish = (league: TLeague) => {
    setFinishing(null);
    setActionError(null);
    finish.mutate(league.id, { onSuccess: () => show(LEAGUE_FINISHED), onError: refused });
  };

  const canCreate = (runnable.stores?.length ?? 0) > 0;

  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      <PageHeading title="Gestión de Ligas" backTo="/admin" />
      <TimedAlert notice={notice} onClose={clear} />
      {actionError && (
        <Alert severity="error" onClose={() => setActionError(null)} closeText="Cerrar" sx={{ mb: 2 }}>
          {actionError}
        </Alert>
      )}
      {runnable.stores?.length === 0 && <NoStores isAdmin={runnable.isAdmin} />}
      <Card variant="outlined">
        <CardHeader
          title="Ligas"
          subheader={leagues.data ? `Total: ${leagues.data.length} ligas` : <Skeleton width={90} />}
          slotProps={{ title: { component: 'h2', variant: 'h3' } }}
          action={
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={!canCreate}
              onClick={() => setEditing({ mode: 'create' })}
            >
              Nueva Liga
            </Button>
          }
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          {leagues.isError ? (
            <LoadError onRetry={() => void leagues.refetch()} />
          ) : leagues.isPending ? (
            <Skeleton variant="rectangular" height={160} aria-label="Cargando ligas" />
          ) : (
            <List
              leagues={leagues.data}
              logoOf={logoOf}
              onEdit={(league) => setEditing({ mode: 'edit', league })}
              onDelete={del}
              onFinish={setFinishing}
              onParticipants={(league) => setParticipants({ open: true, league })}
            />
          )}
        </CardContent>
      </Card>
      <LeagueDialog
        open={editing.mode !== 'closed'}
        initial={editing.mode === 'edit' ? formValues(editing.league) : null}
        stores={dialogStores}
        onClose={() => setEditing({ mode: 'closed' })}
        onSubmit={submit}
      />
      <FinishDialog league={finishing} onCancel={() => setFinishing(null)} onConfirm={confirmFinish} />
      <ParticipantsDialog
        open={participants.open}
        league={participants.league}
        onClose={() => setParticipants((p) => ({ ...p, open: false }))}
      />
    </Container>
  );
}
