import { Box, Button, Container } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import StorefrontIcon from '@mui/icons-material/Storefront';
import PieChartIcon from '@mui/icons-material/PieChart';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Link } from 'react-router';
import { LinkCard } from '../../components/link-card';
import { PageHeading } from '../../components/page-heading';

export default function TorneosHubPage() {
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Torneos" />
      <Box
        component="ul"
        sx={{ m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <LinkCard
          to="/torneos/general"
          title="Ranking General"
          text="Los mejores jugadores de la temporada."
          icon={<EmojiEventsIcon />}
        />
        <LinkCard
          to="/torneos/tiendas"
          title="Ranking por Tienda"
          text="Tiendas participantes, sus rankings y partidas."
          icon={<StorefrontIcon />}
        />
        <LinkCard
          to="/metagame"
          title="Metagame"
          text="Las razas más jugadas de la temporada y cuánto ganan."
          icon={<PieChartIcon />}
        />
      </Box>
      <Button component={Link} to="/tournaments" sx={{ mt: 3 }} endIcon={<ChevronRightIcon />}>
        Ver torneos
      </Button>
    </Container>
  );
}
