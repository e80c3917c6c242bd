import type { ReactNode } from 'react';
import { Alert, Button, Container } from '@mui/material';
import type { TTournament } from '@mitos/domain/tournaments';
import { Link, useParams } from 'react-router';
import { tournamentIdParam, useTournament } from '../../../api/tournaments';
import { CenteredSpinner } from '../../../components/centered-spinner';
import { PageHeading } from '../../../components/page-heading';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { TOURNAMENT_MSG } from '../tournament-view';

/** The tournament id of the route; 0 (never a tournament) for anything that is not an id. */
export function useTournamentId(): number {
  return tournamentIdParam(useParams().id);
}

export interface TournamentScreenProps {
  title: string;
  children(tournament: TTournament): ReactNode;
}

/**
 * A tournament sub-page: its title over the tournament name and the way back to the tournament,
 * or the SPEC's not-found notice (No se pudo encontrar el torneo), or the load error with a retry.
 */
export function TournamentScreen({ title, children }: TournamentScreenProps) {
  const id = useTournamentId();
  const tournament = useTournament(id);
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      {id === 0 ? (
        <TournamentNotFound message={TOURNAMENT_MSG.notFound} />
      ) : tournament.data ? (
        <>
          <PageHeading title={title} subtitle={tournament.data.name} backTo={`/tournaments/${id}`} />
          {children(tournament.data)}
        </>
      ) : tournament.isError ? (
        <TournamentLoadError
          error={tournament.error}
          notFound={TOURNAMENT_MSG.notFound}
          retry={tournament.refetch}
        />
      ) : (
        <CenteredSpinner label="Cargando torneo" />
      )}
    </Container>
  );
}

/** A 404 reads as the SPEC's not-found text; anything else says what failed and offers Reintentar. */
export function TournamentLoadError({
  error,
  notFound,
  retry,
}: {
  error: unknown;
  notFound: string;
  retry(): unknown;
}) {
  if (error instanceof ApiError && error.status === 404) return <TournamentNotFound message={notFound} />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void retry()}>
          Reintentar
        </Button>
      }
    >
      {errorMessage(error, TOURNAMENT_MSG.notFoundOrError)}
    </Alert>
  );
}

export function TournamentNotFound({ message }: { message: string }) {
  return (
    <Alert
      severity="error"
      action={
        <Button component={Link} to="/tournaments" color="inherit" size="small">
          Volver a Torneos
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
