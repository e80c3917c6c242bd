import { useId, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Container,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import GroupIcon from '@mui/icons-material/Group';
import PlaceIcon from '@mui/icons-material/Place';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Link, useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { formatDay } from '../../lib/dates';
import { CreateTournamentDialog } from './components/create-tournament-dialog';
import { TournamentStatusChip } from './components/tournament-status-chip';
import { splitTournaments, TOURNAMENT_TYPE_LABELS, type Tournament } from './tournament';
import { createTournament, type TournamentFormValues } from './tournament-rules';
import { useTournaments } from './use-tournaments';

function TournamentCard({ tournament }: { tournament: Tournament }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={Link} to={`/tournaments/${tournament.id}`} sx={{ height: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Typography variant="h3" component="h3" sx={{ overflowWrap: 'anywhere' }}>
              {tournament.name}
            </Typography>
            <TournamentStatusChip status={tournament.status} />
          </Box>
          <Chip
            size="small"
            variant="outlined"
            label={TOURNAMENT_TYPE_LABELS[tournament.type]}
            sx={{ mt: 1 }}
          />
          <Stack spacing={0.5} sx={{ mt: 1.5, color: 'text.secondary' }}>
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <CalendarMonthIcon fontSize="small" aria-hidden /> {formatDay(tournament.startDate)}
            </Typography>
            {tournament.location && (
              <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <PlaceIcon fontSize="small" aria-hidden /> {tournament.location}
              </Typography>
            )}
            <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <GroupIcon fontSize="small" aria-hidden /> {tournament.participants.length} participantes
            </Typography>
            {tournament.winner && (
              <Typography
                variant="body2"
                sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'secondary.main' }}
              >
                <EmojiEventsIcon fontSize="small" aria-hidden /> Ganador: {tournament.winner}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

function TournamentSection({ title, list, empty }: { title: string; list: Tournament[]; empty: string }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {list.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
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

export default function TournamentsPage() {
  const [tournaments, save] = useTournaments();
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const { active, completed } = splitTournaments(tournaments);

  const create = (values: TournamentFormValues) => {
    const tournament = createTournament(tournaments, values);
    if (!save([...tournaments, tournament])) return false;
    setCreating(false);
    void navigate(`/tournaments/${tournament.id}`);
    return true;
  };

  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading
        title="Torneos"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Crear Torneo
          </Button>
        }
      />
      <TournamentSection title="Torneos Activos" list={active} empty="No hay torneos activos" />
      <TournamentSection title="Torneos Finalizados" list={completed} empty="No hay torneos finalizados" />
      <CreateTournamentDialog open={creating} onClose={() => setCreating(false)} onCreate={create} />
    </Container>
  );
}
