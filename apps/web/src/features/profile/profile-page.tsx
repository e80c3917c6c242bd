import { useState } from 'react';
import { Alert, Box, Button, Container, Skeleton, Typography } from '@mui/material';
import { Link } from 'react-router';
import AddIcon from '@mui/icons-material/Add';
import LogoutIcon from '@mui/icons-material/Logout';
import * as MSG from '@mitos/domain/message-texts';
import type { TSelfUser } from '@mitos/domain/users';
import { MatchCardSkeleton } from '../../components/match-card';
import { RecentMatches } from '../../components/recent-matches';
import { useSession, useSignOut } from '../../api/session';
import { useMyDecks } from '../../api/decks';
import { DeckFormDialog } from '../../components/decks/deck-form-dialog';
import { DeckList } from '../../components/decks/deck-list';
import { DecksLoadError } from '../../components/decks/decks-load-error';
import { useLatestMatch } from './api/profile';
import { ProfileHeader, ProfileSection, ProfileStats } from './components/profile-header';
import { SeasonStanding } from './components/season-standing';
import { PerformanceSection } from './components/performance-section';
import { PushSettings } from './components/push-settings';
import { PrivacySettings } from './components/privacy-settings';
import { ShareButton } from '../../components/share-button';
import { OneByOne } from '../../lib/one-by-one';

/** How many decks the profile shows before Ver todos los mazos. */
const PROFILE_DECKS = 3;

function MyDecks() {
  const decks = useMyDecks();
  const [creating, setCreating] = useState(false);
  return (
    <ProfileSection
      title="Mis Mazos"
      action={
        <Button size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)} disabled={!decks.data}>
          Crear Mazo
        </Button>
      }
    >
      {decks.isPending && <Skeleton variant="rounded" height={96} />}
      {decks.isError && (
        <DecksLoadError
          error={decks.error}
          retrying={decks.isFetching}
          onRetry={() => void decks.refetch()}
        />
      )}
      {decks.data?.length === 0 && (
        <Typography color="textSecondary">
          Aún no tienes mazos. Crea el primero para registrar partidas.
        </Typography>
      )}
      {decks.data && decks.data.length > 0 && (
        <DeckList decks={decks.data.slice(0, PROFILE_DECKS)} allDecks={decks.data} withDescription={false} />
      )}
      <Button component={Link} to="/decks" variant="outlined" sx={{ justifySelf: 'start' }}>
        Ver todos los mazos
      </Button>
      {creating && decks.data && (
        <DeckFormDialog decks={decks.data} withDescription={false} onClose={() => setCreating(false)} />
      )}
    </ProfileSection>
  );
}

function LatestMatch({ userId }: { userId: number }) {
  const latest = useLatestMatch();
  return (
    <ProfileSection
      title="Última Partida"
      action={
        <Button component={Link} to="/my-matches" size="small">
          Ver todas
        </Button>
      }
    >
      {latest.isPending && <MatchCardSkeleton />}
      {latest.isError && <Alert severity="error">{MSG.loadError}</Alert>}
      {latest.isSuccess && (
        <RecentMatches matches={latest.data ? [latest.data] : []} userId={userId} limit={1} />
      )}
    </ProfileSection>
  );
}

function Profile({ user }: { user: TSelfUser }) {
  return (
    <Container maxWidth="md" sx={{ py: 3, display: 'grid', gap: 3 }}>
      <ProfileHeader user={user}>
        <ShareButton
          title={user.username}
          text={`Perfil de ${user.username} en Mitos y Leyendas`}
          path={`/user/${user.id}`}
          iconOnly
        />
      </ProfileHeader>
      <ProfileStats userId={user.id} />
      <SeasonStanding userId={user.id} editable />
      {/* Below a phone's first view: each drawn in a task of its own. */}
      <OneByOne>
        <MyDecks />
      </OneByOne>
      <OneByOne>
        <LatestMatch userId={user.id} />
      </OneByOne>
      <OneByOne>
        <PerformanceSection userId={user.id} own />
      </OneByOne>
      <OneByOne>
        <PushSettings />
      </OneByOne>
      <OneByOne>
        <PrivacySettings />
      </OneByOne>
      <OneByOne>
        <SignOutButton />
      </OneByOne>
    </Container>
  );
}

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <Box>
      <Button
        variant="outlined"
        color="error"
        startIcon={<LogoutIcon />}
        onClick={() => void signOut()}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        Cerrar Sesión
      </Button>
    </Box>
  );
}

export default function ProfilePage() {
  const { user } = useSession();
  // The route guard only renders this page with a user.
  return user ? <Profile user={user} /> : null;
}
