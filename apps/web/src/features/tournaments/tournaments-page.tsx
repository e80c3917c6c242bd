import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Container,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupIcon from '@mui/icons-material/Group';
import PlaceIcon from '@mui/icons-material/Place';
import { Link, useNavigate } from 'react-router';
import { isFinished, TOURNAMENT_TYPE_LABELS } from '@mitos/domain/tournament-rules';
import type { TTournamentInput, TTournamentSummary } from '@mitos/domain/tournaments';
import { useStores } from '../../api/community';
import { useCreateTournament, useTournaments } from '../../api/tournaments';
import { PageHeading } from '../../components/page-heading';
import { errorMessage } from '../../lib/api-client';
import { formatCommunityListDate } from '../../lib/community-time';
import { TournamentFormDialog } from './components/tournament-form-dialog';
import { TournamentStatusChip } from './components/tournament-status-chip';
import {
  creatableStores,
  mayCreateTournaments,
  TOURNAMENT_MSG,
  type TournamentActor,
} from './tournament-view';
import { useTournamentActor } from './use-tournament-actor';

const infoLine = { display: 'flex', alignItems: 'center', gap: 1 } as const;

function TournamentCard({ tournament }: { tournament: TTournamentSummary }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={Link} to={`/tournaments/${tournament.id}`} sx={{ height: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {tournament.name}
            </Typography>
            <TournamentStatusChip status={tournament.status} round={tournament.round} />
          </Box>
          <Chip
            size="small"
            variant="outlined"
            label={TOURNAMENT_TYPE_LABELS[tournament.type]}
            sx={{ mt: 1 }}
          />
          <Stack spacing={0.5} sx={{ mt: 1.5, color: 'text.secondary' }}>
            <Typography variant="body2" sx={infoLine}>
              <PlaceIcon fontSize="small" aria-hidden /> {tournament.store.name}
            </Typography>
            <Typography variant="body2" sx={infoLine}>
              <CalendarMonthIcon fontSize="small" aria-hidden />{' '}
              {formatCommunityListDate(tournament.startsAt)}
            </Typography>
            <Typography variant="body2" sx={infoLine}>
              <GroupIcon fontSize="small" aria-hidden />
              {tournament.participants}/{tournament.playerCap} jugadores
              {tournament.waitlist > 0 && ` · ${tournament.waitlist} en lista de espera`}
            </Typography>
            {tournament.winner && (
              <Typography variant="body2" sx={{ ...infoLine, color: 'secondary.main' }}>
                <EmojiEventsIcon fontSize="small" aria-hidden /> Ganador: {tournament.winner.username}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function TournamentSection({
  title,
  list,
  empty,
}: {
  title: string;
  list: TTournamentSummary[];
  empty: string;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {list.length === 0 ? (
        <Typography color="textSecondary">{empty}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
          }}
        >
          {list.map((t) => (
            <TournamentCard key={t.id} tournament={t} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** Crear Torneo and its dialog, for those who may create: the stores they may hold it at. */
function CreateTournament({ actor }: { actor: TournamentActor }) {
  const stores = useStores();
  const create = useCreateTournament();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();

  const submit = async (input: TTournamentInput): Promise<string | null> => {
    try {
      const created = await create.mutateAsync(input);
      setCreating(false);
      void navigate(`/tournaments/${created.id}`);
      return null;
    } catch (err) {
      return errorMessage(err, TOURNAMENT_MSG.createError);
    }
  };

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
        Crear Torneo
      </Button>
      <TournamentFormDialog
        open={creating}
        initial={null}
        stores={creatableStores(stores.data ?? [], actor)}
        onClose={() => setCreating(false)}
        onSubmit={submit}
      />
    </>
  );
}

export default function TournamentsPage() {
  const tournaments = useTournaments();
  const actor = useTournamentActor();
  const list = tournaments.data ?? [];
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading
        title="Torneos"
        actions={actor && mayCreateTournaments(actor) && <CreateTournament actor={actor} />}
      />
      {tournaments.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void tournaments.refetch()}>
              Reintentar
            </Button>
          }
        >
          {TOURNAMENT_MSG.listError}
        </Alert>
      ) : tournaments.isPending ? (
        <Stack spacing={2} aria-busy="true" aria-label="Cargando torneos">
          <Skeleton variant="rounded" height={150} />
          <Skeleton variant="rounded" height={150} />
        </Stack>
      ) : (
        <>
          <TournamentSection
            title="Torneos Activos"
            list={list.filter((t) => !isFinished(t))}
            empty="No hay torneos activos"
          />
          <TournamentSection
            title="Torneos Finalizados"
            list={list.filter(isFinished)}
            empty="No hay torneos finalizados"
          />
        </>
      )}
    </Container>
  );
}
