import { useId, useState } from 'react';
import {
  Box,
  FormControl,
  InputLabel,
  Link as MuiLink,
  MenuItem,
  Paper,
  Select,
  Skeleton,
  Typography,
} from '@mui/material';
import { Link } from 'react-router';
import type { THeadToHead, TOpponentRecord } from '@mitos/domain/player-statistics';
import { useHeadToHead } from '../../../api/statistics';
import { formatListDate } from '../../../lib/list-date';
import { matchesText } from './rating-summary';
import { LoadError } from '../../../components/load-error';
import { FigureList } from '../../../components/figure-list';
import { PaletteChip } from '../../../components/palette-chip';

const NONE = '';

type Result = 'Victoria' | 'Derrota' | 'Empate';
const RESULT_COLOR: Record<Result, 'success' | 'error' | 'default'> = {
  Victoria: 'success',
  Derrota: 'error',
  Empate: 'default',
};

function resultOf(match: THeadToHead['recent'][number]): Result {
  if (match.won) return 'Victoria';
  return match.ownScore === match.opponentScore ? 'Empate' : 'Derrota';
}

function RecordFigures({ h2h }: { h2h: THeadToHead }) {
  const draws = h2h.matches - h2h.wins - h2h.losses;
  const figures: [string, string | number][] = [
    ['Partidas', h2h.matches],
    ['Victorias', h2h.wins],
    ['Derrotas', h2h.losses],
    ...(draws > 0 ? [['Empates', draws] as [string, number]] : []),
    ['% de victorias', `${h2h.winRate}%`],
  ];
  return <FigureList figures={figures} columns={{ xs: 2, sm: 4 }} valueSize="1.25rem" />;
}

function HeadToHeadResult({ userId, opponentId }: { userId: number; opponentId: number }) {
  const h2h = useHeadToHead(userId, opponentId);
  if (h2h.isPending) return <Skeleton variant="rounded" height={120} />;
  if (h2h.isError) {
    return <LoadError onRetry={() => void h2h.refetch()} />;
  }
  const data = h2h.data;
  if (data.matches === 0) {
    return (
      <Typography color="textSecondary">
        No hay partidas aprobadas contra {data.opponent.username}.
      </Typography>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <RecordFigures h2h={data} />
      <Box>
        <Typography component="h4" sx={{ fontWeight: 700, fontSize: '0.95rem', mb: 1 }}>
          Últimas partidas
        </Typography>
        <Box
          component="ul"
          aria-label={`Últimas partidas contra ${data.opponent.username}`}
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
        >
          {data.recent.map((match) => {
            const result = resultOf(match);
            return (
              <Box
                component="li"
                key={match.matchId}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              >
                <PaletteChip label={result} color={RESULT_COLOR[result]} style={{ minWidth: 76 }} />
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {match.ownScore}-{match.opponentScore}
                </Typography>
                <Typography component="span" variant="body2" color="textSecondary" sx={{ flex: 1 }}>
                  {formatListDate(match.matchDate)}
                </Typography>
                <MuiLink
                  component={Link}
                  to={`/match/${match.matchId}`}
                  variant="body2"
                  aria-label={`Ver partida del ${formatListDate(match.matchDate)}`}
                >
                  Ver partida
                </MuiLink>
              </Box>
            );
          })}
        </Box>
      </Box>
    </Paper>
  );
}

/** Cara a cara: the record and latest matches against one of the most played opponents. */
export function HeadToHead({ userId, opponents }: { userId: number; opponents: readonly TOpponentRecord[] }) {
  const id = useId();
  const [chosen, setChosen] = useState<string>(NONE);
  const opponentId = opponents.some((o) => String(o.opponent.id) === chosen) ? Number(chosen) : null;
  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Typography id={`${id}-title`} component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
        Cara a cara
      </Typography>
      <FormControl size="small" sx={{ minWidth: 220, maxWidth: '100%', justifySelf: 'start' }}>
        <InputLabel id={`${id}-label`}>Rival</InputLabel>
        <Select
          labelId={`${id}-label`}
          label="Rival"
          value={opponentId === null ? NONE : chosen}
          onChange={(e) => setChosen(e.target.value)}
        >
          <MenuItem value={NONE}>
            <em>Elige un rival</em>
          </MenuItem>
          {opponents.map((o) => (
            <MenuItem key={o.opponent.id} value={String(o.opponent.id)}>
              {o.opponent.username} ({matchesText(o.matches)})
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {opponentId === null ? (
        <Typography color="textSecondary">
          Elige uno de los rivales más frecuentes para ver el historial entre ambos.
        </Typography>
      ) : (
        <HeadToHeadResult userId={userId} opponentId={opponentId} />
      )}
    </Box>
  );
}
