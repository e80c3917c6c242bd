import {
  Box,
  Chip,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { TTournament } from '@mitos/domain/tournaments';
import { useTournamentStandings } from '../../api/tournaments';
import { PODIUM_ROWS_SX, PodiumPlace, podiumTint } from '../../components/ranking-table';
import { ScrollTable } from '../../components/scroll-table';
import { TournamentLoadError, TournamentScreen } from './components/tournament-screen';
import { formatPercent, PARTICIPANT_STATUS_LABELS, TOURNAMENT_MSG } from './tournament-view';

/**
 * The standings' styles, once for the table rather than an `sx` on every cell: a tournament of
 * 256 players draws 256 rows of seven cells. The cells carry these classes (as the rankings'
 * table does, components/ranking-table.tsx).
 */
const C = {
  num: 'standings__num',
  who: 'standings__who',
  points: 'standings__points',
} as const;

const TABLE_SX = {
  '& th, & td': { px: { xs: 0.75, sm: 2 } },
  '& thead th:first-of-type': { width: 48 },
  [`& .${C.num}`]: { textAlign: 'right', whiteSpace: 'nowrap' },
  [`& .${C.points}`]: { fontWeight: 700 },
  [`& .${C.who}`]: { display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' },
  [`& .${C.who} > p`]: { fontWeight: 600, overflowWrap: 'break-word' },
  ...PODIUM_ROWS_SX,
} as const;

const TIEBREAKERS = [
  { key: 'omwp', label: 'OMW%', meaning: 'promedio del porcentaje de partidas ganadas de tus rivales' },
  { key: 'gwp', label: 'GW%', meaning: 'porcentaje de juegos ganados' },
  { key: 'ogwp', label: 'OGW%', meaning: 'promedio del porcentaje de juegos ganados de tus rivales' },
] as const;

/** What each Swiss tiebreaker means, in the order they break ties after the points. */
function TiebreakerLegend() {
  return (
    <Box component="section" aria-label="Desempates" sx={{ mt: 2, color: 'text.secondary' }}>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        Los empates en puntos se desempatan en este orden:
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
      >
        {TIEBREAKERS.map((t) => (
          <Box key={t.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
              {t.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {t.meaning}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        Cada porcentaje cuenta como mínimo 33 %.
      </Typography>
    </Box>
  );
}

/**
 * Posiciones (GET standings): #, Jugador, V-D-E and Puntos, plus the tiebreakers of a Swiss;
 * the top three tinted gold, silver and bronze, dropped players marked Abandonó.
 */
function Standings({ tournament }: { tournament: TTournament }) {
  const standings = useTournamentStandings(tournament.id);
  if (standings.isError) {
    return (
      <TournamentLoadError
        error={standings.error}
        notFound={TOURNAMENT_MSG.notFound}
        retry={standings.refetch}
      />
    );
  }
  if (!standings.data) return <CircularProgress aria-label="Cargando posiciones" />;
  const { rows, kind, round } = standings.data;
  if (rows.length === 0) {
    return <Typography color="textSecondary">Las posiciones aparecen cuando comienza el torneo.</Typography>;
  }
  const swiss = kind === 'swiss';
  return (
    <>
      <Typography color="textSecondary" sx={{ mb: 1.5 }}>
        {round === 0
          ? 'Todavía no hay resultados'
          : kind === 'elimination'
            ? 'Ordenadas por cuánto avanzó cada jugador en el bracket'
            : `Después de la ronda ${round}`}
      </Typography>
      <ScrollTable label="Posiciones del torneo">
        <Table
          size="small"
          aria-label="Posiciones del torneo"
          sx={swiss ? { ...TABLE_SX, minWidth: 520 } : TABLE_SX}
        >
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Jugador</TableCell>
              <TableCell className={C.num}>
                <abbr title="Victorias-Derrotas-Empates">V-D-E</abbr>
              </TableCell>
              <TableCell className={C.num}>Puntos</TableCell>
              {swiss &&
                TIEBREAKERS.map((t) => (
                  <TableCell key={t.key} className={C.num}>
                    {t.label}
                  </TableCell>
                ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const tint = podiumTint(row.rank);
              return (
                <TableRow key={row.player.id} data-tint={tint ?? undefined}>
                  <TableCell>
                    <PodiumPlace rank={row.rank} />
                  </TableCell>
                  <TableCell>
                    <div className={C.who}>
                      <Typography variant="body2">{row.player.username}</Typography>
                      {row.dropped && (
                        <Chip size="small" variant="outlined" label={PARTICIPANT_STATUS_LABELS.dropped} />
                      )}
                    </div>
                  </TableCell>
                  <TableCell className={C.num}>
                    {row.wins}-{row.losses}-{row.draws}
                  </TableCell>
                  <TableCell className={`${C.num} ${C.points}`}>{row.matchPoints}</TableCell>
                  {swiss &&
                    TIEBREAKERS.map((t) => (
                      <TableCell key={t.key} className={C.num}>
                        {formatPercent(row[t.key])}
                      </TableCell>
                    ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollTable>
      {swiss && <TiebreakerLegend />}
    </>
  );
}

export default function LeaderboardPage() {
  return (
    <TournamentScreen title="Posiciones">
      {(tournament) => <Standings tournament={tournament} />}
    </TournamentScreen>
  );
}
