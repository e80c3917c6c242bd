import { Box, Container, Paper, Skeleton, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import EventIcon from '@mui/icons-material/Event';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PeopleIcon from '@mui/icons-material/People';
import type { TAdminSummary } from '@mitos/domain/community';
import { useAdminSummary } from '../../api/admin';
import { useCommunityMe } from '../../api/community';
import { LinkCard } from '../../components/link-card';
import { PageHeading } from '../../components/page-heading';
import { LoadError } from './components/status-views';

const ENTRIES = [
  {
    to: '/admin/players',
    title: 'Jugadores',
    text: 'Alta de jugadores con su Código TOR.',
    icon: <PeopleIcon />,
  },
  {
    to: '/admin/results',
    title: 'Resultados',
    text: 'Carga de resultados por tienda y ronda.',
    icon: <FactCheckIcon />,
  },
  {
    to: '/admin/leagues',
    title: 'Ligas',
    text: 'Gestión de ligas de cada tienda.',
    icon: <EmojiEventsIcon />,
  },
];

const SEASONS_ENTRY = {
  to: '/admin/seasons',
  title: 'Temporadas',
  text: 'Abrir y cerrar las temporadas del ranking.',
  icon: <EventIcon />,
};

/** SPEC §2's three counters, from GET /api/admin/summary. */
const COUNTERS: { label: string; value: keyof TAdminSummary }[] = [
  { label: 'Torneos en curso', value: 'tournamentsInProgress' },
  { label: 'Partidas de hoy', value: 'matchesToday' },
  { label: 'Reportes pendientes', value: 'pendingReports' },
];

function Counters() {
  const summary = useAdminSummary();
  if (summary.isError) return <LoadError onRetry={() => void summary.refetch()} />;
  return (
    <Box
      component="dl"
      aria-busy={summary.isPending}
      sx={{ m: 0, mb: 3, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}
    >
      {COUNTERS.map(({ label, value }) => (
        <Paper
          key={label}
          variant="outlined"
          sx={{ p: 1.5, textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
        >
          <Typography component="dt" variant="caption" color="textSecondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h2" sx={{ m: 0, color: 'secondary.main' }}>
            {summary.data ? summary.data[value] : <Skeleton width="2ch" sx={{ mx: 'auto' }} />}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

export default function AdminPage() {
  const me = useCommunityMe();
  const entries = me.data?.isAdmin ? [...ENTRIES, SEASONS_ENTRY] : ENTRIES;
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Panel de Administración" />
      <Counters />
      <Box
        component="ul"
        sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
      >
        {entries.map((e) => (
          <LinkCard key={e.to} {...e} />
        ))}
      </Box>
    </Container>
  );
}
