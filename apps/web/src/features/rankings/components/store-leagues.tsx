import { Box, Button, List, ListItem, Paper, Skeleton, Typography } from '@mui/material';
import type { TLeague } from '@mitos/domain/community';
import * as MSG from '@mitos/domain/message-texts';
import { useJoinLeague, useLeagues, useRemoveLeagueParticipant } from '../../../api/leagues';
import { useSession } from '../../../api/session';
import { LeagueStatusChip } from '../../../components/league-status-chip';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { useSnackbar } from '../../../lib/snackbar';
import { LoadError } from '../../../components/load-error';

const participantsText = (n: number) => (n === 1 ? '1 participante' : `${n} participantes`);

function LeagueItem({ league }: { league: TLeague }) {
  const { user } = useSession();
  const join = useJoinLeague();
  const leave = useRemoveLeagueParticipant();
  const { enqueueSnackbar } = useSnackbar();
  const busy = join.isPending || leave.isPending;
  const act = () => {
    const done = {
      onError: (err: unknown) => enqueueSnackbar(errorMessage(err, MSG.loadError), { variant: 'error' }),
    };
    if (league.joined && user) leave.mutate({ leagueId: league.id, userId: user.id }, done);
    else join.mutate(league.id, done);
  };
  return (
    <ListItem divider sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 0 }}>
      <Box sx={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{league.name}</Typography>
        <Typography variant="body2" color="textSecondary">
          Desde {formatDay(league.startDate)} · {participantsText(league.participants)}
        </Typography>
      </Box>
      <LeagueStatusChip status={league.status} />
      {(league.joined || league.status !== 'finished') && (
        <Button
          size="small"
          variant={league.joined ? 'outlined' : 'contained'}
          onClick={act}
          loading={busy}
          aria-label={league.joined ? `Salir de ${league.name}` : `Unirme a ${league.name}`}
        >
          {league.joined ? 'Salir' : 'Unirme'}
        </Button>
      )}
    </ListItem>
  );
}

/** Ligas: the store's leagues with their status; a player joins or leaves them here. */
export function StoreLeagues({ storeId }: { storeId: number }) {
  const leagues = useLeagues({ storeId });
  return (
    <Box component="section" aria-labelledby="store-leagues-title" sx={{ mb: 3 }}>
      <Typography id="store-leagues-title" variant="h2" sx={{ mb: 1.5 }}>
        Ligas
      </Typography>
      {leagues.isPending ? (
        <Skeleton variant="rounded" height={96} aria-label="Cargando ligas" />
      ) : leagues.isError ? (
        <LoadError onRetry={() => void leagues.refetch()} />
      ) : leagues.data.length === 0 ? (
        <Typography color="textSecondary">Esta tienda todavía no tiene ligas.</Typography>
      ) : (
        <Paper variant="outlined" sx={{ px: 2 }}>
          <List disablePadding aria-label="Ligas de la tienda">
            {leagues.data.map((league) => (
              <LeagueItem key={league.id} league={league} />
            ))}
          </List>
        </Paper>
      )}
    </Box>
  );
}
