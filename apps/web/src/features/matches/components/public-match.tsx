import { Alert, Box, Button, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import LoginIcon from '@mui/icons-material/Login';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { tierColor } from '@mitos/domain/constants';
import * as MSG from '@mitos/domain/message-texts';
import { summaryHeadline, type TPublicMatchSummary, type TPublicTeam } from '@mitos/domain/sharing';
import { api, ApiError } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { PageTitle } from '../../../components/page-title';
import { RaceChip } from '../../../components/race-chip';
import type { LoginState } from '../../../lib/login-state';
import { withNameBreaks } from '../../../lib/name-breaks';

const summarySchema = () => import('@mitos/domain/sharing').then((m) => m.ZPublicMatchSummary);

/** GET /api/public/matches/:id: no session needed; a 404 is "not public", the same as missing. */
export function usePublicMatch(id: number) {
  return useQuery({
    queryKey: ['public', 'matches', id],
    queryFn: () => api(`/api/public/matches/${id}`, { schema: summarySchema }),
    enabled: id > 0,
    retry: false,
  });
}

function SignInLink({ id }: { id: number }) {
  const state: LoginState = { from: `/match/${id}` };
  return (
    <Button component={Link} to="/login" state={state} variant="contained" startIcon={<LoginIcon />}>
      Iniciar sesión para ver más
    </Button>
  );
}

function TeamRow({ team, label, won }: { team: TPublicTeam; label: string; won: boolean }) {
  return (
    <Stack
      component="section"
      aria-label={label}
      direction="row"
      sx={{ alignItems: 'center', gap: 2, py: 1.5 }}
    >
      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        {team.players.map((p) => (
          <Stack key={p.username} direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {withNameBreaks(p.username)}
            </Typography>
            <RaceChip raza={p.race} />
          </Stack>
        ))}
        {won && (
          <Chip
            size="small"
            color="success"
            icon={<EmojiEventsIcon />}
            label="Ganador"
            sx={{ alignSelf: 'flex-start' }}
          />
        )}
      </Stack>
      <Typography
        component="p"
        aria-label={`${team.score} victorias`}
        sx={{ fontSize: '2.25rem', fontWeight: 800, lineHeight: 1, minWidth: '2ch', textAlign: 'right' }}
      >
        {team.score}
      </Typography>
    </Stack>
  );
}

/** What a signed-out visitor of a shared link sees: players, score, date and store. */
export function PublicMatchCard({ summary }: { summary: TPublicMatchSummary }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 0.5 }}>
        Resumen de la Partida
      </Typography>
      <Typography color="textSecondary" sx={{ '&::first-letter': { textTransform: 'uppercase' } }}>
        {formatLongDate(summary.matchDate)}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
        {summary.store && <Chip size="small" variant="outlined" label={summary.store} />}
        <Chip size="small" variant="outlined" label={`Modalidad: ${summary.mode}`} />
        <Chip size="small" label={summary.tier} color={tierColor(summary.tier)} />
      </Stack>
      <Box sx={{ mt: 2, borderTop: 1, borderColor: 'divider' }}>
        <TeamRow team={summary.team1} label="Equipo 1" won={summary.winningTeam === 'team1'} />
        <Box sx={{ borderTop: 1, borderColor: 'divider' }} />
        <TeamRow team={summary.team2} label="Equipo 2" won={summary.winningTeam === 'team2'} />
      </Box>
    </Paper>
  );
}

/** /match/:id signed out: the public summary when the players allow it, else one message. */
export function PublicMatch({ id }: { id: number }) {
  const query = usePublicMatch(id);
  const notPublic = id === 0 || (query.error instanceof ApiError && query.error.status === 404);

  if (!notPublic && query.isPending) return <CenteredSpinner label="Cargando partida" />;
  return (
    <Container maxWidth="sm" sx={{ py: 3 }}>
      <Stack spacing={2}>
        {query.data ? (
          <>
            <PageTitle title={summaryHeadline(query.data)} />
            <PublicMatchCard summary={query.data} />
          </>
        ) : notPublic ? (
          <>
            <PageTitle title="Partida" />
            <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' } }}>
              Partida
            </Typography>
            <Alert severity="info">{MSG.matchNotPublic}</Alert>
          </>
        ) : (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                Reintentar
              </Button>
            }
          >
            {MSG.detailLoadError}
          </Alert>
        )}
        <Box>
          <SignInLink id={id} />
        </Box>
      </Stack>
    </Container>
  );
}
