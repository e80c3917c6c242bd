import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Container,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PageHeading } from '../../components/page-heading';
import { ADMIN_MSG } from './admin-rules';
import { LeagueDialog } from './components/league-dialog';
import { LeagueCards, LeagueTable } from './components/league-list';
import { TimedAlert, useTimedNotice } from './components/timed-alert';
import {
  createLeague,
  deleteLeague,
  LEAGUE_MSG,
  leagueFormValues,
  updateLeague,
  type League,
  type LeagueFormValues,
} from './leagues';
import { useLeagues } from './use-admin-data';

type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; league: League };

export default function LeaguesPage() {
  const [leagues, save] = useLeagues();
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [deleteError, setDeleteError] = useState(false);
  const { notice, show, clear } = useTimedNotice();
  const List = useMediaQuery(useTheme().breakpoints.down('sm')) ? LeagueCards : LeagueTable;

  const submit = (values: LeagueFormValues) => {
    const creating = editing.mode === 'create';
    const next =
      editing.mode === 'edit'
        ? updateLeague(leagues, editing.league.id, values)
        : createLeague(leagues, values);
    if (!save(next)) return ADMIN_MSG.saveError;
    setEditing({ mode: 'closed' });
    show(creating ? LEAGUE_MSG.created : LEAGUE_MSG.updated);
    return null;
  };

  // SPEC §2: deleting asks for no confirmation.
  const remove = (league: League) => {
    const stored = save(deleteLeague(leagues, league.id));
    setDeleteError(!stored);
    if (stored) show(LEAGUE_MSG.deleted);
  };

  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      <PageHeading title="Gestión de Ligas" backTo="/admin" />
      <TimedAlert notice={notice} onClose={clear} />
      {deleteError && (
        <Alert severity="error" onClose={() => setDeleteError(false)} sx={{ mb: 2 }}>
          {ADMIN_MSG.saveError}
        </Alert>
      )}
      <Card variant="outlined">
        <CardHeader
          title="Ligas"
          subheader={`Total: ${leagues.length} ligas`}
          slotProps={{ title: { component: 'h2', variant: 'h3' } }}
          action={
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ mode: 'create' })}
            >
              Nueva Liga
            </Button>
          }
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
        />
        <CardContent sx={{ pt: 0 }}>
          <List
            leagues={leagues}
            onEdit={(league) => setEditing({ mode: 'edit', league })}
            onDelete={remove}
          />
        </CardContent>
      </Card>
      <LeagueDialog
        open={editing.mode !== 'closed'}
        initial={editing.mode === 'edit' ? leagueFormValues(editing.league) : null}
        onClose={() => setEditing({ mode: 'closed' })}
        onSubmit={submit}
      />
    </Container>
  );
}
