import { useState } from 'react';
import { Alert, Box, Button, Container, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { seesAdmin } from '@mitos/domain/community-rules';
import type { TMatch } from '@mitos/domain/matches';
import type { TUnreadAnnouncement } from '@mitos/domain/tournaments';
import * as MSG from '@mitos/domain/message-texts';
import { useActionError } from '../../components/action-error';
import { MatchCard } from '../../components/match-card';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useSession } from '../../api/session';
import { useMatchActions } from '../../api/match-actions';
import { MatchGrid, MatchGridSkeleton } from '../../components/match-grid';
import { useDrawnData } from '../../lib/drawn-data';
import { ApprovalCard } from '../../components/pending-matches';
import { TabLabel } from '../../components/tab-label';
import { TabBar } from '../../components/tab-bar';
import { DrawnTabPanel } from '../../components/drawn-tab-panel';
import {
  useMarkAnnouncementsRead,
  usePendingMatches,
  useRejectedMatches,
  useUnreadAnnouncements,
} from '../../api/inbox';
import { formatListDate } from '../../lib/list-date';
import { pendingForMe, tabWithContent } from './latest-notification';
import { PageTitle } from '../../components/page-title';
import { useEscalatedMatches } from '../../api/escalated';
import { EscalatedActions, useCommunityActorQuery } from '../../components/escalated-actions';

function Empty() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 4, textAlign: 'center' }}>
      <Typography color="textSecondary">{MSG.noPendingNotifications}</Typography>
      <Button component={Link} to="/" variant="contained">
        Volver al inicio
      </Button>
    </Stack>
  );
}

function RejectedList({
  matches,
  userId,
  actions,
}: {
  matches: TMatch[];
  userId: number;
  actions: ReturnType<typeof useMatchActions>;
}) {
  const { report, alert } = useActionError();
  return (
    <Stack spacing={1.5}>
      {alert}
      <MatchGrid label="Partidas Rechazadas">
        {matches.map((m) => (
          <li key={m.id}>
            <MatchCard match={m} currentUserId={userId} showStatus>
              <Button
                fullWidth
                size="small"
                variant="text"
                color="inherit"
                disabled={actions.running !== null}
                loading={actions.running?.id === m.id}
                aria-label={`Descartar la notificación de la partida ${m.id}`}
                onClick={() => void actions.close(m).then(report)}
              >
                Descartar
              </Button>
            </MatchCard>
          </li>
        ))}
      </MatchGrid>
    </Stack>
  );
}

/** The unread Comunicados of the player's tournaments, each with a way to mark its tournament's read. */
function Announcements({ items }: { items: readonly TUnreadAnnouncement[] }) {
  const markRead = useMarkAnnouncementsRead();
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="unread-announcements" sx={{ mb: 2 }}>
      <Typography id="unread-announcements" variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        Comunicados de tus torneos ({items.length})
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((a) => (
          <Box
            component="li"
            key={a.id}
            sx={{
              p: 1.5,
              borderRadius: 2,
              bgcolor: 'background.paper',
              borderLeft: 3,
              borderColor: 'secondary.main',
            }}
          >
            <Typography variant="caption" color="textSecondary">
              {formatListDate(a.date)} ·{' '}
              <MuiLink
                component={Link}
                to={`/tournaments/${a.tournament.id}`}
                color="secondary"
                underline="hover"
              >
                {a.tournament.name}
              </MuiLink>
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{a.message}</Typography>
            <Button
              size="small"
              sx={{ mt: 0.5 }}
              disabled={markRead.isPending}
              aria-label={`Marcar como leídos los comunicados de ${a.tournament.name}`}
              onClick={() => markRead.mutate(a.tournament.id)}
            >
              Marcar como leído
            </Button>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * "Partidas para confirmar", for store organisers and admins: the pending matches nobody finished
 * answering that went to them (decision 020), each with Confirmar and Cancelar.
 */
function EscalatedMatches({ items }: { items: readonly TMatch[] }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="escalated-matches" sx={{ mb: 2 }}>
      <Typography id="escalated-matches" variant="h2" sx={{ fontSize: '1.1rem', mb: 0.5 }}>
        Partidas para confirmar ({items.length})
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        Nadie terminó de responderlas a tiempo y se jugaron en tu tienda: confírmalas o cancélalas.
      </Typography>
      <MatchGrid label="Partidas para confirmar">
        {items.map((m) => (
          <li key={m.id}>
            <MatchCard match={m}>
              <EscalatedActions match={m} />
            </MatchCard>
          </li>
        ))}
      </MatchGrid>
    </Box>
  );
}

/** The ids of a tab and of the one panel both tabs show, for the row of tabs and the panel alike. */
const tabId = (tab: number) => `notifications-tab-${tab}`;
const panelId = () => 'notifications-panel';

/** Notificaciones: matches waiting for the user's approval and rejected matches to handle. */
export default function NotificationsPage() {
  const { user } = useSession();
  const pending = usePendingMatches();
  const rejected = useRejectedMatches();
  // The sections above the tabs are asked for here, with the lists, not once the page is drawn
  // (a request after a request on a slow network), and the page waits for them so that they do
  // not push the tabs down as they arrive. Partidas para confirmar (organisers and admins only)
  // needs the caller's stores first, asked for now too; a player never asks for it.
  const unread = useUnreadAnnouncements();
  const community = useCommunityActorQuery();
  // Organisers and admins (the ones who see /admin) answer for the matches sent to the stores.
  const organiser = community.actor !== null && seesAdmin(community.actor);
  const escalated = useEscalatedMatches(organiser);
  const actions = useMatchActions();
  // The tabs' cards draw in a transition, in slices (docs/decisions/029): the page's heading,
  // Comunicados and tabs are drawn as soon as the lists have answered, with a skeleton where the
  // cards go, not in the same long task as every card.
  const { drawn: drawnPending } = useDrawnData(pending.data);
  const { drawn: drawnRejected } = useDrawnData(rejected.data);
  const [chosenTab, setChosenTab] = useState<0 | 1 | null>(null);
  const [seenCounts, setSeenCounts] = useState<string | null>(null);

  if (!user) return null;
  if (
    pending.isPending ||
    rejected.isPending ||
    unread.isPending ||
    community.isPending ||
    (organiser && escalated.isPending)
  )
    return <CenteredSpinner label="Cargando notificaciones" />;
  if (pending.isError || rejected.isError) {
    return (
      <Container maxWidth="lg" sx={{ py: 3 }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                void pending.refetch();
                void rejected.refetch();
              }}
            >
              Reintentar
            </Button>
          }
        >
          {MSG.loadError}
        </Alert>
      </Container>
    );
  }

  const mine = pendingForMe(pending.data, user.id);
  const drawnMine = drawnPending && pendingForMe(drawnPending, user.id);
  const counts = [mine.length, rejected.data.length] as const;
  // SPEC §2: starts on the rejected tab when nothing is pending; then stays where the user puts
  // it, until the lists change (a live message): an emptied tab gives way to the one with content.
  let tab: 0 | 1 = chosenTab ?? (mine.length === 0 ? 1 : 0);
  const countsKey = counts.join(',');
  if (seenCounts !== countsKey) {
    tab = tabWithContent(tab, counts);
    setSeenCounts(countsKey);
    setChosenTab(tab);
  }

  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      <PageTitle title="Notificaciones" />
      <Typography variant="h1" sx={{ mb: 1 }}>
        Notificaciones
      </Typography>
      <EscalatedMatches items={organiser ? (escalated.data ?? []) : []} />
      <Announcements items={unread.data ?? []} />
      <TabBar<0 | 1>
        value={tab}
        onChange={setChosenTab}
        label="Notificaciones"
        tabs={[
          { value: 0, label: <TabLabel text="Partidas Pendientes" count={mine.length} /> },
          { value: 1, label: <TabLabel text="Partidas Rechazadas" count={rejected.data.length} /> },
        ]}
        tabId={tabId}
        panelId={panelId}
      />
      <DrawnTabPanel tab={tab} panelId={panelId} tabId={tabId}>
        {(shown) =>
          !drawnMine || !drawnRejected ? (
            <Box role="status" aria-busy aria-label="Cargando partidas">
              <MatchGridSkeleton count={2} />
            </Box>
          ) : shown === 0 ? (
            drawnMine.length === 0 ? (
              <Empty />
            ) : (
              <MatchGrid label="Partidas Pendientes">
                {drawnMine.map((m) => (
                  <li key={m.id}>
                    <ApprovalCard match={m} userId={user.id} actions={actions} />
                  </li>
                ))}
              </MatchGrid>
            )
          ) : drawnRejected.length === 0 ? (
            <Empty />
          ) : (
            <RejectedList matches={drawnRejected} userId={user.id} actions={actions} />
          )
        }
      </DrawnTabPanel>
    </Container>
  );
}
