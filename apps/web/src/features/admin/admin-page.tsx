import { Box, Container, Paper, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import PeopleIcon from '@mui/icons-material/People';
import { LinkCard } from '../../components/link-card';
import { PageHeading } from '../../components/page-heading';

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

/** SPEC §2: the three summary counters are fixed at zero. */
const COUNTERS = ['Torneos en curso', 'Partidas de hoy', 'Reportes pendientes'];

export default function AdminPage() {
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Panel de Administración" />
      <Box
        component="dl"
        sx={{ m: 0, mb: 3, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, 1fr)' }}
      >
        {COUNTERS.map((label) => (
          <Paper
            key={label}
            variant="outlined"
            sx={{ p: 1.5, textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
          >
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="h2" sx={{ m: 0, color: 'secondary.main' }}>
              0
            </Typography>
          </Paper>
        ))}
      </Box>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        {ENTRIES.map((e) => (
          <LinkCard key={e.to} {...e} />
        ))}
      </Box>
    </Container>
  );
}
