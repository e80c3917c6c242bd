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
import { alpha } from '@mui/material/styles';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import type { TTournament } from '@mitos/domain/tournaments';
import { useTournamentStandings } from '../../api/tournaments';
import { PODIUM_COLORS, podiumTint } from '../../components/ranking-table';
import { ScrollTable } from '../../components/scroll-table';
import { TournamentLoadError, TournamentScreen } from './components/tournament-screen';
import { formatPercent, PARTICIPANT_STATUS_LABELS, TOURNAMENT_MSG } from './tournament-view';

const numeric = { textAlign: 'right', px: { xs: 0.75, sm: 2 }, whiteSpace: 'nowrap' } as const;
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
    return <Typography color="text.secondary">Las posiciones aparecen cuando comienza el torneo.</Typography>;
  }
  const swiss = kind === 'swiss';
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {round === 0
          ? 'Todavía no hay resultados'
          : kind === 'elimination'
            ? 'Ordenadas por cuánto avanzó cada jugador en el bracket'
            : `Después de la ronda ${round}`}
      </Typography>
      <ScrollTable label="Posiciones del torneo">
        <Table size="small" aria-label="Posiciones del torneo" sx={{ minWidth: swiss ? 520 : undefined }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 48, px: { xs: 0.75, sm: 2 } }}>#</TableCell>
              <TableCell sx={{ px: { xs: 0.75, sm: 2 } }}>Jugador</TableCell>
              <TableCell sx={numeric}>
                <abbr title="Victorias-Derrotas-Empates">V-D-E</abbr>
              </TableCell>
              <TableCell sx={numeric}>Puntos</TableCell>
              {swiss &&
                TIEBREAKERS.map((t) => (
                  <TableCell key={t.key} sx={numeric}>
                    {t.label}
                  </TableCell>
                ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const tint = podiumTint(row.rank);
              const color = tint ? PODIUM_COLORS[tint] : undefined;
              return (
                <TableRow
                  key={row.player.id}
                  data-tint={tint ?? undefined}
                  sx={
                    color
                      ? {
                          bgcolor: alpha(color, 0.14),
                          '& > td:first-of-type': { boxShadow: `inset 4px 0 ${color}` },
                        }
                      : undefined
                  }
                >
                  <TableCell sx={{ px: { xs: 0.75, sm: 2 } }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
                      {color && <EmojiEventsIcon sx={{ color, fontSize: { xs: 16, sm: 20 } }} aria-hidden />}
                      <Typography component="span" variant="body2" sx={{ fontWeight: tint ? 700 : 400 }}>
                        {row.rank}
                      </Typography>
                    </Box>
                  </TableCell>
                  <TableCell sx={{ px: { xs: 0.75, sm: 2 } }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {row.player.username}
                      </Typography>
                      {row.dropped && (
                        <Chip size="small" variant="outlined" label={PARTICIPANT_STATUS_LABELS.dropped} />
                      )}
                    </Box>
                  </TableCell>
                  <TableCell sx={numeric}>
                    {row.wins}-{row.losses}-{row.draws}
                  </TableCell>
                  <TableCell sx={{ ...numeric, fontWeight: 700 }}>{row.matchPoints}</TableCell>
                  {swiss &&
                    TIEBREAKERS.map((t) => (
                      <TableCell key={t.key} sx={numeric}>
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
