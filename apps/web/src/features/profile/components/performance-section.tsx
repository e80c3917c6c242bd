import { memo, useId, useState } from 'react';
import {
  Box,
  Link as MuiLink,
  Paper,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { Link } from 'react-router';
import type {
  StatPeriod,
  TDeckRecord,
  TFormPoint,
  TMatchupRecord,
  TOpponentRecord,
  TPlayerStatistics,
  TRaceRecord,
  TStreaks,
} from '@mitos/domain/player-statistics';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { DataTable, type DataColumn } from '../../../components/charts/data-table';
import { FormChart, RecordBarsChart, SharePieChart } from '../../../components/charts/lazy-charts';
import { raceColor } from '../../../components/race-chip';
import { ScrollTable } from '../../../components/scroll-table';
import { usePlayerStatistics } from '../../../api/statistics';
import { useDrawnData } from '../../../lib/drawn-data';
import { formatStatPeriod } from '../../../lib/dates';
import { ProfileSection } from './profile-header';
import { RatingSummary } from './rating-summary';
import { HeadToHead } from './head-to-head';
import { LoadError } from '../../../components/load-error';
import { FigureList } from '../../../components/figure-list';

const pct = (n: number) => `${n}%`;

/** A column that may shrink below a wide table's width (the table scrolls in its own box). */
const narrowColumn = { display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)' } as const;

const PERIOD_NAME: Record<StatPeriod, string> = { week: 'semana', month: 'mes' };

/** "3 victorias", "1 derrota". */
function runText(kind: 'win' | 'loss', length: number): string {
  const [one, many] = kind === 'win' ? ['victoria', 'victorias'] : ['derrota', 'derrotas'];
  return `${length} ${length === 1 ? one : many}`;
}

function SubHeading({ id, children }: { id?: string; children: string }) {
  return (
    <Typography id={id} component="h3" sx={{ fontWeight: 700, fontSize: '1rem' }}>
      {children}
    </Typography>
  );
}

/** Racha actual, the longest winning run and the longest losing run. */
function Streaks({ streaks }: { streaks: TStreaks }) {
  const id = useId();
  const figures: [string, string][] = [
    ['Racha actual', streaks.current ? runText(streaks.current.kind, streaks.current.length) : 'Sin racha'],
    ['Mejor racha de victorias', runText('win', streaks.longestWin)],
    ['Peor racha de derrotas', runText('loss', streaks.longestLoss)],
  ];
  return (
    <Box component="section" aria-labelledby={id} sx={narrowColumn}>
      <SubHeading id={id}>Rachas</SubHeading>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <FigureList figures={figures} columns={{ xs: 1, sm: 3 }} valueSize="1.15rem" />
      </Paper>
    </Box>
  );
}

const FORM_COLUMNS = (period: StatPeriod): DataColumn<TFormPoint>[] => [
  { header: 'Período', cell: (p) => formatStatPeriod(p.period, period) },
  { header: 'Partidas', cell: (p) => p.matches, numeric: true },
  { header: 'Victorias', cell: (p) => p.wins, numeric: true },
  { header: '% victorias', cell: (p) => pct(p.winRate), numeric: true },
  { header: 'Mitos Rating', cell: (p) => p.rating ?? 'Sin rating', numeric: true },
];

function FormFigure({
  form,
  shown,
  period,
  onPeriod,
  busy,
}: {
  form: readonly TFormPoint[];
  /** The periods of `form` (the previous choice's while the new one loads). */
  shown: StatPeriod;
  /** The periods chosen. */
  period: StatPeriod;
  onPeriod: (period: StatPeriod) => void;
  busy: boolean;
}) {
  return (
    <Box aria-busy={busy} sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 0.2s' }}>
      <ChartFigure
        title="Forma"
        description={`Mitos Rating histórico al final de cada ${PERIOD_NAME[shown]} y porcentaje de victorias.`}
        height={380}
        actions={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            aria-label="Agrupar por"
            onChange={(_, next: StatPeriod | null) => next && onPeriod(next)}
          >
            <ToggleButton value="week">Semana</ToggleButton>
            <ToggleButton value="month">Mes</ToggleButton>
          </ToggleButtonGroup>
        }
        chart={
          <FormChart
            points={form.map((p) => ({
              label: formatStatPeriod(p.period, shown, 'short'),
              rating: p.rating,
              winRate: p.winRate,
            }))}
          />
        }
        table={<DataTable label="Forma" columns={FORM_COLUMNS(shown)} rows={form} rowKey={(p) => p.period} />}
      />
    </Box>
  );
}

const deckName = (d: TDeckRecord) => (d.deckId === null ? `${d.name} (eliminado)` : d.name);

const DECK_COLUMNS: DataColumn<TDeckRecord>[] = [
  { header: 'Mazo', cell: deckName },
  { header: 'Raza', cell: (d) => d.raza },
  { header: 'Partidas', cell: (d) => d.matches, numeric: true },
  { header: 'Victorias', cell: (d) => d.wins, numeric: true },
  { header: '% victorias', cell: (d) => pct(d.winRate), numeric: true },
];

const RACE_COLUMNS: DataColumn<TRaceRecord>[] = [
  { header: 'Raza', cell: (r) => r.race },
  { header: 'Partidas', cell: (r) => r.matches, numeric: true },
  { header: 'Victorias', cell: (r) => r.wins, numeric: true },
  { header: '% victorias', cell: (r) => pct(r.winRate), numeric: true },
];

/** Own race against the opponent's race, the win rate's cell tinted from red (losing) to green. */
function Matchups({ matchups }: { matchups: readonly TMatchupRecord[] }) {
  const theme = useTheme();
  const id = useId();
  const heat = (m: TMatchupRecord) => {
    const lean = (m.winRate - 50) / 50;
    const color = lean >= 0 ? theme.palette.success.main : theme.palette.error.main;
    return { bgcolor: alpha(color, 0.1 + 0.35 * Math.abs(lean)), fontWeight: 700 };
  };
  const columns: DataColumn<TMatchupRecord>[] = [
    // Four narrow columns: the percentage stays in sight on a 360 px phone.
    { header: 'Tu raza', cell: (m) => m.ownRace },
    { header: 'Rival', cell: (m) => m.opponentRace },
    { header: 'Ganadas', cell: (m) => `${m.wins} de ${m.matches}`, numeric: true },
    { header: '%', cell: (m) => pct(m.winRate), numeric: true, sx: heat },
  ];
  return (
    <Box component="section" aria-labelledby={id} sx={narrowColumn}>
      <SubHeading id={id}>Enfrentamientos por raza</SubHeading>
      <Typography variant="body2" color="textSecondary">
        Cada raza jugada contra cada raza rival. El color del porcentaje va del rojo (pierde más) al verde
        (gana más).
      </Typography>
      <ScrollTable label="Tabla: Enfrentamientos por raza">
        <DataTable
          label="Enfrentamientos por raza"
          columns={columns}
          rows={matchups}
          rowKey={(m) => `${m.ownRace}-${m.opponentRace}`}
        />
      </ScrollTable>
    </Box>
  );
}

const OPPONENT_COLUMNS: DataColumn<TOpponentRecord>[] = [
  {
    header: 'Rival',
    cell: (o) => (
      <MuiLink component={Link} to={`/user/${o.opponent.id}`}>
        {o.opponent.username}
      </MuiLink>
    ),
  },
  { header: 'Partidas', cell: (o) => o.matches, numeric: true },
  { header: 'Victorias', cell: (o) => o.wins, numeric: true },
  { header: '%', cell: (o) => pct(o.winRate), numeric: true },
];

function Opponents({ opponents }: { opponents: readonly TOpponentRecord[] }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={narrowColumn}>
      <SubHeading id={id}>Rivales más frecuentes</SubHeading>
      <ScrollTable label="Tabla: Rivales más frecuentes">
        <DataTable
          label="Rivales más frecuentes"
          columns={OPPONENT_COLUMNS}
          rows={opponents}
          rowKey={(o) => o.opponent.id}
        />
      </ScrollTable>
    </Box>
  );
}

/** Memoised: the section's render with the previous answer (see PerformanceSection) costs nothing. */
const StatisticsBody = memo(function StatisticsBody({
  userId,
  stats,
  period,
  onPeriod,
  busy,
}: {
  userId: number;
  stats: TPlayerStatistics;
  period: StatPeriod;
  onPeriod: (period: StatPeriod) => void;
  busy: boolean;
}) {
  return (
    <>
      <Streaks streaks={stats.streaks} />
      <FormFigure form={stats.form} shown={stats.period} period={period} onPeriod={onPeriod} busy={busy} />
      {stats.byDeck.length > 0 && (
        <ChartFigure
          title="Resultados por mazo"
          description="Partidas de cada mazo: victorias en verde; derrotas y empates en rojo."
          chart={
            <RecordBarsChart
              items={stats.byDeck.map((d) => ({ label: deckName(d), matches: d.matches, wins: d.wins }))}
            />
          }
          table={
            <DataTable
              label="Resultados por mazo"
              columns={DECK_COLUMNS}
              rows={stats.byDeck}
              rowKey={(d, i) => d.deckId ?? `sin-id-${i}`}
            />
          }
        />
      )}
      {stats.byRace.length > 0 && (
        <ChartFigure
          title="Resultados por raza"
          description="Cuántas partidas jugó con cada raza."
          chart={
            <SharePieChart
              items={stats.byRace.map((r) => ({ label: r.race, value: r.matches, color: raceColor(r.race) }))}
            />
          }
          table={
            <DataTable
              label="Resultados por raza"
              columns={RACE_COLUMNS}
              rows={stats.byRace}
              rowKey={(r) => r.race}
            />
          }
        />
      )}
      {stats.matchups.length > 0 && <Matchups matchups={stats.matchups} />}
      {stats.opponents.length > 0 && (
        <>
          <Opponents opponents={stats.opponents} />
          <HeadToHead userId={userId} opponents={stats.opponents} />
        </>
      )}
    </>
  );
});

/**
 * Rendimiento of a profile (issue 17): Mitos Rating (all-time and season), streaks, form over
 * time, results by deck and race, race matchups, most played opponents and a head-to-head.
 * Numbers and tables paint first; the charts' code follows on demand.
 */
export function PerformanceSection({ userId, own = false }: { userId: number; own?: boolean }) {
  const [period, setPeriod] = useState<StatPeriod>('month');
  const stats = usePlayerStatistics(userId, { period });
  // The tables and charts draw in a transition, in slices, not in the query update's one long
  // task (docs/decisions/029); until then the skeleton stays.
  const { drawn: data } = useDrawnData(stats.data);
  return (
    <ProfileSection title="Rendimiento">
      <RatingSummary userId={userId} />
      {(stats.isPending || (stats.data && !data)) && (
        <Box aria-busy aria-label="Cargando rendimiento" sx={{ display: 'grid', gap: 1.5 }}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
      {stats.isError && <LoadError onRetry={() => void stats.refetch()} />}
      {data &&
        (data.totals.matches === 0 ? (
          <Typography color="textSecondary">
            {own
              ? 'Todavía no tienes partidas aprobadas. Cuando juegues y se aprueben, aquí verás tu forma, tus mazos, tus rivales y tus rachas.'
              : 'Todavía no tiene partidas aprobadas.'}
          </Typography>
        ) : (
          <StatisticsBody
            userId={userId}
            stats={data}
            period={period}
            onPeriod={setPeriod}
            busy={stats.isPlaceholderData}
          />
        ))}
    </ProfileSection>
  );
}
