import { RankingTable } from '../../components/ranking-table';
import { TournamentScreen } from './components/tournament-screen';
import { leaderboardRows } from './bracket';

export default function LeaderboardPage() {
  return (
    <TournamentScreen title="Posiciones">
      {(tournament) => (
        <RankingTable
          label="Posiciones del torneo"
          rows={leaderboardRows(
            tournament.participants.map((p) => p.name),
            tournament.matches,
          )}
        />
      )}
    </TournamentScreen>
  );
}
