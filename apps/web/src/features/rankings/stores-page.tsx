import { Box, Card, CardActionArea, CardContent, CardMedia, Container, Typography } from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { STORES, storeLocation } from '../../lib/sample-stores';

export default function StoresPage() {
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <PageHeading title="Tiendas Participantes" backTo="/torneos" />
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {STORES.map((store) => (
          <Card key={store.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
            <CardActionArea component={Link} to={`/torneos/tiendas/${store.id}`} sx={{ height: '100%' }}>
              <CardMedia
                component="img"
                image={store.logo}
                alt=""
                sx={{ aspectRatio: '1', objectFit: 'contain', p: 2, bgcolor: 'rgba(255,255,255,0.03)' }}
              />
              <CardContent sx={{ p: 1.5 }}>
                <Typography
                  component="h2"
                  sx={{ fontWeight: 700, fontSize: '1rem', overflowWrap: 'anywhere' }}
                >
                  {store.name}
                </Typography>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
                >
                  <PlaceIcon sx={{ fontSize: 16 }} aria-hidden /> {storeLocation(store)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    </Container>
  );
}
