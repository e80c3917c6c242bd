import { Box, Typography } from '@mui/material';
import { BracketMatchCard } from './components/bracket-match-card';
import { TournamentScreen } from './components/tournament-screen';
import { matchCaption } from './bracket';
import type { Tournament } from './tournament';

function MatchList({ tournament }: { tournament: Tournament }) {
  if (tournament.matches.length === 0) {
    return <Typography color="text.secondary">Todavía no hay partidas registradas.</Typography>;
  }
  const matches = [...tournament.matches].sort((a, b) => a.id - b.id);
  return (
    <Box
      component="ul"
      aria-label="Partidas del torneo"
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
      }}
    >
      {matches.map((m) => (
        <li key={m.id}>
          <BracketMatchCard
            caption={matchCaption(tournament.type, tournament.participants.length, m)}
            player1={m.player1}
            player2={m.player2}
            winner={m.winner}
          />
        </li>
      ))}
    </Box>
  );
}

export default function MatchesPage() {
  return (
    <TournamentScreen title="Partidas">
      {(tournament) => <MatchList tournament={tournament} />}
    </TournamentScreen>
  );
}
