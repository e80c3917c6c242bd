import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import StarIcon from '@mui/icons-material/Star';
import { BracketMatchCard } from './components/bracket-match-card';
import { TournamentScreen } from './components/tournament-screen';
import {
  buildDoubleElimination,
  buildRoundRobin,
  buildSingleElimination,
  DOUBLE_ELIMINATION_LABELS,
  standings,
  type BracketRound,
} from './bracket';
import type { Tournament } from './tournament';
import { ScrollTable } from '../../components/scroll-table';

/** On a phone the standings keep #, player, wins and percentage; losses need a wider screen. */
const tight = { px: { xs: 1, sm: 2 } } as const;
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Rounds side by side; on a phone the row scrolls sideways inside itself, never the page. */
function Rounds({ rounds, label }: { rounds: BracketRound[]; label: string }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ display: 'flex', gap: 2, overflowX: 'auto', pb: 1, mb: 3, scrollSnapType: 'x proximity' }}
    >
      {rounds.map((round) => (
        <Box
          key={round.round}
          component="section"
          aria-label={round.label}
          sx={{ flex: '0 0 auto', width: { xs: 220, sm: 240 }, scrollSnapAlign: 'start' }}
        >
          <Typography variant="subtitle2" component="h3" color="secondary" sx={{ mb: 1 }}>
            {round.label}
          </Typography>
          <Box
            sx={{
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'space-around',
              gap: 1.5,
              height: 'calc(100% - 32px)',
            }}
          >
            {round.matches.map((m) => (
              <BracketMatchCard key={m.key} player1={m.player1} player2={m.player2} winner={m.winner} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 1.5 }}>
      {children}
    </Typography>
  );
}

function RoundRobin({ tournament }: { tournament: Tournament }) {
  const names = tournament.participants.map((p) => p.name);
  const table = standings(names, tournament.matches);
  return (
    <>
      <SectionTitle>Tabla de posiciones</SectionTitle>
      <ScrollTable label="Tabla de posiciones" sx={{ mb: 3 }}>
        <Table size="small" aria-label="Tabla de posiciones">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 32, ...tight }}>#</TableCell>
              <TableCell sx={tight}>Jugador</TableCell>
              <TableCell align="right" sx={tight}>
                Victorias
              </TableCell>
              <TableCell align="right" sx={{ ...tight, ...wideOnly }}>
                Derrotas
              </TableCell>
              <TableCell align="right" sx={tight}>
                <Box
                  component="abbr"
                  title="% Victorias"
                  sx={{ display: { sm: 'none' }, textDecoration: 'none' }}
                >
                  % Vict.
                </Box>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  % Victorias
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {table.map((row, index) => (
              <TableRow key={row.player} selected={row.leader}>
                <TableCell sx={tight}>{index + 1}</TableCell>
                <TableCell sx={tight}>
                  <Box
                    sx={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 0.5,
                      fontWeight: row.leader ? 700 : 400,
                    }}
                  >
                    <Box
                      component="span"
                      title={row.player}
                      sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {row.player}
                    </Box>
                    {row.leader && (
                      <StarIcon fontSize="small" sx={{ color: 'secondary.main' }} titleAccess="Líder" />
                    )}
                  </Box>
                </TableCell>
                <TableCell align="right" sx={tight}>
                  {row.wins}
                </TableCell>
                <TableCell align="right" sx={{ ...tight, ...wideOnly }}>
                  {row.losses}
                </TableCell>
                <TableCell align="right" sx={tight}>
                  {row.winPercent}%
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTable>
      <SectionTitle>Partidas por ronda</SectionTitle>
      <Rounds rounds={buildRoundRobin(names, tournament.matches)} label="Rondas" />
    </>
  );
}

function Bracket({ tournament }: { tournament: Tournament }) {
  const names = tournament.participants.map((p) => p.name);
  if (names.length < 2) {
    return (
      <Typography color="text.secondary">
        Se necesitan al menos 2 participantes para armar el bracket.
      </Typography>
    );
  }
  switch (tournament.type) {
    case 'single_elimination':
      return <Rounds rounds={buildSingleElimination(names, tournament.matches)} label="Bracket" />;
    case 'double_elimination': {
      const bracket = buildDoubleElimination(names, tournament.matches);
      return (
        <>
          <SectionTitle>{DOUBLE_ELIMINATION_LABELS.winners}</SectionTitle>
          <Rounds rounds={bracket.winners} label={DOUBLE_ELIMINATION_LABELS.winners} />
          <SectionTitle>{DOUBLE_ELIMINATION_LABELS.losers}</SectionTitle>
          <Rounds rounds={bracket.losers} label={DOUBLE_ELIMINATION_LABELS.losers} />
          <SectionTitle>{DOUBLE_ELIMINATION_LABELS.grandFinal}</SectionTitle>
          <Box sx={{ width: { xs: 220, sm: 240 } }}>
            <BracketMatchCard
              player1={bracket.grandFinal.player1}
              player2={bracket.grandFinal.player2}
              winner={bracket.grandFinal.winner}
            />
          </Box>
        </>
      );
    }
    case 'round_robin':
      return <RoundRobin tournament={tournament} />;
  }
}

export default function BracketPage() {
  return (
    <TournamentScreen title="Bracket">{(tournament) => <Bracket tournament={tournament} />}</TournamentScreen>
  );
}
