import { useState } from 'react';
import { Alert, Button, Container, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router';
import { isApproved, pendingForScreens } from '@mitos/domain/match-rules';
import type { TMatch } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { MatchCard } from '../../components/match-card';
import { useSession } from '../../api/session';
import { usePendingMatches } from '../../api/inbox';
import { useMyMatches } from '../../api/matches';
import { LoadMore } from '../../components/load-more';
import { useDrawnData } from '../../lib/drawn-data';
import { MatchGrid, MatchGridSkeleton } from '../../components/match-grid';
import { PendingMatches } from '../../components/pending-matches';
import { TabLabel } from '../../components/tab-label';
import { TabBar } from '../../components/tab-bar';
import { DrawnTabPanel } from '../../components/drawn-tab-panel';
import { initialTab, readStoredTab, storeTab } from './tab-persistence';
import { PageTitle } from '../../components/page-title';
import { OutboxList } from '../../components/outbox-list';

function LoadError({ onRetry }: { onRetry(): void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Reintentar
        </Button>
      }
    >
      {MSG.loadError}
    </Alert>
  );
}

/** A tab of the user's own matches, filtered from the paged list, loading more while scrolling. */
function OwnMatches({
  filter,
  empty,
  showStatus,
  userId,
}: {
  filter(m: TMatch): boolean;
  empty: string;
  showStatus?: boolean;
  userId: number;
}) {
  const mine = useMyMatches();
  const { drawn, current } = useDrawnData(mine.data);
  if (mine.isError) return <LoadError onRetry={() => void mine.refetch()} />;
  if (drawn === undefined) return <MatchGridSkeleton />;
  const matches = drawn.pages.flatMap((p) => p.matches).filter(filter);
  return (
    <>
      {matches.length === 0 && !mine.hasNextPage ? (
        <Typography color="textSecondary" sx={{ py: 3, textAlign: 'center' }}>
          {empty}
        </Typography>
      ) : (
        <MatchGrid>
          {matches.map((m) => (
            <li key={m.id}>
              <MatchCard match={m} showStatus={showStatus} currentUserId={userId} />
            </li>
          ))}
        </MatchGrid>
      )}
      <LoadMore
        hasMore={mine.hasNextPage && current}
        loading={mine.isFetchingNextPage}
        onLoadMore={() => void mine.fetchNextPage()}
      />
    </>
  );
}

/** The ids of a tab and of the panel it shows, for the row of tabs and the panel alike. */
const tabId = (tab: number) => `my-matches-tab-${tab}`;
const panelId = (tab: number) => `my-matches-panel-${tab}`;

const isCancelledOrRejected = (m: TMatch) =>
  m.approval_status === 'cancelled' || m.approval_status === 'rejected';

/** Mis Partidas: approved, pending and cancelled matches of the signed-in user. */
export default function MyMatchesPage() {
  const { user } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [tab, setTab] = useState(() => initialTab(location.state, readStoredTab()));
  const pending = usePendingMatches();
  const pendingCount = user && pending.data ? pendingForScreens(pending.data, user.id).length : 0;

  if (!user) return null;

  const changeTab = (next: number) => {
    setTab(next);
    storeTab(next);
    const state: unknown = location.state;
    void navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: { ...(state && typeof state === 'object' ? state : {}), selectedTab: next },
    });
  };

  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      <PageTitle title="Mis Partidas" />
      <Typography variant="h1" sx={{ mb: 1 }}>
        Mis Partidas
      </Typography>
      <OutboxList userId={user.id} />
      <TabBar
        value={tab}
        onChange={changeTab}
        label="Mis Partidas"
        tabs={[
          { value: 0, label: 'Aprobadas' },
          { value: 1, label: <TabLabel text="Pendientes" count={pendingCount} /> },
          { value: 2, label: 'Canceladas' },
        ]}
        tabId={tabId}
        panelId={panelId}
      />
      <DrawnTabPanel tab={tab} panelId={panelId} tabId={tabId}>
        {(shown) =>
          shown === 0 ? (
            <OwnMatches filter={isApproved} empty={MSG.noMatches} userId={user.id} />
          ) : shown === 1 ? (
            pending.isPending ? (
              <MatchGridSkeleton count={2} />
            ) : pending.isError ? (
              <LoadError onRetry={() => void pending.refetch()} />
            ) : (
              <PendingMatches matches={pending.data} userId={user.id} />
            )
          ) : (
            <OwnMatches
              filter={isCancelledOrRejected}
              empty="No hay partidas canceladas"
              showStatus
              userId={user.id}
            />
          )
        }
      </DrawnTabPanel>
    </Container>
  );
}
