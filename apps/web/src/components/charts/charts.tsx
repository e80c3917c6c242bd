import { Box, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';

/**
 * The charts of the statistics screens (@mui/x-charts). This module is loaded on demand through
 * lazy-charts (the library is large); each chart has a table beside it (ChartFigure), so the
 * charts themselves are for the eye only.
 */

/** @mui/x-charts has no Spanish texts of its own. */
const localeText = { noData: 'Sin datos', loading: 'Cargando…' };
/** Whole numbers as Spanish writes them (1.500), on the axes and in the tooltips. */
const integer = (value: number | null) => (value === null ? '' : value.toLocaleString('es-AR'));

const percent = (v: number | null) => (v === null ? '' : `${v}%`);

/** Long names would eat a phone's width: the axis shows their start, the tooltip and table the whole. */
function shortTick(name: string, context: { location: string }): string {
  const chars = Array.from(name);
  return context.location === 'tick' && chars.length > 14 ? `${chars.slice(0, 13).join('')}…` : name;
}

export interface FormPointView {
  /** The period as the axis shows it. */
  label: string;
  rating: number | null;
  winRate: number;
}

/** Form over time: the Mitos Rating line (when there is one) and the win rate of each period. */
export function FormChart({ points }: { points: readonly FormPointView[] }) {
  const theme = useTheme();
  const labels = points.map((p) => p.label);
  const rated = points.some((p) => p.rating !== null);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {rated && (
        <LineChart
          height={200}
          // Room for the last period's label, centred on the right edge.
          margin={{ right: 24 }}
          localeText={localeText}
          // The table beside it is the accessible reading: the chart, hidden from screen readers, takes no focus.
          disableKeyboardNavigation
          xAxis={[{ scaleType: 'point', data: labels }]}
          yAxis={[{ width: 48, valueFormatter: integer }]}
          series={[
            {
              data: points.map((p) => p.rating),
              label: 'Mitos Rating',
              valueFormatter: integer,
              color: theme.palette.secondary.main,
              connectNulls: true,
            },
          ]}
        />
      )}
      <BarChart
        height={180}
        localeText={localeText}
        // The table beside it is the accessible reading: the chart, hidden from screen readers, takes no focus.
        disableKeyboardNavigation
        xAxis={[{ scaleType: 'band', data: labels }]}
        yAxis={[{ min: 0, max: 100, width: 48, valueFormatter: percent }]}
        series={[
          {
            data: points.map((p) => p.winRate),
            label: '% de victorias',
            color: theme.palette.primary.main,
            valueFormatter: percent,
          },
        ]}
      />
    </Box>
  );
}

export interface RecordView {
  label: string;
  matches: number;
  wins: number;
}

/** Each item's matches as one bar: its wins, then the rest (losses and draws). */
export function RecordBarsChart({ items }: { items: readonly RecordView[] }) {
  const theme = useTheme();
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(160, items.length * 36 + 72)}
      localeText={localeText}
      // The table beside it is the accessible reading: the chart, hidden from screen readers, takes no focus.
      disableKeyboardNavigation
      yAxis={[{ scaleType: 'band', data: items.map((i) => i.label), width: 104, valueFormatter: shortTick }]}
      xAxis={[{ tickMinStep: 1 }]}
      series={[
        {
          data: items.map((i) => i.wins),
          label: 'Victorias',
          stack: 'record',
          color: theme.palette.success.main,
        },
        {
          data: items.map((i) => i.matches - i.wins),
          label: 'Derrotas y empates',
          stack: 'record',
          color: theme.palette.error.main,
        },
      ]}
    />
  );
}

export interface ShareView {
  label: string;
  value: number;
  color?: string;
}

/** How a whole splits (matches by race): a ring of shares. */
export function SharePieChart({ items }: { items: readonly ShareView[] }) {
  return (
    <PieChart
      height={240}
      localeText={localeText}
      // The table beside it is the accessible reading: the chart, hidden from screen readers, takes no focus.
      disableKeyboardNavigation
      series={[
        {
          data: items.map((i, index) => ({ id: index, value: i.value, label: i.label, color: i.color })),
          innerRadius: 48,
          paddingAngle: 1,
          cornerRadius: 4,
        },
      ]}
    />
  );
}

export interface PercentSeries {
  label: string;
  data: readonly number[];
  color?: string;
}

/** Percentages of each category, side by side (a race's share and its win rate). */
export function PercentBarsChart({
  categories,
  series,
}: {
  categories: readonly string[];
  series: readonly PercentSeries[];
}) {
  const theme = useTheme();
  const colors = [theme.palette.primary.main, theme.palette.success.main, theme.palette.secondary.main];
  return (
    <BarChart
      layout="horizontal"
      height={Math.max(180, categories.length * 44 + 72)}
      localeText={localeText}
      // The table beside it is the accessible reading: the chart, hidden from screen readers, takes no focus.
      disableKeyboardNavigation
      yAxis={[{ scaleType: 'band', data: [...categories], width: 96, valueFormatter: shortTick }]}
      xAxis={[{ min: 0, max: 100, valueFormatter: percent }]}
      series={series.map((s, i) => ({
        data: [...s.data],
        label: s.label,
        color: s.color ?? colors[i % colors.length],
        valueFormatter: percent,
      }))}
    />
  );
}
