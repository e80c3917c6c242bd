import { Suspense, useId, useState, type ReactNode } from 'react';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import BarChartIcon from '@mui/icons-material/BarChart';
import TableChartIcon from '@mui/icons-material/TableChart';
import { ScrollTable } from '../scroll-table';
import { visuallyHidden } from '../../lib/visually-hidden';

export interface ChartFigureProps {
  /** The figure's name: its caption, and the name of its table. */
  title: string;
  /** The heading level of the caption within the page. */
  headingLevel?: 'h2' | 'h3';
  /** One line under the title saying what the chart shows. */
  description?: ReactNode;
  /** Controls beside the title (a period toggle…). */
  actions?: ReactNode;
  /** The chart: drawn for the eye only; the table says the same to everyone. */
  chart: ReactNode;
  /** The same numbers as a table, with an accessible name. */
  table: ReactNode;
  /** The chart's height while its code loads. */
  height?: number;
}

/**
 * A chart with its table: the chart is hidden from screen readers, which read the table instead
 * (kept in the page, out of sight); Ver tabla shows the table to everyone, Ver gráfico brings
 * the chart back. The chart's code loads on demand (the caller passes a lazy chart), so a
 * skeleton holds its place meanwhile.
 */
export function ChartFigure({
  title,
  headingLevel = 'h3',
  description,
  actions,
  chart,
  table,
  height = 240,
}: ChartFigureProps) {
  const id = useId();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const showTable = view === 'table';
  return (
    <Box
      component="figure"
      aria-labelledby={`${id}-title`}
      sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography
          id={`${id}-title`}
          component={headingLevel}
          sx={{ fontWeight: 700, fontSize: '1rem', flex: '1 1 auto' }}
        >
          {title}
        </Typography>
        {actions}
        <Button
          size="small"
          variant="text"
          startIcon={showTable ? <BarChartIcon aria-hidden /> : <TableChartIcon aria-hidden />}
          // The visible words first, then which figure: several figures share a page.
          aria-label={`${showTable ? 'Ver gráfico' : 'Ver tabla'} de ${title}`}
          aria-controls={`${id}-body`}
          onClick={() => setView(showTable ? 'chart' : 'table')}
        >
          {showTable ? 'Ver gráfico' : 'Ver tabla'}
        </Button>
      </Box>
      {description && (
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      )}
      <Box id={`${id}-body`} sx={{ minWidth: 0, position: 'relative' }}>
        {showTable ? (
          <ScrollTable label={`Tabla: ${title}`}>{table}</ScrollTable>
        ) : (
          <>
            <Box aria-hidden data-testid="chart" sx={{ minWidth: 0 }}>
              <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{chart}</Suspense>
            </Box>
            <Box sx={visuallyHidden}>{table}</Box>
          </>
        )}
      </Box>
    </Box>
  );
}
