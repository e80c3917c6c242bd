import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  AvatarGroup,
  Box,
  Button,
  Chip,
  Container,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupIcon from '@mui/icons-material/Group';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import PlaceIcon from '@mui/icons-material/Place';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { UserAvatar } from '../../components/user-avatar';
import { formatDay, formatListDate } from '../../lib/dates';
import { useSession } from '../../api/session';
import { TournamentNotFound } from './components/tournament-screen';
import { TournamentStatusChip } from './components/tournament-status-chip';
import { showsSignUp, TOURNAMENT_TYPE_LABELS, type Tournament } from './tournament';
import { publishAnnouncement, sortAnnouncements, TOURNAMENT_MSG } from './tournament-rules';
import { useTournament } from './use-tournaments';
import { DISPLAY } from '../../lib/ui-constants';

const SECTIONS = [
  { path: 'participants', label: 'Participantes', icon: <GroupIcon /> },
  { path: 'bracket', label: 'Bracket', icon: <AccountTreeIcon /> },
  { path: 'calendar', label: 'Calendario', icon: <CalendarMonthIcon /> },
  { path: 'leaderboard', label: 'Posiciones', icon: <LeaderboardIcon /> },
  { path: 'matches', label: 'Partidas', icon: <SportsEsportsIcon /> },
] as const;

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, mb: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={id} variant="h2" sx={{ fontSize: '1.2rem' }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

function ParticipantSummary({ tournament }: { tournament: Tournament }) {
  const shown = tournament.participants.slice(0, DISPLAY.participantSummary);
  return (
    <Section
      title={`Participantes (${tournament.participants.length})`}
      action={
        tournament.participants.length > 0 && (
          <AvatarGroup
            max={DISPLAY.participantAvatars}
            aria-hidden
            sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: 12 } }}
            // The "+N" avatar: MUI's light grey under white text fails contrast (issue 14 item 15).
            slotProps={{ surplus: { sx: { bgcolor: '#2a3550', color: '#ffffff' } } }}
          >
            {tournament.participants.map((p) => (
              <UserAvatar key={p.id} username={p.name} size={28} decorative />
            ))}
          </AvatarGroup>
        )
      }
    >
      {shown.length === 0 ? (
        <Typography color="text.secondary">Todavía no hay participantes inscriptos.</Typography>
      ) : (
        <List
          dense
          disablePadding
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {shown.map((p) => (
            <ListItem key={p.id} disableGutters>
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <UserAvatar username={p.name} size={36} decorative />
              </ListItemAvatar>
              <ListItemText primary={p.name} secondary={p.mainDeck} />
            </ListItem>
          ))}
        </List>
      )}
      {tournament.participants.length > DISPLAY.participantSummary && (
        <Button component={Link} to={`/tournaments/${tournament.id}/participants`} sx={{ mt: 1 }}>
          Ver todos los participantes
        </Button>
      )}
    </Section>
  );
}

function Announcements({ tournament, save }: { tournament: Tournament; save: (t: Tournament) => boolean }) {
  const { user } = useSession();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const canPublish = user?.role === 'tournament_admin';

  const publish = (event: FormEvent) => {
    event.preventDefault();
    const announcements = publishAnnouncement(tournament.announcements, text, new Date());
    if (announcements === tournament.announcements) return;
    const stored = save({ ...tournament, announcements });
    setError(!stored);
    if (stored) setText('');
  };

  const list = sortAnnouncements(tournament.announcements);
  return (
    <Section title="Comunicados">
      {canPublish && (
        <Box
          component="form"
          onSubmit={publish}
          sx={{ display: 'flex', gap: 1, mb: 2, alignItems: 'flex-start' }}
        >
          <TextField
            label="Nuevo comunicado"
            value={text}
            onChange={(e) => setText(e.target.value)}
            size="small"
            multiline
            maxRows={4}
            fullWidth
            error={error}
            helperText={error ? TOURNAMENT_MSG.saveError : undefined}
          />
          <Button type="submit" variant="contained">
            Publicar
          </Button>
        </Box>
      )}
      {list.length === 0 ? (
        <Typography color="text.secondary">No hay comunicados.</Typography>
      ) : (
        <Stack spacing={1.5} component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {list.map((a) => (
            <Box component="li" key={a.id} sx={{ borderLeft: 3, borderColor: 'secondary.main', pl: 1.5 }}>
              <Typography variant="caption" color="text.secondary">
                {formatListDate(a.date)}
              </Typography>
              <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{a.message}</Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

export default function TournamentDetailPage() {
  const { id } = useParams();
  const { tournament, save } = useTournament(id);
  if (!tournament) {
    return (
      <Container maxWidth="md" sx={{ py: 2 }}>
        <TournamentNotFound message={TOURNAMENT_MSG.notFoundOrError} />
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title={tournament.name} backTo="/tournaments" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <TournamentStatusChip status={tournament.status} />
        <Chip size="small" variant="outlined" label={TOURNAMENT_TYPE_LABELS[tournament.type]} />
      </Box>
      <Stack spacing={0.75} sx={{ mb: 2, color: 'text.secondary' }}>
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CalendarMonthIcon fontSize="small" aria-hidden />
          {formatDay(tournament.startDate)}
          {tournament.endDate &&
            tournament.endDate !== tournament.startDate &&
            ` – ${formatDay(tournament.endDate)}`}
        </Typography>
        {tournament.location && (
          <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <PlaceIcon fontSize="small" aria-hidden /> {tournament.location}
          </Typography>
        )}
        {tournament.winner && (
          <Typography
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'secondary.main', fontWeight: 600 }}
          >
            <EmojiEventsIcon fontSize="small" aria-hidden /> Ganador: {tournament.winner}
          </Typography>
        )}
      </Stack>

      <Box
        component="nav"
        aria-label="Secciones del torneo"
        sx={{
          display: 'grid',
          gap: 1,
          mb: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(5, 1fr)' },
          // Five buttons in two columns: the last one takes the whole row instead of leaving a hole.
          '& > :last-child': { gridColumn: { xs: '1 / -1', sm: 'auto' } },
        }}
      >
        {SECTIONS.map((s) => (
          <Button
            key={s.path}
            component={Link}
            to={`/tournaments/${tournament.id}/${s.path}`}
            variant="outlined"
            startIcon={s.icon}
          >
            {s.label}
          </Button>
        ))}
      </Box>

      {/* SPEC §2: signing up is shown but does nothing yet; not at all once finished. */}
      {showsSignUp(tournament) && (
        <Button variant="contained" color="secondary" startIcon={<HowToRegIcon />} fullWidth sx={{ mb: 2 }}>
          Inscribirse
        </Button>
      )}

      {tournament.rules && (
        <Section title="Reglas">
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {tournament.rules}
          </Typography>
        </Section>
      )}
      <ParticipantSummary tournament={tournament} />
      <Announcements tournament={tournament} save={save} />
    </Container>
  );
}
