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
  Stack,
  Typography,
} from '@mui/material';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupIcon from '@mui/icons-material/Group';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import PlaceIcon from '@mui/icons-material/Place';
import SportsEsportsIcon from '@mui/icons-material/SportsEsports';
import { Link } from 'react-router';
import { TOURNAMENT_TYPE_LABELS } from '@mitos/domain/tournament-rules';
import type { TTournament } from '@mitos/domain/tournaments';
import { useTournament } from '../../api/tournaments';
import { CenteredSpinner } from '../../components/centered-spinner';
import { PageHeading } from '../../components/page-heading';
import { UserAvatar } from '../../components/user-avatar';
import { formatCommunityLongDate } from '../../lib/community-time';
import { useDrawnData } from '../../lib/drawn-data';
import { DISPLAY } from '../../lib/ui-constants';
import { Announcements } from './components/announcements';
import { OrganiserPanel } from './components/organiser-panel';
import { Section } from './components/section';
import { SignUpPanel } from './components/signup-panel';
import { TournamentLoadError, TournamentNotFound, useTournamentId } from './components/tournament-screen';
import { TournamentRules } from './components/tournament-rules';
import { TournamentStatusChip } from './components/tournament-status-chip';
import { PARTICIPANT_STATUS_LABELS, TOURNAMENT_MSG } from './tournament-view';

const SECTIONS = [
  { path: 'participants', label: 'Participantes', icon: <GroupIcon /> },
  { path: 'bracket', label: 'Bracket', icon: <AccountTreeIcon /> },
  { path: 'calendar', label: 'Calendario', icon: <CalendarMonthIcon /> },
  { path: 'leaderboard', label: 'Posiciones', icon: <LeaderboardIcon /> },
  { path: 'matches', label: 'Partidas', icon: <SportsEsportsIcon /> },
] as const;

const infoLine = { display: 'flex', alignItems: 'center', gap: 1 } as const;

/** The players in it (waiting list aside): the first six, Ver todos when there are more. */
function ParticipantSummary({ tournament }: { tournament: TTournament }) {
  const playing = tournament.participantList.filter((p) => p.status !== 'waitlisted');
  const shown = playing.slice(0, DISPLAY.participantSummary);
  return (
    <Section
      title={`Participantes (${tournament.participants})`}
      action={
        playing.length > 0 && (
          <AvatarGroup
            max={DISPLAY.participantAvatars}
            aria-hidden
            sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: 12 } }}
            // The "+N" avatar: MUI's light grey under white text fails contrast (issue 14 item 15).
            slotProps={{ surplus: { sx: { bgcolor: '#2a3550', color: '#ffffff' } } }}
          >
            {playing.map((p) => (
              <UserAvatar key={p.userId} username={p.username} size={28} decorative />
            ))}
          </AvatarGroup>
        )
      }
    >
      {shown.length === 0 ? (
        <Typography color="textSecondary">Todavía no hay participantes inscriptos.</Typography>
      ) : (
        <List
          dense
          disablePadding
          // minmax(0, …): a long name is ellipsized inside its column instead of widening the page.
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {shown.map((p) => (
            <ListItem key={p.userId} disableGutters>
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <UserAvatar username={p.username} size={36} decorative />
              </ListItemAvatar>
              <ListItemText
                sx={{ minWidth: 0 }}
                slotProps={{ primary: { noWrap: true, title: p.username } }}
                primary={p.username}
                secondary={
                  p.status === 'dropped'
                    ? PARTICIPANT_STATUS_LABELS.dropped
                    : (p.deck?.name ?? 'Sin mazo elegido')
                }
              />
            </ListItem>
          ))}
        </List>
      )}
      {playing.length > DISPLAY.participantSummary && (
        <Button component={Link} to={`/tournaments/${tournament.id}/participants`} sx={{ mt: 1 }}>
          Ver todos los participantes
        </Button>
      )}
    </Section>
  );
}

function TournamentDetail({ tournament }: { tournament: TTournament }) {
  return (
    <>
      <PageHeading title={tournament.name} backTo="/tournaments" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <TournamentStatusChip status={tournament.status} round={tournament.round} />
        <Chip size="small" variant="outlined" label={TOURNAMENT_TYPE_LABELS[tournament.type]} />
        <Chip size="small" variant="outlined" label={`Al mejor de ${tournament.bestOf}`} />
        <Chip size="small" variant="outlined" label={tournament.tier} />
      </Box>
      <Stack spacing={0.75} sx={{ mb: 2, color: 'text.secondary' }}>
        <Typography sx={infoLine}>
          <PlaceIcon fontSize="small" aria-hidden /> {tournament.store.name}
        </Typography>
        <Typography sx={infoLine}>
          <CalendarMonthIcon fontSize="small" aria-hidden /> {formatCommunityLongDate(tournament.startsAt)}
        </Typography>
        <Typography sx={infoLine}>
          <GroupIcon fontSize="small" aria-hidden />
          {tournament.participants}/{tournament.playerCap} jugadores
          {tournament.waitlist > 0 && ` · ${tournament.waitlist} en lista de espera`}
        </Typography>
        {tournament.winner && (
          <Typography sx={{ ...infoLine, color: 'secondary.main', fontWeight: 600 }}>
            <EmojiEventsIcon fontSize="small" aria-hidden /> Ganador: {tournament.winner.username}
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

      <SignUpPanel tournament={tournament} />
      <OrganiserPanel tournament={tournament} />
      <TournamentRules text={tournament.rules} />
      <ParticipantSummary tournament={tournament} />
      <Announcements tournament={tournament} />
    </>
  );
}

export default function TournamentDetailPage() {
  const id = useTournamentId();
  const tournament = useTournament(id);
  // The page is drawn in a transition, in slices, not in the one task the query's answer would
  // take on a phone (docs/decisions/029).
  const { drawn } = useDrawnData(tournament.data);
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      {id === 0 ? (
        <TournamentNotFound message={TOURNAMENT_MSG.notFoundOrError} />
      ) : drawn ? (
        <TournamentDetail tournament={drawn} />
      ) : tournament.isError ? (
        <TournamentLoadError
          error={tournament.error}
          notFound={TOURNAMENT_MSG.notFoundOrError}
          retry={tournament.refetch}
        />
      ) : (
        <CenteredSpinner label="Cargando torneo" />
      )}
    </Container>
  );
}
