import { Alert, Box, Container, Paper, Skeleton, Typography } from '@mui/material';
import { useParams } from 'react-router';
import * as MSG from '@mitos/domain/message-texts';
import type { TPublicUser } from '@mitos/domain/users';
import { RaceChip } from '../../components/race-chip';
import { ApiError } from '../../lib/api-client';
import { useDefaultDeck } from '../../api/decks';
import { usePublicUser } from './api/profile';
import { ProfileHeader, ProfileSection, ProfileStats } from './components/profile-header';
import { SeasonStanding } from './components/season-standing';
import { PerformanceSection } from './components/performance-section';
import { ShareButton } from '../../components/share-button';
import { OneByOne } from '../../lib/one-by-one';

/** A path id is a plain positive integer; anything else can only be "not found". */
function parseUserId(raw: string | undefined): number {
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
}

function DefaultDeck({ userId }: { userId: number }) {
  const deck = useDefaultDeck(userId);
  return (
    <ProfileSection title="Mazo Default">
      {deck.isPending && <Skeleton variant="rounded" height={56} />}
      {deck.isError && <Alert severity="error">{MSG.loadError}</Alert>}
      {deck.data === null && <Typography color="textSecondary">No tiene un mazo por defecto.</Typography>}
      {deck.data && (
        <Paper
          variant="outlined"
          sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{deck.data.name}</Typography>
          <RaceChip raza={deck.data.raza} />
        </Paper>
      )}
    </ProfileSection>
  );
}

function UserProfile({ user }: { user: TPublicUser }) {
  return (
    <>
      <ProfileHeader user={user}>
        <ShareButton
          title={user.username}
          text={`Perfil de ${user.username} en Mitos y Leyendas`}
          path={`/user/${user.id}`}
          iconOnly
        />
      </ProfileHeader>
      <ProfileStats userId={user.id} />
      <SeasonStanding userId={user.id} />
      {/* Below a phone's first view: each drawn in a task of its own. */}
      <OneByOne>
        <DefaultDeck userId={user.id} />
      </OneByOne>
      <OneByOne>
        <PerformanceSection userId={user.id} />
      </OneByOne>
    </>
  );
}

export default function UserProfilePage() {
  const userId = parseUserId(useParams().id);
  const user = usePublicUser(userId);
  const notFound = userId === 0 || (user.error instanceof ApiError && user.error.status === 404);

  return (
    <Container maxWidth="md" sx={{ py: 3, display: 'grid', gap: 3 }}>
      {notFound && <Alert severity="warning">{MSG.userNotFound}</Alert>}
      {!notFound && user.isError && <Alert severity="error">{MSG.userLoadError}</Alert>}
      {!notFound && user.isPending && (
        <Box aria-busy aria-label="Cargando usuario">
          <Skeleton variant="rounded" height={112} />
        </Box>
      )}
      {user.data && <UserProfile user={user.data} />}
    </Container>
  );
}
