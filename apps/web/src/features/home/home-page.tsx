import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Container,
  Stack,
  Typography,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import StyleIcon from '@mui/icons-material/Style';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import * as MSG from '@mitos/domain/message-texts';
import { MatchCard } from '../../components/match-card';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useSession } from '../../api/session';
import { matchKeys } from '../../api/query-keys';
import { LoadMore } from '../../components/load-more';
import { MatchGrid, MatchGridSkeleton } from '../../components/match-grid';
import { MY_DECKS_QUERY_KEY, useMyDecks } from '../../api/decks';
import { EMPTY_SEARCH, isEmptySearch, useApprovedMatches, useSearchNames, type HomeSearch } from './api/home';
import { paramsFromSearch, SEARCH_PARAMS, searchFromParams } from './search-params';
import { PageTitle } from '../../components/page-title';
import { useDrawnData } from '../../lib/drawn-data';

/** SPEC §2: a window event of this name reloads the home data. */
const MATCH_APPROVED_EVENT = 'matchApproved';

// The panel brings the date pickers: they load when the player first opens it.
const SearchPanel = lazy(() => import('./components/search-panel'));

function Welcome() {
  return (
    <Card variant="outlined" sx={{ mb: 2, borderColor: 'secondary.main' }}>
      <CardContent>
        <Typography variant="h2" gutterBottom>
          Bienvenido
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 2 }}>
          Para registrar tus partidas primero necesitas un mazo.
        </Typography>
        <Button component={Link} to="/decks" variant="contained" color="secondary" startIcon={<StyleIcon />}>
          Crear mi Primer Mazo
        </Button>
      </CardContent>
    </Card>
  );
}

/** The list and its search, for a signed-in player. */
function RecentMatches({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  // The search lives in the address (issue 18): a reload or a shared link restores it.
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const searchOpen = params.get(SEARCH_PARAMS.open) === '1';
  const [known, setKnown] = useState<ReadonlyMap<number, string>>(new Map());
  const { names, pending: namesPending } = useSearchNames(search, known);
  const [panelKey, setPanelKey] = useState(0);
  const matches = useApprovedMatches(search);
  // Each search asked for is a step back can undo; opening or closing the panel only replaces it.
  const setSearch = (next: HomeSearch) => setParams(paramsFromSearch(next, searchOpen));
  const setSearchOpen = (open: boolean) => setParams(paramsFromSearch(search, open), { replace: true });
  const decks = useMyDecks();

  useEffect(() => {
    const reload = () => {
      void queryClient.invalidateQueries({ queryKey: matchKeys.approvedAll });
      void queryClient.invalidateQueries({ queryKey: MY_DECKS_QUERY_KEY });
    };
    window.addEventListener(MATCH_APPROVED_EVENT, reload);
    return () => window.removeEventListener(MATCH_APPROVED_EVENT, reload);
  }, [queryClient]);

  const filtered = !isEmptySearch(search);
  const { drawn, current } = useDrawnData(matches.data);
  const list = drawn?.pages.flatMap((p) => p.matches) ?? [];

  return (
    <Container maxWidth="lg" sx={{ py: 2 }}>
      {decks.data?.length === 0 && <Welcome />}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <PageTitle title="Inicio" />
        <Typography variant="h1" sx={{ mr: 'auto' }}>
          Partidas Recientes
        </Typography>
        <Button
          variant={searchOpen ? 'outlined' : 'contained'}
          startIcon={searchOpen ? <CloseIcon /> : <SearchIcon />}
          aria-expanded={searchOpen}
          aria-controls="home-search"
          onClick={() => setSearchOpen(!searchOpen)}
        >
          {searchOpen ? 'Cerrar Búsqueda' : 'Buscar Partidas'}
        </Button>
      </Stack>

      <Box id="home-search">
        {searchOpen && !namesPending && (
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
                <CircularProgress size={28} aria-label="Cargando búsqueda" />
              </Box>
            }
          >
            <SearchPanel
              key={panelKey}
              applied={search}
              names={names}
              onSearch={(next, usernames) => {
                setKnown(usernames);
                setSearch(next);
              }}
            />
          </Suspense>
        )}
      </Box>

      {filtered && (
        <Chip
          label="Mostrando resultados de la búsqueda"
          onDelete={() => {
            setSearch(EMPTY_SEARCH);
            setPanelKey((k) => k + 1);
          }}
          sx={{ mb: 2, maxWidth: '100%' }}
        />
      )}

      {matches.isPending || (matches.isSuccess && drawn === undefined) ? (
        <MatchGridSkeleton />
      ) : matches.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void matches.refetch()}>
              Reintentar
            </Button>
          }
        >
          {MSG.loadError}
        </Alert>
      ) : list.length === 0 ? (
        <Typography color="textSecondary" sx={{ py: 4, textAlign: 'center' }}>
          {filtered ? 'No se encontraron partidas con esos filtros' : 'Todavía no hay partidas aprobadas'}
        </Typography>
      ) : (
        <MatchGrid label="Partidas Recientes">
          {list.map((m) => (
            <li key={m.id}>
              <MatchCard match={m} currentUserId={userId} />
            </li>
          ))}
        </MatchGrid>
      )}
      <LoadMore
        hasMore={matches.hasNextPage && current}
        loading={matches.isFetchingNextPage}
        onLoadMore={() => void matches.fetchNextPage()}
      />
    </Container>
  );
}

/** Partidas Recientes: every approved match, newest first, with the search panel. */
export default function HomePage() {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <CenteredSpinner label="Verificando sesión" />;
  // SPEC §2: the route is public, but the list itself sends a visitor to /login.
  if (!user) return <Navigate to="/login" replace state={{ from: `/${location.search}` }} />;
  return <RecentMatches userId={user.id} />;
}
