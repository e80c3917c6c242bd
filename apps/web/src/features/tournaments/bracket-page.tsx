import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import StarIcon from '@mui/icons-material/Star';
import { Link } from 'react-router';
import type { TBracketView, TTournament } from '@mitos/domain/tournaments';
import { useTournamentBracket, useTournamentStandings } from '../../api/tournaments';
import { ScrollTable } from '../../components/scroll-table';
import { BracketMatchCard } from './components/bracket-match-card';
import { TournamentLoadError, TournamentScreen } from './components/tournament-screen';
import { BRACKET_GROUP_LABELS, roundRobinTable, TOURNAMENT_MSG } from './tournament-view';

type BracketStage = TBracketView['stages'][number];
type BracketRound = BracketStage['groups'][number]['rounds'][number];

/** On a phone the table keeps #, player, wins and percentage; losses need a wider screen. */
const tight = { px: { xs: 1, sm: 2 } } as const;
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * Rounds side by side, each under the server's label (Primera Ronda… Semifinales, Final). On a
 * phone the row scrolls sideways inside itself, never the page, a round snapping into place.
 */
function Rounds({ rounds, label }: { rounds: BracketRound[]; label: string }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        display: 'flex',
        gap: 2,
        overflowX: 'auto',
        pb: 1,
        mb: 3,
        scrollSnapType: 'x proximity',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
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
              <BracketMatchCard key={m.id} match={m} />
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

/** SPEC §2 round robin: the table (sorted by wins, win %, the leader marked), then each Fecha. */
function RoundRobin({ tournament, stage }: { tournament: TTournament; stage: BracketStage }) {
  const standings = useTournamentStandings(tournament.id);
  const rounds = stage.groups.flatMap((g) => g.rounds);
  return (
    <>
      <SectionTitle>Tabla de posiciones</SectionTitle>
      {standings.isError ? (
        <TournamentLoadError
          error={standings.error}
          notFound={TOURNAMENT_MSG.notFound}
          retry={standings.refetch}
        />
      ) : !standings.data ? (
        <CircularProgress aria-label="Cargando posiciones" />
      ) : (
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
              {roundRobinTable(standings.data.rows).map((row, index) => (
                <TableRow key={row.id} selected={row.leader}>
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
                        title={row.username}
                        sx={{
                          minWidth: 0,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {row.username}
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
      )}
      <SectionTitle>Partidas por fecha</SectionTitle>
      <Rounds rounds={rounds} label="Fechas" />
    </>
  );
}

/** An elimination stage: one bracket, or a double elimination's winners, losers and grand final. */
function Elimination({ stage }: { stage: BracketStage }) {
  if (stage.type === 'single_elimination') {
    return <Rounds rounds={stage.groups.flatMap((g) => g.rounds)} label={BRACKET_GROUP_LABELS.main} />;
  }
  return (
    <>
      {stage.groups.map((g) => (
        <Box key={g.group}>
          <SectionTitle>{BRACKET_GROUP_LABELS[g.group]}</SectionTitle>
          <Rounds rounds={g.rounds} label={BRACKET_GROUP_LABELS[g.group]} />
        </Box>
      ))}
    </>
  );
}

function SwissNote({ tournament }: { tournament: TTournament }) {
  return (
    <Alert severity="info">
      Un torneo suizo se juega por rondas, sin bracket
      {tournament.topCut > 0 && ` hasta armar el Top ${tournament.topCut}`}. Sus emparejamientos están en
      Partidas y la tabla en Posiciones.
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button component={Link} to={`/tournaments/${tournament.id}/matches`} size="small" variant="outlined">
          Partidas
        </Button>
        <Button
          component={Link}
          to={`/tournaments/${tournament.id}/leaderboard`}
          size="small"
          variant="outlined"
        >
          Posiciones
        </Button>
      </Box>
    </Alert>
  );
}

function Bracket({ tournament }: { tournament: TTournament }) {
  const bracket = useTournamentBracket(tournament.id);
  if (bracket.isError) {
    return (
      <TournamentLoadError error={bracket.error} notFound={TOURNAMENT_MSG.notFound} retry={bracket.refetch} />
    );
  }
  if (!bracket.data) return <CircularProgress aria-label="Cargando bracket" />;
  const { stages, champion } = bracket.data;
  const playoff = stages.find((s) => s.stage === 'playoff');
  const main = stages.find((s) => s.stage === 'main');

  let body;
  if (tournament.type === 'swiss') {
    body = playoff ? (
      <>
        <SectionTitle>
          {tournament.topCut > 0 ? `Top ${tournament.topCut}` : 'Eliminación final'}
        </SectionTitle>
        <Elimination stage={playoff} />
      </>
    ) : (
      <SwissNote tournament={tournament} />
    );
  } else if (!main) {
    body = <Typography color="textSecondary">El bracket se arma cuando comienza el torneo.</Typography>;
  } else if (main.type === 'round_robin') {
    body = <RoundRobin tournament={tournament} stage={main} />;
  } else {
    body = <Elimination stage={main} />;
  }

  return (
    <>
      {champion && (
        <Alert icon={<EmojiEventsIcon />} severity="success" sx={{ mb: 2 }}>
          Campeón: {champion.username}
        </Alert>
      )}
      {body}
    </>
  );
}

export default function BracketPage() {
  return (
    <TournamentScreen title="Bracket">{(tournament) => <Bracket tournament={tournament} />}</TournamentScreen>
  );
}
