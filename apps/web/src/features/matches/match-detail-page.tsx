import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Chip,
  CircularProgress,
  Container,
  Divider,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { HIGHLIGHTS, UNKNOWN_HIGHLIGHT, tierColor } from '@mitos/domain/constants';
import {
  allPlayers,
  canApprove,
  canCancelPending,
  playerEntry,
  statusLabel,
} from '@mitos/domain/match-rules';
import { STATUS_HELP } from '@mitos/domain/match-status';
import type { TMatch } from '@mitos/domain/matches';
import * as MSG from '@mitos/domain/message-texts';
import { useActionError } from '../../components/action-error';
import { STATUS_COLOR } from '../../components/match-card';
import { PaletteChip } from '../../components/palette-chip';
import { ApiError } from '../../lib/api-client';
import { formatLongDate } from '../../lib/dates';
import { CenteredSpinner } from '../../components/centered-spinner';
import { useSession } from '../../api/session';
import { newMatchStateFrom, recreationError } from '../../lib/new-match-navigation';
import { useMatchActions } from '../../api/match-actions';
import { useMatch } from '../../api/matches';
import { ConfirmMatchDialog, type ConfirmKind } from '../../components/confirm-match-dialog';
import { EventHistory } from './components/event-history';
import { EscalatedActions } from '../../components/escalated-actions';
import { ReminderNotice } from '../../components/reminder-notice';
import { TeamColumns } from '../../components/match-grid';
import { TeamPanel } from './components/team-panel';
import { PageTitle } from '../../components/page-title';
import { ShareButton } from '../../components/share-button';
import type { LoginState } from '../../lib/login-state';
import { PublicMatch } from './components/public-match';

function parseId(raw: string | undefined): number {
  return raw && /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
}

function MatchActions({ match, userId }: { match: TMatch; userId: number }) {
  const navigate = useNavigate();
  const actions = useMatchActions();
  const { error, setError, report, alert } = useActionError();
  const [confirming, setConfirming] = useState<ConfirmKind | null>(null);
  const busy = actions.running !== null;
  const loading = (action: string) => actions.running?.action === action;

  const involved = playerEntry(match, userId) !== undefined || match.created_by === userId;
  const rejecter = allPlayers(match).find((p) => p.approval_status === 'rejected');

  // Crear Nueva opens the form prefilled; the old match is cancelled only when the new one is
  // saved (issue 14 item 3), so leaving the form changes nothing.
  const recreate = () => {
    const refusal = recreationError(match);
    if (refusal !== null) {
      setError(refusal);
      return;
    }
    void navigate('/new-match', { state: newMatchStateFrom(match) });
  };

  const confirmed = (kind: ConfirmKind) => {
    if (kind === 'reject') void actions.reject(match).then(report);
    else void actions.cancelPending(match).then(report);
  };

  let buttons: ReactNode = null;
  if (match.approval_status === 'cancelled') {
    buttons = (
      <Button variant="outlined" disabled fullWidth>
        Partida Cancelada
      </Button>
    );
  } else if (canApprove(match, userId)) {
    buttons = (
      <>
        <Button
          variant="contained"
          color="success"
          fullWidth
          disabled={busy}
          loading={loading('approve')}
          onClick={() => void actions.approve(match).then(report)}
        >
          Aprobar
        </Button>
        <Button
          variant="outlined"
          color="error"
          fullWidth
          disabled={busy}
          loading={loading('reject')}
          onClick={() => setConfirming('reject')}
        >
          Rechazar
        </Button>
      </>
    );
  }
  if (canCancelPending(match, userId)) {
    buttons = (
      <>
        {buttons}
        <Button
          variant="outlined"
          color="warning"
          fullWidth
          disabled={busy}
          loading={loading('cancel')}
          onClick={() => setConfirming('cancel')}
        >
          Cancelar partida
        </Button>
      </>
    );
  } else if (match.approval_status === 'rejected' && involved && rejecter?.user_id !== userId) {
    // Processing a rejection belongs to the others: the player who rejected sees no action
    // (the server refuses them both, decision 012).
    buttons = (
      <>
        <Button
          variant="outlined"
          fullWidth
          disabled={busy}
          loading={loading('accept-rejection')}
          onClick={() => void actions.acceptRejection(match).then(report)}
        >
          Aceptar Rechazo
        </Button>
        <Button variant="contained" fullWidth disabled={busy} onClick={recreate}>
          Crear Nueva
        </Button>
      </>
    );
  }

  if (!buttons && !error) return null;
  return (
    <Stack spacing={1.5}>
      {alert}
      {buttons && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {buttons}
        </Stack>
      )}
      {confirming && (
        <ConfirmMatchDialog
          kind={confirming}
          match={match}
          onConfirm={() => confirmed(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </Stack>
  );
}

/** A match's line for a share sheet: "mateo 2–1 lucas". */
function shareText(match: TMatch): string {
  const names = (team: TMatch['team1']) => team.players.map((p) => p.username).join(' y ');
  return `${names(match.team1)} ${match.team1.score}–${match.team2.score} ${names(match.team2)}`;
}

/**
 * /match/:id, reachable signed out (a shared link, decision 021): a visitor sees the public
 * summary; a player whose session just ended signs in again, as on every signed-in screen.
 */
export default function MatchDetailPage() {
  const id = parseId(useParams().id);
  const { status, expired } = useSession();
  const location = useLocation();
  if (status === 'loading') return <CenteredSpinner label="Verificando sesión" />;
  if (status === 'anonymous') {
    if (expired) {
      const state: LoginState = { from: `${location.pathname}${location.search}`, expired };
      return <Navigate to="/login" replace state={state} />;
    }
    return <PublicMatch id={id} />;
  }
  return <MatchDetail id={id} />;
}

/** Detalles de la Partida: status, date, mode, tier, highlights, teams, actions and history. */
function MatchDetail({ id }: { id: number }) {
  const { user } = useSession();
  const query = useMatch(id);

  if (id === 0 || (query.isError && query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Container maxWidth="md" sx={{ py: 2 }}>
        <PageTitle title="Partida no encontrada" />
        <Typography variant="h1" sx={{ mb: 2 }}>
          Detalles de la Partida
        </Typography>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MSG.matchNotFound}
        </Alert>
        <Button component={Link} to="/" variant="contained">
          Volver al inicio
        </Button>
      </Container>
    );
  }
  if (query.isPending) return <CenteredSpinner label="Cargando partida" />;
  if (query.isError) {
    return (
      <Container maxWidth="md" sx={{ py: 3 }}>
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
      </Container>
    );
  }

  const match = query.data;
  const status = statusLabel(match.approval_status);
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <PageTitle title={`Partida #${match.id}`} />
        <Typography variant="h1" sx={{ mr: 'auto' }}>
          Detalles de la Partida
        </Typography>
        {query.isFetching && <CircularProgress size={18} aria-label="Actualizando" />}
        <PaletteChip label={status} color={STATUS_COLOR[status]} size="medium" />
        <Tooltip title={STATUS_HELP[status]} enterTouchDelay={0}>
          <IconButton size="small" aria-label={`Qué significa ${status}`}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <ShareButton
          title="Partida de Mitos y Leyendas"
          text={shareText(match)}
          path={`/match/${match.id}`}
        />
      </Stack>

      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 600, '&::first-letter': { textTransform: 'uppercase' } }}>
            {formatLongDate(match.match_date)}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 1 }}>
            <Chip size="small" variant="outlined" label={`Modalidad: ${match.match_mode}`} />
            <PaletteChip label={match.tier} color={tierColor(match.tier)} />
          </Stack>
          {match.highlights.length > 0 && (
            <Stack spacing={0.75} sx={{ mt: 2 }}>
              <Typography variant="subtitle2" component="h2">
                Highlights
              </Typography>
              {match.highlights.map((h, i) => {
                const known = HIGHLIGHTS.find((k) => k.type === h.type);
                return (
                  <Stack key={`${h.type}-${i}`} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                    <PaletteChip
                      color="secondary"
                      variant="outlined"
                      label={known?.type ?? UNKNOWN_HIGHLIGHT}
                    />
                    {known && (
                      <Typography variant="body2" color="textSecondary">
                        {known.description}
                      </Typography>
                    )}
                  </Stack>
                );
              })}
            </Stack>
          )}
        </Paper>

        <TeamColumns>
          <TeamPanel team={match.team1} won={match.winning_team === 'team1'} />
          <TeamPanel team={match.team2} won={match.winning_team === 'team2'} />
        </TeamColumns>

        <ReminderNotice match={match} userId={user?.id} />
        {user && <MatchActions match={match} userId={user.id} />}
        {user && <EscalatedActions match={match} />}

        <Paper variant="outlined" component="section" aria-labelledby="match-history" sx={{ p: 2 }}>
          <Typography id="match-history" variant="h3" component="h2" sx={{ mb: 1 }}>
            Historial
          </Typography>
          <EventHistory events={match.events} />
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="body2" color="textSecondary">
            Creada por {match.created_by_username || MSG.unknownUser}
          </Typography>
        </Paper>
      </Stack>
    </Container>
  );
}
