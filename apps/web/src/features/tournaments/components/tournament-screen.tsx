import type { ReactNode } from 'react';
import { Alert, Button, Container } from '@mui/material';
import { Link, useParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import type { Tournament } from '../tournament';
import { TOURNAMENT_MSG } from '../tournament-rules';
import { useTournament } from '../use-tournaments';

export interface TournamentScreenProps {
  title: string;
  children(tournament: Tournament, save: (next: Tournament) => boolean): ReactNode;
}

/** A tournament sub-page: its title over the tournament name, back to the tournament, or a not-found notice. */
export function TournamentScreen({ title, children }: TournamentScreenProps) {
  const { id } = useParams();
  const { tournament, save } = useTournament(id);
  return (
    <Container maxWidth="md" sx={{ py: 2 }}>
      {tournament ? (
        <>
          <PageHeading title={title} subtitle={tournament.name} backTo={`/tournaments/${tournament.id}`} />
          {children(tournament, save)}
        </>
      ) : (
        <TournamentNotFound message={TOURNAMENT_MSG.notFound} />
      )}
    </Container>
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
